import { describe, expect, it, vi } from 'vitest';
import { createStore, initialLabState } from './store';
import { FrameStore } from './frames';
import type { Frame } from '../engine/types';

const NO_TRACE = { t: new Float64Array(0), kind: new Uint8Array(0), entity: new Uint32Array(0), a: new Float64Array(0), b: new Float64Array(0), c: new Float64Array(0), lost: 0 };
/** A frame with only what the store reads (no records unless given). */
const frame = (f: object) => ({ trace: NO_TRACE, ...f }) as unknown as Frame;

describe('createStore', () => {
  it('notifies on change only', () => {
    const s = createStore({ a: 1, b: 'x' });
    const l = vi.fn();
    const un = s.subscribe(l);
    s.set({ a: 1 });
    expect(l).not.toHaveBeenCalled();
    s.set({ a: 2 });
    expect(l).toHaveBeenCalledTimes(1);
    expect(s.get()).toEqual({ a: 2, b: 'x' });
    s.set((st) => ({ b: st.b + 'y' }));
    expect(s.get().b).toBe('xy');
    un();
    s.set({ a: 3 });
    expect(l).toHaveBeenCalledTimes(2);
  });
  it('gives a new snapshot object on change (useSyncExternalStore needs it)', () => {
    const s = createStore(initialLabState());
    const before = s.get();
    s.set({ playing: true });
    expect(s.get()).not.toBe(before);
    expect(before.playing).toBe(false);
  });
});

describe('FrameStore', () => {
  it('publishes frames in order and keeps the latest', () => {
    const fs = new FrameStore();
    expect(fs.latest()).toBeNull();
    const seen: number[] = [];
    const un = fs.subscribe((f) => seen.push(f.nowNs));
    fs.publish(frame({ nowNs: 1, reset: false, series: [] }));
    fs.publish(frame({ nowNs: 2, reset: false, series: [] }));
    un();
    fs.publish(frame({ nowNs: 3, reset: false, series: [] }));
    expect(seen).toEqual([1, 2]);
    expect(fs.latest()?.nowNs).toBe(3);
    expect(fs.count).toBe(3);
  });
  it('gathers the series since the last reset, for views that mount late (issue 13, item 1)', () => {
    const fs = new FrameStore();
    const sample = (t_s: number) => ({ t_s, measuring: false });
    fs.publish(frame({ nowNs: 1, reset: true, series: [sample(1)] }));
    fs.publish(frame({ nowNs: 2, reset: false, series: [sample(2), sample(3)] }));
    expect(fs.series().map((s) => s.t_s)).toEqual([1, 2, 3]);
    fs.publish(frame({ nowNs: 1, reset: true, series: [sample(1)] }));
    expect(fs.series().map((s) => s.t_s)).toEqual([1]);
  });
  it('holds the trace records since the last reset, for an event log that mounts late', () => {
    const fs = new FrameStore();
    const trace = (...t: number[]) => ({ t: Float64Array.from(t), kind: new Uint8Array(t.length), entity: new Uint32Array(t.length), a: new Float64Array(t.length), b: new Float64Array(t.length), c: new Float64Array(t.length), lost: 0 });
    fs.publish(frame({ nowNs: 2, reset: true, series: [], trace: trace(1, 2) }));
    fs.publish(frame({ nowNs: 3, reset: false, series: [], trace: trace(3) }));
    expect(fs.records().filter(null).map((i) => fs.records().get(i).t)).toEqual([1, 2, 3]);
    fs.publish(frame({ nowNs: 1, reset: true, series: [], trace: trace(1) }));
    expect(fs.records().total).toBe(1);
  });
  it('isolates a failing listener', () => {
    const fs = new FrameStore();
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = vi.fn();
    fs.subscribe(() => {
      throw new Error('broken view');
    });
    fs.subscribe(good);
    fs.publish(frame({ nowNs: 1, reset: false, series: [] }));
    expect(good).toHaveBeenCalledTimes(1);
    err.mockRestore();
  });
});
