import { beforeAll, describe, expect, it } from 'vitest';
import { LabHost } from './host';
import { MAX_CHECKPOINTS } from './checkpoints';
import { describeForTests, EVERY_CALL_A_SLICE, loadEngineForTests, SHORT } from './testing';
import type { Frame, LoadResult, SystemDescription } from './types';
import type { Progress } from './protocol';
import { mobFrame } from '../systems/mob/mobFrame';
import { kindIds } from '../views/lib/describe';

let K: Record<'mob_insert' | 'flusher_start', number>;
let d: SystemDescription;
beforeAll(async () => {
  await loadEngineForTests();
  d = describeForTests();
  K = kindIds(d, ['mob_insert', 'flusher_start']);
});

async function loaded(text = SHORT, seed?: number): Promise<LabHost> {
  const host = new LabHost();
  const r = await host.load(text, seed);
  expect(r.ok).toBe(true);
  return host;
}

/** What identifies a state: everything in the frame but the trace batch and the reset flag. */
function state(f: Frame) {
  const { trace: _trace, reset: _reset, series: _series, ...rest } = f;
  return rest;
}

describe('LabHost with the real engine', () => {
  it('loads a scenario and reports title, seed, planned end, the system description and its values', async () => {
    const host = new LabHost();
    const { description, scenario, ...rest } = (await host.load(`[meta]\ntitle = "t"\nseed = 5\n${SHORT}`)) as Extract<LoadResult, { ok: true }>;
    expect(rest).toEqual({ ok: true, title: 't', seed: 5, endNs: 4e9, longestEndNs: 4e9 });
    expect(scenario.server.mob_mb).toBe(1);
    expect(scenario.network.latency_ms).toBe(1); // a default, filled in
    expect(description.kind).toBe('mob');
    expect(description.records.map((r) => r.name)).toContain('flusher_start');
    expect(await host.load(SHORT, 9)).toMatchObject({ ok: true, seed: 9 });
    host.dispose();
  });

  it('finds when a run ends whose warm-up waits for flusher passes, after the load, and the run ends there (issue 13, item 2)', async () => {
    const host = new LabHost();
    const waits = SHORT.replace('warmup_flusher_passes = 0', 'warmup_flusher_passes = 2');
    const r = host.load(waits);
    if (!r.ok) throw new Error('refused');
    expect(r.endNs).toBeNull(); // the load answers at once; the search follows
    expect(r.longestEndNs).toBe((3600 + 10 * 1 + 3) * 1e9);
    expect(host.searchingEnd).toBe(true);
    // The run itself is not moved by the search (it runs a copy).
    const before = await host.frame(0);
    let endNs: number | null | undefined;
    let slices = 0;
    while ((endNs = host.searchEnd(0)) === undefined) slices++;
    expect(slices).toBeGreaterThan(0); // a slice of 0 ms is one engine call
    expect(host.searchingEnd).toBe(false);
    expect(host.searchEnd()).toBeUndefined();
    expect(endNs).toBeGreaterThan(0);
    expect(endNs).toBeLessThan(r.longestEndNs);
    expect(state(await host.frame(0))).toEqual(state(before));
    const end = await host.seek(r.longestEndNs);
    expect(end).toMatchObject({ finished: true, nowNs: endNs, endNs });
    host.dispose();
  });

  it('searches for no end the load knows, and a new load drops the last search', async () => {
    const host = new LabHost();
    expect(host.load(SHORT)).toMatchObject({ ok: true, endNs: 4e9 });
    expect(host.searchingEnd).toBe(false);
    host.load(SHORT.replace('warmup_flusher_passes = 0', 'warmup_flusher_passes = 2'));
    expect(host.searchingEnd).toBe(true);
    expect(host.load('[client]\ncount = "x"\n')).toMatchObject({ ok: false }); // the run stays, and its search
    expect(host.searchingEnd).toBe(true);
    host.load(SHORT);
    expect(host.searchingEnd).toBe(false);
    host.dispose();
  });

  it('reports an invalid scenario with line numbers', async () => {
    const r = await new LabHost().load('[client]\ncount = "twelve"\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ path: 'client.count', line: 2 });
    const bad = await new LabHost().load(SHORT, 1.5);
    expect(bad.ok).toBe(false);
  });

  it('advances frame by frame with trace and snapshots that agree', async () => {
    const host = await loaded();
    let f = await host.frame(0);
    expect(f.reset).toBe(true);
    let inserts = 0;
    let lastT = -1;
    for (let t = 0.1e9; t <= 2.5e9; t += 0.1e9) {
      f = await host.frame(t);
      expect(f.reset).toBe(false);
      expect(f.nowNs).toBe(t);
      expect(f.trace.lost).toBe(0);
      const n = f.trace.t.length;
      for (const col of [f.trace.kind, f.trace.entity, f.trace.a, f.trace.b, f.trace.c]) expect(col.length).toBe(n);
      if (n > 0) {
        expect(f.trace.t[0]).toBeGreaterThanOrEqual(lastT);
        expect(f.trace.t[n - 1]).toBeLessThanOrEqual(t);
        lastT = f.trace.t[n - 1];
      }
      inserts += f.trace.kind.filter((k) => k === K.mob_insert).length;
      const v = mobFrame(f, d);
      const m = v.mob;
      expect(m.usedBytes).toBeLessThanOrEqual(m.capacityBytes);
      const live = m.chunkCount.reduce((s, c) => s + c, 0);
      expect(live).toBe(m.inserted - m.superseded - m.removed);
      expect(m.inserted).toBe(inserts); // every insert was traced once, in some frame
      expect(v.disk.headCylinder).toBeGreaterThanOrEqual(0);
      expect(v.disk.headCylinder).toBeLessThan(v.disk.cylinders);
      expect(v.disk.angle).toBeGreaterThanOrEqual(0);
      expect(v.disk.angle).toBeLessThan(1);
      if (v.disk.active) expect(v.disk.active.start).toBeLessThanOrEqual(t);
      expect(v.cache.pages.length).toBeLessThanOrEqual(v.cache.capacityPages);
      expect(v.clients).toHaveLength(12);
    }
    expect(f.phase).toBe('measuring');
    expect(mobFrame(f, d).mob.inserted).toBeGreaterThan(0);
    host.dispose();
  });

  it('sends each series sample once, and all of them after a reset', async () => {
    const host = await loaded(SHORT.replace('duration_s = 3.0', 'duration_s = 3.0\nsample_interval_s = 0.5'));
    const seen: number[] = [];
    for (const t of [0.7e9, 1.2e9, 2.6e9]) seen.push(...(await host.frame(t)).series.map((s) => s.t_s));
    expect(seen).toEqual([0.5, 1, 1.5, 2, 2.5]);
    const back = await host.seek(1.1e9);
    expect(back.reset).toBe(true);
    expect(back.series.map((s) => s.t_s)).toEqual([0.5, 1]);
    host.dispose();
  });

  it('step() processes exactly one event', async () => {
    const host = await loaded();
    const before = (await host.frame(0.3e9)).events;
    expect(host.step().events).toBe(before + 1);
    expect(host.step().events).toBe(before + 2);
    host.dispose();
  });

  it('stepToKind(flusher_start) stops right after a flusher start', async () => {
    const host = await loaded();
    await host.frame(0.1e9);
    const f = await host.stepToKind(K.flusher_start, 10e9);
    const kinds = Array.from(f.trace.kind);
    const at = kinds.indexOf(K.flusher_start);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(kinds.lastIndexOf(K.flusher_start)).toBe(at);
    expect(Array.from(f.trace.t.subarray(at)).every((t) => t === f.nowNs)).toBe(true);
    expect(mobFrame(f, d).flusher.state).not.toBe('idle');
    host.dispose();
  });

  it('a backward seek gives the same state, summary and trace hash as a fresh run', async () => {
    const host = await loaded();
    for (let t = 0.25e9; t <= 3.5e9; t += 0.25e9) await host.frame(t);
    expect(host.checkpointCount).toBeGreaterThan(1);
    const back = await host.seek(1.3e9);
    expect(back.reset).toBe(true);
    const fresh = await loaded();
    const ref = await fresh.frame(1.3e9);
    expect(state(back)).toEqual(state(ref));
    expect(host.summary()).toEqual(fresh.summary());
    // And forward again from there.
    expect(state(await host.frame(2.9e9))).toEqual(state(await fresh.frame(2.9e9)));
    expect(host.summary()).toEqual(fresh.summary());
    // frame() with an earlier time seeks too; reset() returns to time 0 before any event.
    expect((await host.frame(0.5e9)).reset).toBe(true);
    const zero = host.reset();
    expect(zero).toMatchObject({ reset: true, nowNs: 0, events: 0 });
    host.dispose();
    fresh.dispose();
  });

  it('keeps at most MAX_CHECKPOINTS checkpoints over a long run', async () => {
    const host = await loaded(SHORT.replace('duration_s = 3.0', 'duration_s = 60.0'));
    for (let t = 0.5e9; t <= 60e9; t += 0.5e9) {
      await host.frame(t);
      expect(host.checkpointCount).toBeLessThanOrEqual(MAX_CHECKPOINTS);
    }
    const back = await host.seek(17e9);
    const fresh = await loaded(SHORT.replace('duration_s = 3.0', 'duration_s = 60.0'));
    expect(state(back)).toEqual(state(await fresh.frame(17e9)));
    expect(host.summary().traceHash).toBe(fresh.summary().traceHash);
    host.dispose();
    fresh.dispose();
  });

  it('runs long work in slices, reporting progress, and a cancel stops it where it is (issue 12)', async () => {
    const reference = await (await loaded()).frame(3e9);
    const sliced = new LabHost(EVERY_CALL_A_SLICE);
    await sliced.load(SHORT);
    const progress: Progress[] = [];
    const whole = await sliced.seek(3e9, { onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((p) => p.fromNs === 0 && p.targetNs === 3e9 && p.nowNs < 3e9)).toBe(true);
    expect(progress.map((p) => p.nowNs)).toEqual([...progress.map((p) => p.nowNs)].sort((a, b) => a - b));
    expect(state(whole)).toEqual(state(reference));
    expect(sliced.checkpointCount).toBeGreaterThan(1); // left behind by the slices
    expect(sliced.longestSlice.ms).toBeGreaterThan(0);

    const canceled = new LabHost(EVERY_CALL_A_SLICE);
    await canceled.load(SHORT);
    let asked = 0;
    const stopped = await canceled.seek(3e9, { canceled: () => ++asked >= 2 });
    expect(asked).toBe(2);
    expect(stopped.nowNs).toBeGreaterThan(0);
    expect(stopped.nowNs).toBeLessThan(3e9);
    expect(stopped.finished).toBe(false);
    // It goes on from there as if it had never stopped; stepToKind slices too.
    expect(state(await canceled.seek(3e9))).toEqual(state(reference));
    const kindStopped = await canceled.stepToKind(K.flusher_start, 600e9, { canceled: () => true });
    expect(kindStopped.nowNs).toBeGreaterThan(3e9);
    expect(kindStopped.nowNs).toBeLessThan(600e9);
  });

  it('needs a scenario before running', async () => {
    const host = new LabHost();
    await expect(host.frame(1)).rejects.toThrow(/no scenario/);
  });
});
