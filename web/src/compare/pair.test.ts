import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '../engine/protocol';
import type { Frame, LoadResult } from '../engine/types';
import type { EngineLike } from '../state/engine';
import { LabClient } from '../engine/client';
import { LabHost } from '../engine/host';
import { serve } from '../engine/serve';
import { loadEngineForTests, readScenario } from '../engine/testing';
import { setField } from '../scenario/fields';
import { checkPair } from './session';
import { combine, decodePair, encodePair, meetingTime, PairEngine, type PairCheck, type PairFrame } from './pair';

/** A side whose events happen at `events` (ns) and whose run ends at `endNs`. */
class FakeSide implements EngineLike {
  now = 0;
  calls: string[] = [];
  /** Where a canceled call stops, when set. */
  cancelAt: number | null = null;
  private canceled = false;
  constructor(
    readonly events: number[],
    readonly endNs: number,
    readonly seedOf: (text: string) => number = () => 1,
  ) {}
  private f(): Frame {
    return { nowNs: this.now, events: this.events.filter((e) => e <= this.now).length, finished: this.now >= this.endNs, endedEarly: null, endNs: this.endNs, phase: 'measuring', reset: false, series: [] } as unknown as Frame;
  }
  private to(t: number): Frame {
    this.now = this.canceled && this.cancelAt != null ? this.cancelAt : Math.min(t, this.endNs);
    this.canceled = false;
    return this.f();
  }
  async load(text: string, seed?: number): Promise<LoadResult> {
    this.calls.push(`load:${seed ?? ''}`);
    this.now = 0;
    if (text === 'BAD') return { ok: false, errors: [{ path: 'x.y', line: 1, column: 1, message: 'bad', expected: null, range: null }] };
    return { ok: true, title: text, seed: seed ?? this.seedOf(text), endNs: this.endNs, longestEndNs: 2 * this.endNs, description: {} as never, scenario: {} };
  }
  async frame(t: number, onProgress?: (p: Progress) => void): Promise<Frame> {
    this.calls.push(`frame:${t}`);
    onProgress?.({ fromNs: this.now, nowNs: (this.now + t) / 2, targetNs: t });
    return this.to(t);
  }
  async seek(t: number): Promise<Frame> {
    this.calls.push(`seek:${t}`);
    // Replies come later, as from a worker: a cancel can get in first.
    await Promise.resolve();
    return this.to(t);
  }
  async step(): Promise<Frame> {
    this.calls.push('step');
    return this.to(this.events.find((e) => e > this.now) ?? this.endNs);
  }
  async stepToKind(_kind: number, limitNs: number): Promise<Frame> {
    this.calls.push('stepToKind');
    return this.to(this.events.find((e) => e > this.now) ?? limitNs);
  }
  async reset(): Promise<Frame> {
    return this.to(0);
  }
  cancel(): void {
    this.calls.push('cancel');
    this.canceled = true;
  }
  async summary() {
    return { metrics: { now: this.now } };
  }
  async series() {
    return [];
  }
}

const noProblems: PairCheck = (texts) => texts.map(() => []);

function pairOf(a: FakeSide, b: FakeSide, check = noProblems) {
  return new PairEngine([a, b], check);
}

