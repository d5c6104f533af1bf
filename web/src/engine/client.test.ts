import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabClient } from './client';
import { LabHost } from './host';
import type { Endpoint, Progress } from './protocol';
import { serve } from './serve';
import { describeForTests, EVERY_CALL_A_SLICE, loadEngineForTests, SHORT } from './testing';

beforeAll(loadEngineForTests);

// The worker protocol over a real MessageChannel: structured clone and transfer as in a browser.
const channel = new MessageChannel();
const transferred: ArrayBuffer[] = [];
const workerSide: Endpoint = {
  postMessage(message, transfer) {
    channel.port1.postMessage(message, transfer);
    transferred.push(...(transfer as ArrayBuffer[]));
  },
  addEventListener: (type, listener) => channel.port1.addEventListener(type, listener),
  start: () => channel.port1.start(),
};
serve(workerSide, new LabHost());
const lab = new LabClient(channel.port2);

afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

describe('LabClient ↔ worker protocol', () => {
  it('round-trips every operation and transfers frame buffers', async () => {
    expect(await lab.load(SHORT, 3)).toMatchObject({ ok: true, seed: 3 });
    const f = await lab.frame(1e9);
    expect(f.nowNs).toBe(1e9);
    expect(f.trace.t).toBeInstanceOf(Float64Array);
    expect(f.trace.t.length).toBeGreaterThan(0);
    expect(f.sections.mob.columns.page).toBeInstanceOf(Uint32Array);
    expect(transferred.length).toBeGreaterThanOrEqual(16);
    expect(transferred.every((b) => b.byteLength === 0)).toBe(true); // detached: moved, not copied
    expect((await lab.step()).events).toBe(f.events + 1);
    const flusherStart = describeForTests().records.find((r) => r.name === 'flusher_start')!.id;
    const s = await lab.stepToKind(flusherStart, 10e9);
    expect(Array.from(s.trace.kind)).toContain(flusherStart);
    expect((await lab.seek(0.5e9)).reset).toBe(true);
    expect((await lab.reset()).nowNs).toBe(0);
    expect((await lab.summary()).traceHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers concurrent calls in order, each with its own reply', async () => {
    await lab.load(SHORT);
    const frames = await Promise.all([lab.frame(0.2e9), lab.frame(0.4e9), lab.step()]);
    expect(frames.map((f) => f.nowNs).slice(0, 2)).toEqual([0.2e9, 0.4e9]);
    expect(frames[2].events).toBe(frames[1].events + 1);
  });

  it('tells the end of a run its load did not know, found after the load answered, and not an earlier load\'s', async () => {
    const ch = new MessageChannel();
    serve(ch.port1, new LabHost());
    const client = new LabClient(ch.port2);
    const told: (number | null)[] = [];
    client.onEnd = (endNs) => told.push(endNs);
    const waits = SHORT.replace('warmup_flusher_passes = 0', 'warmup_flusher_passes = 2');
    const r = await client.load(waits);
    expect(r).toMatchObject({ ok: true, endNs: null });
    await expect.poll(() => told.length).toBe(1);
    const end = await client.seek(r.ok ? r.longestEndNs : 0);
    expect(end.finished).toBe(true);
    expect(told).toEqual([end.nowNs]);
    // A second load before the first's end is found: only the second's is told.
    await Promise.all([client.load(waits, 5), client.load(waits, 6)]);
    await expect.poll(() => told.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told.length).toBe(2);
    const second = await client.seek(r.ok ? r.longestEndNs : 0);
    expect(told[1]).toBe(second.nowNs);
    ch.port1.close();
    ch.port2.close();
  });

  it('rejects with the error message', async () => {
    const fresh = new MessageChannel();
    serve(fresh.port1, new LabHost());
    const client = new LabClient(fresh.port2);
    await expect(client.frame(1)).rejects.toThrow(/no scenario/);
    expect(await client.load('[client]\ncount = "x"\n')).toMatchObject({ ok: false });
    fresh.port1.close();
    fresh.port2.close();
  });

  it('answers every request with the reason when the engine failed to load (issue 12)', async () => {
    const failed = new MessageChannel();
    serve(failed.port1, new LabHost(), Promise.reject(new Error('no WebAssembly here')));
    const client = new LabClient(failed.port2);
    await expect(client.load(SHORT)).rejects.toThrow('the engine failed to load: no WebAssembly here');
    await expect(client.frame(1)).rejects.toThrow('the engine failed to load');
    failed.port1.close();
    failed.port2.close();
  });

  it('reports the progress of long work, and a cancel stops it where it is (issue 12)', async () => {
    const ch = new MessageChannel();
    serve(ch.port1, new LabHost(EVERY_CALL_A_SLICE));
    const client = new LabClient(ch.port2);
    await client.load(SHORT);
    const seen: Progress[] = [];
    const stopped = await client.seek(3e9, (p) => {
      seen.push(p);
      if (seen.length === 2) client.cancel();
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(stopped.nowNs).toBe(seen.at(-1)!.nowNs);
    expect(stopped.nowNs).toBeLessThan(3e9);
    // A call made after the cancel is not canceled.
    expect((await client.seek(3e9)).nowNs).toBe(3e9);
    ch.port1.close();
    ch.port2.close();
  });
});
