import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StatusBanner } from '../app/App';
import { LabController, MIN_REQUEST_INTERVAL_MS, type Scheduler } from './controller';
import { FrameStore } from './frames';
import { createStore, initialLabState, type LabState } from './store';
import type { EngineLike } from './engine';
import type { Frame, LoadResult } from '../engine/types';
import type { Progress } from '../engine/protocol';
import TimeControls from '../controls/TimeControls';
import { positionToSpeed, MAX_FRAME_DT_S } from './clock';

const EMPTY_TRACE = { t: new Float64Array(0), kind: new Uint8Array(0), entity: new Uint32Array(0), a: new Float64Array(0), b: new Float64Array(0), c: new Float64Array(0), lost: 0 };

/** A fake engine whose time is whatever it was asked for; records every call. */
class FakeEngine implements EngineLike {
  now = 0;
  events = 0;
  calls: string[] = [];
  pending: (() => void)[] = [];
  hold = false;
  endNs = 100e9;
  onEnd: ((endNs: number | null) => void) | null = null;
  /** Set to make the run end early, as the engine does when simulated time stops advancing. */
  endedEarly: string | null = null;
  private f(reset = false): Frame {
    const finished = this.now >= this.endNs || this.endedEarly !== null;
    return { nowNs: this.now, events: this.events, finished, endedEarly: this.endedEarly, phase: 'warmup', reset, series: [], trace: EMPTY_TRACE } as unknown as Frame;
  }
  /** The frame is made when the reply is released, so a cancel can move where it lands. */
  private reply(make: () => Frame): Promise<Frame> {
    if (!this.hold) return Promise.resolve(make());
    return new Promise((r) => this.pending.push(() => r(make())));
  }
  /** The progress callback of the latest long call, to report through. */
  progress: ((p: Progress) => void) | undefined;
  /** Set to where a canceled held call stops. */
  cancelAt: number | null = null;
  cancel() {
    this.calls.push('cancel');
    if (this.cancelAt != null) this.now = this.cancelAt;
  }
  async load(text: string, seed?: number): Promise<LoadResult> {
    this.calls.push(`load:${seed ?? ''}`);
    if (text.includes('BAD')) return { ok: false, errors: [{ path: 'server.mob_mb', line: 2, column: 10, message: 'must be ≥ 0', expected: null, range: '0..1024' }] };
    this.now = 0;
    this.events = 0;
    const kind = (id: number, name: string, step: string | null) => ({ id, name, label: name, description: '', text: '', step, kept_in_full: false, fields: [] });
    const records = [kind(4, 'mob_remove', null), kind(5, 'flusher_start', 'next flusher run'), kind(7, 'page_write', 'next page write')];
    const description = { kind: text.includes('hac') ? 'hac' : 'mob', title: '', paper: '', records, sections: [], figures: [], views: [], knobs: [], work: 'transactions' };
    return { ok: true, title: 'T', seed: seed ?? 1, endNs: this.endNs, longestEndNs: 2 * this.endNs, description, scenario: {} };
  }
  frame(t: number) {
    this.calls.push(`frame:${Math.round(t)}`);
    this.now = Math.max(this.now, t);
    this.events += 10;
    return this.reply(() => this.f());
  }
  /** Set to make the next step fail as a stopped engine does. */
  stepFails: string | null = null;
  restart() {
    this.calls.push('restart');
  }
  step() {
    this.calls.push('step');
    if (this.stepFails) return Promise.reject(new Error(this.stepFails));
    this.events += 1;
    this.now += 1000;
    return this.reply(() => this.f());
  }
  stepToKind(kind: number, limit: number, onProgress?: (p: Progress) => void) {
    this.calls.push(`stepToKind:${kind}:${limit}`);
    this.progress = onProgress;
    this.now += 5e9;
    return this.reply(() => this.f());
  }
  seek(t: number, onProgress?: (p: Progress) => void) {
    this.calls.push(`seek:${Math.round(t)}`);
    this.progress = onProgress;
    this.now = t;
    return this.reply(() => this.f(true));
  }
  reset() {
    this.calls.push('reset');
    this.now = 0;
    this.events = 0;
    return this.reply(() => this.f(true));
  }
  async summary() {
    return {};
  }
  async series() {
    return [];
  }
}