describe('the pair as one engine', () => {
  it('loads both sides with one seed, and says the pair ends when both have', async () => {
    const a = new FakeSide([], 4e9);
    const b = new FakeSide([], 9e9, () => 5);
    const pair = pairOf(a, b);
    const res = await pair.load(encodePair(['A', 'B']));
    // B took its own seed (5): it loads again with A's.
    expect(b.calls).toEqual(['load:', 'load:1']);
    expect(res).toMatchObject({ ok: true, title: 'A vs B', seed: 1, endNs: 9e9, longestEndNs: 18e9 });
    expect(pair.state.get().loads?.map((l) => l.title)).toEqual(['A', 'B']);
  });

  it("says the pair's end once both sides' engines have found theirs after the load", async () => {
    /** A side whose load does not know its end; `tellDuringLoad` finds it before the load answers. */
    class SearchingSide extends FakeSide {
      onEnd: ((endNs: number | null) => void) | null = null;
      tellDuringLoad = false;
      async load(text: string, seed?: number): Promise<LoadResult> {
        const r = await super.load(text, seed);
        if (this.tellDuringLoad) this.onEnd?.(this.endNs);
        return r.ok ? { ...r, endNs: null } : r;
      }
    }
    const a = new SearchingSide([], 4e9);
    const b = new SearchingSide([], 9e9);
    const pair = pairOf(a, b);
    const told: (number | null)[] = [];
    pair.onEnd = (e) => told.push(e);
    expect(await pair.load(encodePair(['A', 'B']))).toMatchObject({ ok: true, endNs: null });
    a.onEnd!(4e9);
    expect(told).toEqual([]);
    b.onEnd!(9e9);
    expect(told).toEqual([9e9]);
    b.onEnd!(9e9); // said once
    expect(told).toEqual([9e9]);
    // A side that gives up leaves the end to the frames.
    await pair.load(encodePair(['A', 'B']));
    a.onEnd!(null);
    b.onEnd!(9e9);
    expect(told).toEqual([9e9]);
    // Both found before the pair's load answers: in its result.
    a.tellDuringLoad = b.tellDuringLoad = true;
    expect(await pair.load(encodePair(['A', 'B']))).toMatchObject({ ok: true, endNs: 9e9 });
    expect(told).toEqual([9e9]);
  });

  it('loads neither side when the check refuses one, and names the side of every error', async () => {
    const a = new FakeSide([], 4e9);
    const b = new FakeSide([], 4e9);
    const refuse: PairCheck = (texts) => texts.map((t) => (t === 'OTHER' ? [{ path: 'system.kind', line: 0, column: 0, message: 'another system', expected: null, range: null }] : []));
    const res = await pairOf(a, b, refuse).load(encodePair(['A', 'OTHER']));
    expect(res.ok).toBe(false);
    expect(!res.ok && res.errors.map((e) => e.message)).toEqual(['side B: another system']);
    expect([...a.calls, ...b.calls]).toEqual([]);
    const failed = await pairOf(a, b).load(encodePair(['BAD', 'B']));
    expect(!failed.ok && failed.errors[0].message).toBe('side A: bad');
  });

  it('keeps a side that ended at its end while the other goes on, at one shared time', async () => {
    const a = new FakeSide([], 4e9);
    const b = new FakeSide([], 9e9);
    const pair = pairOf(a, b);
    await pair.load(encodePair(['A', 'B']));
    const f = await pair.frame(6e9 + 0.4);
    expect([a.now, b.now]).toEqual([4e9, 6e9]);
    expect(f).toMatchObject({ nowNs: 6e9, finished: false, endNs: 9e9 });
    expect(f.sides.map((s) => s.summary)).toEqual([{ now: 4e9 }, { now: 6e9 }]);
    expect((await pair.frame(9e9)).finished).toBe(true);
    // Back before A's end: A is there too.
    await pair.seek(3e9);
    expect([a.now, b.now]).toEqual([3e9, 3e9]);
  });

  it('steps both sides and meets at the later event, the other side running up to it', async () => {
    const a = new FakeSide([1e9, 2e9, 3e9], 9e9);
    const b = new FakeSide([1.5e9, 4e9], 9e9);
    const pair = pairOf(a, b);
    await pair.load(encodePair(['A', 'B']));
    await pair.frame(0);
    const f = await pair.step();
    expect(f.nowNs).toBe(1.5e9);
    expect([a.now, b.now]).toEqual([1.5e9, 1.5e9]);
    expect(f.sides[0].frames.map((x) => x.nowNs)).toEqual([1e9, 1.5e9]);
  });

  it('runs to the next record on either side, the side past it going back', async () => {
    const a = new FakeSide([5e9], 9e9);
    const b = new FakeSide([2e9], 9e9);
    const pair = pairOf(a, b);
    await pair.load(encodePair(['A', 'B']));
    const f = await pair.stepToKind(3, 20e9);
    expect(f.nowNs).toBe(2e9);
    expect(a.calls.slice(-2)).toEqual(['stepToKind', 'frame:2000000000']);
  });

  it('after a cancel, meets where the side behind stopped; cancels reach the sides only during the call', async () => {
    const a = new FakeSide([], 9e9);
    const b = new FakeSide([], 9e9);
    const pair = pairOf(a, b);
    await pair.load(encodePair(['A', 'B']));
    pair.cancel();
    expect(a.calls).not.toContain('cancel');
    a.cancelAt = 2e9;
    b.cancelAt = 3e9;
    const pending = pair.seek(8e9);
    pair.cancel();
    const f = await pending;
    expect(f.nowNs).toBe(2e9);
    expect([a.now, b.now]).toEqual([2e9, 2e9]);
    expect(b.calls.slice(-2)).toEqual(['cancel', 'frame:2000000000']);
  });

  it('reports the progress of the side behind', async () => {
    const pair = pairOf(new FakeSide([], 9e9), new FakeSide([], 9e9));
    await pair.load(encodePair(['A', 'B']));
    const seen: Progress[] = [];
    await pair.frame(4e9, (p) => seen.push(p));
    expect(seen.at(-1)).toEqual({ fromNs: 0, nowNs: 2e9, targetNs: 4e9 });
  });

  it('meets at the earliest or latest running side, not at a side that has ended', () => {
    const f = (nowNs: number, finished = false) => ({ nowNs, finished }) as Frame;
    expect(meetingTime([f(2), f(5)], 'earliest')).toBe(2);
    expect(meetingTime([f(2), f(5)], 'latest')).toBe(5);
    expect(meetingTime([f(1, true), f(5)], 'earliest')).toBe(5);
    expect(meetingTime([f(1, true), f(5, true)], 'earliest')).toBeNull();
    const c = combine([{ frames: [f(1, true)], summary: {} }, { frames: [f(5)], summary: {} }]);
    expect([c.nowNs, c.finished]).toEqual([5, false]);
  });

  it('encodes the pair as one text', () => {
    expect(decodePair(encodePair(['a', 'b']))).toEqual(['a', 'b']);
    expect(() => decodePair('["a"]')).toThrow(/not a pair/);
  });
});

describe('the pair over two real engines', () => {
  beforeAll(loadEngineForTests);
  const channels: MessageChannel[] = [];
  const client = () => {
    const ch = new MessageChannel();
    channels.push(ch);
    serve({ postMessage: (m, t) => ch.port1.postMessage(m, t), addEventListener: (type, l) => ch.port1.addEventListener(type, l), start: () => ch.port1.start() }, new LabHost());
    return new LabClient(ch.port2) as unknown as EngineLike;
  };
  afterAll(() => channels.forEach((c) => (c.port1.close(), c.port2.close())));

  it('shows the same numbers at a time whether played to or opened there; refuses two systems', async () => {
    const hac = readScenario('hac-t6-cold.toml');
    const texts = encodePair([hac, setField(hac, 'client.policy', 'fpc')]);
    const played = new PairEngine([client(), client()], checkPair);
    expect((await played.load(texts, 2)).ok).toBe(true);
    let f: PairFrame | null = null;
    for (let t = 0; t <= 2e9; t += 0.35e9) f = await played.frame(t);
    f = await played.frame(2e9);
    const opened = new PairEngine([client(), client()], checkPair);
    await opened.load(texts, 2);
    const g = await opened.seek(2e9);
    expect(g.nowNs).toBe(2e9);
    expect(g.sides.map((s) => s.summary)).toEqual(f.sides.map((s) => s.summary));
    expect((g.sides[0].summary as { fetches: number }).fetches).toBeGreaterThan(100);
    // Played to its end, each side finishes at its own time.
    const end = await played.seek(60e9);
    expect(end.finished).toBe(true);
    expect(end.sides.every((s) => s.frames.at(-1)!.finished)).toBe(true);
    const other = await played.load(encodePair([hac, readScenario('mob-default.toml')]));
    expect(!other.ok && other.errors[0].message).toMatch(/^side B: side A runs the hac system and side B the mob system/);
  });
});