class ManualScheduler implements Scheduler {
  cbs = new Map<number, (t: number) => void>();
  id = 0;
  request(cb: (t: number) => void) {
    this.cbs.set(++this.id, cb);
    return this.id;
  }
  cancel(id: number) {
    this.cbs.delete(id);
  }
  fire(t: number) {
    const cbs = [...this.cbs.values()];
    this.cbs.clear();
    for (const cb of cbs) cb(t);
  }
}

const flush = () => new Promise((r) => setTimeout(r, 5));

function setup() {
  const engine = new FakeEngine();
  const sched = new ManualScheduler();
  const store = createStore<LabState>(initialLabState());
  let wall = 0;
  const lab = new LabController(engine, store, new FrameStore(), sched, () => wall);
  return { engine, sched, store, lab, setWall: (w: number) => (wall = w) };
}

describe('LabController', () => {
  it('loads a scenario and publishes the first frame', async () => {
    const { lab, store, engine } = setup();
    const res = await lab.load('x = 1', 7);
    expect(res.ok).toBe(true);
    expect(store.get()).toMatchObject({ status: 'ready', appliedText: 'x = 1', draftText: 'x = 1', seed: 7, title: 'T', endNs: 100e9 });
    expect(engine.calls).toEqual(['load:7', 'frame:0']);
    expect(lab.frames.latest()?.nowNs).toBe(0);
  });

  it('takes the end the engine finds after a load that did not know it', async () => {
    const { lab, store, engine } = setup();
    engine.endNs = null as unknown as number; // the load does not know the end
    await lab.load('x = 1', 7);
    expect(store.get()).toMatchObject({ endNs: null, findingEnd: true });
    engine.onEnd?.(42e9);
    expect(store.get()).toMatchObject({ endNs: 42e9, findingEnd: false });
    await lab.load('x = 2', 7);
    expect(store.get()).toMatchObject({ endNs: null, findingEnd: true });
    engine.onEnd?.(null); // a search that gave up: the end stays unknown
    expect(store.get()).toMatchObject({ endNs: null, findingEnd: false });
    engine.endNs = 100e9;
    await lab.load('x = 3', 7);
    expect(store.get()).toMatchObject({ endNs: 100e9, findingEnd: false });
  });

  it("another system's views never see the last system's frame", async () => {
    const { lab, store } = setup();
    await lab.load('x = 1', 1);
    // The frame the views could read as each new description arrives.
    const seen: [string, number | null][] = [];
    let shown = store.get().description;
    store.subscribe(() => {
      const d = store.get().description;
      if (d !== shown && d) seen.push([d.kind, lab.frames.latest()?.nowNs ?? null]);
      shown = d;
    });
    await lab.load('x = 2', 1);
    await lab.load('kind = "hac"', 1);
    expect(seen).toEqual([
      ['mob', 0], // the same system keeps drawing its last frame until the new one
      ['hac', null], // another system's views start from no frame
    ]);
    expect(lab.frames.latest()?.nowNs).toBe(0);
  });

  it('restarts a stopped engine with the last scenario, once a minute at most', async () => {
    const { lab, engine, store, setWall } = setup();
    await lab.load('good', 4);
    store.set({ draftText: 'my draft' }); // edited, not applied: survives the restart
    engine.stepFails = 'the engine stopped: panicked at src/x.rs:1:1: boom';
    await lab.step();
    await flush();
    expect(engine.calls.slice(-4)).toEqual(['step', 'restart', 'load:4', 'frame:0']);
    expect(store.get()).toMatchObject({ appliedText: 'good', draftText: 'my draft', fatal: null, playing: false });
    expect(store.get().restarted).toBe('The engine stopped (panicked at src/x.rs:1:1: boom) and restarted with the last scenario, at 0 s.');
    // Stopped again at once: the lab gives up and says so.
    setWall(30_000);
    await lab.step();
    await flush();
    expect(engine.calls.filter((c) => c === 'restart')).toHaveLength(1);
    expect(store.get().fatal).toBe('The engine stopped: panicked at src/x.rs:1:1: boom');
  });

  it('sets an unapplied draft aside when a gallery scenario opens, and puts it back on request', async () => {
    const { lab, store } = setup();
    await lab.load('good', 1);
    await lab.openScenario('gallery text', 'g1'); // no draft: nothing set aside
    expect(store.get()).toMatchObject({ setAside: null, draftText: 'gallery text', scenarioName: 'g1' });
    store.set({ draftText: 'my edits' });
    await lab.openScenario('other text', 'g2');
    expect(store.get()).toMatchObject({ setAside: 'my edits', draftText: 'other text', appliedText: 'other text', scenarioName: 'g2' });
    const html = renderToString(createElement(StatusBanner, { lab }));
    expect(html).toContain('replaced your unapplied edits in the editor; they are kept');
    lab.restoreDraft();
    expect(store.get()).toMatchObject({ setAside: null, draftText: 'my edits', appliedText: 'other text', editorOpen: true });
  });

  it('clamps a link\'s time to the run', async () => {
    const { lab, engine } = setup();
    await lab.load('x', 1, { tNs: 1e18 });
    expect(engine.calls).toContain(`seek:${Math.round(engine.endNs)}`);
  });

  it('stops playing and says why when the run ends early', async () => {
    const { lab, engine, store } = setup();
    await lab.load('x', 1);
    expect(store.get().endedEarly).toBeNull();
    engine.endedEarly = 'simulated time stopped advancing at 0 s';
    await lab.step();
    expect(store.get()).toMatchObject({ endedEarly: 'simulated time stopped advancing at 0 s', finished: true, playing: false });
    const html = renderToString(createElement(StatusBanner, { lab }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('The run ended early: ');
    expect(html).toContain('simulated time stopped advancing at 0 s');
  });

  it('keeps the text and the running scenario when the engine rejects an edit', async () => {
    const { lab, store } = setup();
    await lab.load('good', 1);
    const res = await lab.load('BAD text', 1);
    expect(res.ok).toBe(false);
    expect(store.get().draftText).toBe('BAD text');
    expect(store.get().appliedText).toBe('good');
    expect(store.get().errors[0]).toMatchObject({ line: 2, column: 10 });
    expect(store.get().status).toBe('ready');
    await lab.load('good again', 1);
    expect(store.get().errors).toEqual([]);
  });

  it('shows a frame that lands after a pause, so stepping counts from what is shown', async () => {
    const { lab, engine, sched, store } = setup();
    await lab.load('x', 1);
    engine.hold = true;
    lab.play();
    sched.fire(1000); // a frame request goes out…
    lab.pause(); // …and the user pauses before it returns: the engine stops it where it is
    expect(engine.calls.at(-1)).toBe('cancel');
    engine.pending.shift()!();
    await flush();
    expect(store.get().events).toBe(engine.events);
    engine.hold = false;
    await lab.step();
    expect(store.get().events).toBe(engine.events);
    expect(lab.frames.latest()?.events).toBe(store.get().events);
  });

  it('opens at the permalink time by seeking', async () => {
    const { lab, engine } = setup();
    await lab.load('x', 3, { tNs: 12e9 });
    expect(engine.calls).toEqual(['load:3', 'seek:12000000000']);
    expect(lab.currentNs()).toBe(12e9);
  });

  it('maps wall time to simulated time through the speed, one request in flight at a time', async () => {
    const { lab, engine, sched, store } = setup();
    await lab.load('x', 1);
    store.set({ speedPosition: 500 });
    const speed = positionToSpeed(500);
    engine.hold = true;
    lab.play();
    sched.fire(1000); // first frame: 1/60 s
    expect(engine.calls.at(-1)).toBe(`frame:${Math.round(speed / 60)}`);
    sched.fire(1016); // previous request still in flight: no new request
    sched.fire(1032);
    expect(engine.calls.filter((c) => c.startsWith('frame:')).length).toBe(2); // the load's frame:0 + one
    engine.pending.shift()!();
    await flush();
    sched.fire(1050); // 50 ms after the last request was issued
    const expected = speed / 60 + 0.05 * speed;
    expect(Number(engine.calls.at(-1)!.split(':')[1])).toBeCloseTo(expected, -1);
    engine.pending.shift()!();
    await flush();
    expect(lab.frames.latest()!.nowNs).toBeCloseTo(expected, -1);
  });

  it('asks for engine frames about 30 times a second, however often the browser draws', async () => {
    const { lab, engine, sched } = setup();
    await lab.load('x', 1);
    lab.play();
    const requests = () => engine.calls.filter((c) => c.startsWith('frame:')).length;
    const before = requests();
    for (let t = 0; t <= 1000; t += 1000 / 60) {
      sched.fire(t);
      await flush();
    }
    const made = requests() - before;
    expect(made).toBeGreaterThanOrEqual(25);
    expect(made).toBeLessThanOrEqual(1000 / MIN_REQUEST_INTERVAL_MS + 1);
  });

  it('caps a long wall-clock gap', async () => {
    const { lab, engine, sched } = setup();
    await lab.load('x', 1);
    lab.play();
    sched.fire(0);
    await flush();
    sched.fire(60_000); // a minute in a background tab
    await flush();
    const last = Number(engine.calls.at(-1)!.split(':')[1]);
    expect(last).toBeLessThanOrEqual(Math.round(lab.speed / 60 + MAX_FRAME_DT_S * lab.speed) + 1);
  });

  it('pauses and stops the loop; stops at the end of the run', async () => {
    const { lab, sched, store, engine } = setup();
    await lab.load('x', 1);
    store.set({ speedPosition: 1000 });
    lab.play();
    expect(store.get().playing).toBe(true);
    lab.pause();
    sched.fire(10);
    expect(engine.calls.filter((c) => c.startsWith('frame')).length).toBe(1);
    engine.endNs = 1; // the next frame finishes the run
    lab.play();
    sched.fire(20);
    await flush();
    expect(store.get().playing).toBe(false);
    expect(store.get().finished).toBe(true);
    // Issue 24, item 13: at the end Play plays the run again from 0 (only Reset restarted it).
    engine.endNs = 100e9;
    lab.togglePlay();
    await flush();
    expect(engine.calls).toContain('reset');
    expect(store.get()).toMatchObject({ nowNs: 0, finished: false, playing: true });
  });

  it('steps one event, runs to the next record of the chosen kind (the first offered by default), resets', async () => {
    const { lab, engine, store } = setup();
    await lab.load('x', 1);
    const before = store.get().events;
    await lab.step();
    expect(store.get().events).toBe(before + 1);
    expect(lab.stepTargets().map((r) => r.step)).toEqual(['next flusher run', 'next page write']);
    await lab.stepToTarget();
    expect(engine.calls.at(-1)).toMatch(/^stepToKind:5:/);
    expect(lab.currentNs()).toBe(5e9 + 1000);
    store.set({ stepTarget: 7 });
    await lab.stepToTarget();
    expect(engine.calls.at(-1)).toMatch(/^stepToKind:7:/);
    await lab.reset();
    expect(lab.currentNs()).toBe(0);
    expect(store.get().nowNs).toBe(0);
  });

  it('seeks backwards and clamps to the timeline; coalesces a drag into the latest seek', async () => {
    const { lab, engine } = setup();
    await lab.load('x', 1);
    await lab.seek(50e9);
    await lab.seek(10e9);
    expect(lab.currentNs()).toBe(10e9);
    await lab.seek(500e9);
    expect(lab.currentNs()).toBe(100e9);
    await lab.seek(-5);
    expect(lab.currentNs()).toBe(0);
    engine.calls = [];
    engine.hold = true;
    const a = lab.seek(1e9);
    const b = lab.seek(2e9);
    const c = lab.seek(3e9);
    await flush();
    while (engine.pending.length) {
      engine.pending.shift()!();
      await flush();
    }
    await Promise.all([a, b, c]);
    expect(engine.calls).toEqual(['seek:3000000000']);
    expect(lab.currentNs()).toBe(3e9);
  });

  it('drops frames of a run that was replaced', async () => {
    const { lab, engine, sched } = setup();
    await lab.load('x', 1);
    engine.hold = true;
    lab.play();
    sched.fire(0); // request in flight for the old run
    engine.hold = false;
    const loading = lab.load('y', 2); // waits for the in-flight frame
    engine.pending.shift()!();
    await loading;
    expect(lab.frames.latest()!.nowNs).toBe(0);
    expect(lab.store.get().seed).toBe(2);
  });

  it('an action asked for while a load runs acts on the loaded run and shows its frame', async () => {
    const { lab, engine, store } = setup();
    await lab.load('x', 1);
    engine.hold = true;
    const loading = lab.load('y', 2);
    const stepping = lab.step(); // clicked while the new scenario loads
    await flush();
    while (engine.pending.length) {
      engine.pending.shift()!();
      await flush();
    }
    await Promise.all([loading, stepping]);
    expect(engine.calls.slice(-3)).toEqual(['load:2', 'frame:0', 'step']);
    expect(store.get().events).toBe(engine.events);
    expect(lab.frames.latest()?.events).toBe(engine.events);
  });

  it('changes speed with [ and ] (nudges) within the range', () => {
    const { lab, store } = setup();
    const p = store.get().speedPosition;
    lab.faster();
    expect(store.get().speedPosition).toBeGreaterThan(p);
    lab.slower();
    lab.slower();
    expect(store.get().speedPosition).toBeLessThan(p);
    lab.setSpeedPosition(1e6);
    expect(store.get().speedPosition).toBe(1000);
  });

  it('shows the progress of long work, and Cancel stops it where it is (issue 12)', async () => {
    const { lab, engine, store } = setup();
    await lab.load('x', 1);
    engine.hold = true;
    const seeking = lab.seek(80e9);
    await flush();
    expect(store.get()).toMatchObject({ busy: 'Seeking to 80.000 s…', progress: null });
    expect(renderToString(createElement(TimeControls, { lab }))).not.toContain('data-testid="cancel"');
    engine.progress!({ fromNs: 0, nowNs: 20e9, targetNs: 80e9 });
    expect(store.get().progress).toEqual({ done: 0.25, atNs: 20e9 });
    const html = renderToString(createElement(TimeControls, { lab }));
    expect(html).toContain('data-testid="cancel"');
    expect(html).toContain('aria-valuetext="25% done, at 20.000 s"');
    engine.cancelAt = 20e9;
    lab.cancel();
    expect(engine.calls.at(-1)).toBe('cancel');
    engine.pending.shift()!();
    await seeking;
    expect(store.get()).toMatchObject({ busy: null, progress: null, nowNs: 20e9 });
    // With nothing under way, Cancel does nothing.
    const calls = engine.calls.length;
    lab.cancel();
    expect(engine.calls).toHaveLength(calls);
  });

  it('a new seek stops the one under way and runs in its place (issue 12)', async () => {
    const { lab, engine } = setup();
    await lab.load('x', 1);
    engine.hold = true;
    const first = lab.seek(90e9);
    await flush();
    const second = lab.seek(10e9);
    expect(engine.calls.slice(-2)).toEqual(['seek:90000000000', 'cancel']);
    while (engine.pending.length) {
      engine.pending.shift()!();
      await flush();
    }
    await Promise.all([first, second]);
    expect(engine.calls.slice(-3)).toEqual(['seek:90000000000', 'cancel', 'seek:10000000000']);
    expect(lab.currentNs()).toBe(10e9);
  });
});
