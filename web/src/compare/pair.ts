// Two runs of the same system as one engine, so the lab's controller (state/controller.ts) drives
// both with one clock and one set of time controls, unchanged. Every call goes to both sides and
// comes back as one frame at one simulated time, the shared clock's, carrying each side's frames
// and its summary at that time: play, a seek and a link to the same time give the same numbers.
// A side whose run has ended stays at its end while the other goes on.
import type { Progress, RunSummary } from '../engine/protocol';
import type { Frame, LoadResult, Sample, ScenarioError } from '../engine/types';
import type { EngineLike } from '../state/engine';
import { createStore, type Store } from '../state/store';

export const SIDE_NAMES = ['A', 'B'] as const;

/** What one side brought to a pair frame: its frames in order (a call and, when the sides had
 * to be brought to one time, the frame that did it) and its summary once they are in. */
export interface SideFrames {
  frames: Frame[];
  summary: Record<string, unknown>;
}

/** The shared clock's frame: the pair's time, counts and state, and each side's frames. */
export interface PairFrame extends Frame {
  sides: SideFrames[];
}

export type SideLoad = Extract<LoadResult, { ok: true }>;

export interface PairState {
  /** Each side as it loaded; null before the first pair loads. */
  loads: SideLoad[] | null;
  /** Each side's scenario text, as it loaded. */
  texts: string[];
  /** Each side's problems with the pair last asked for (empty lists when it loaded). */
  errors: ScenarioError[][];
}

/** Checks both texts before either side loads, so a refused pair leaves both runs as they were:
 * each side's problems (the engine's, and another system than the other side's). */
export type PairCheck = (texts: readonly string[]) => ScenarioError[][];

/** The pair as the controller's scenario text. */
export function encodePair(texts: readonly string[]): string {
  return JSON.stringify(texts);
}

export function decodePair(text: string): string[] {
  const v: unknown = JSON.parse(text);
  if (!Array.isArray(v) || v.length !== 2 || !v.every((t) => typeof t === 'string')) throw new Error('not a pair of scenario texts');
  return v as string[];
}

/** How the sides meet after a call: at the earliest time a running side reached (a canceled
 * call, a step to the next record of a kind), or at the latest (a step). */
type Meet = 'earliest' | 'latest';

export class PairEngine implements EngineLike {
  readonly state: Store<PairState> = createStore<PairState>({ loads: null, texts: [], errors: [[], []] });
  /** Cancels reach the sides only while a call may be canceled, not while they are brought to
   * one time (short, and what keeps them at one). */
  private cancelable = false;

  /** Told the pair's end when both sides' engines have found theirs after the load. */
  onEnd: ((endNs: number | null) => void) | null = null;
  /** Each side's end for the pair's last load: a number once known, null if its engine gave up
   * searching, undefined while it searches; null once the pair's end is known. */
  private sideEnds: (number | null | undefined)[] | null = null;
  private loading = false;

  constructor(
    private readonly sides: EngineLike[],
    private readonly check: PairCheck,
  ) {
    sides.forEach((side, i) => {
      side.onEnd = (endNs) => {
        if (!this.sideEnds) return;
        this.sideEnds[i] = endNs;
        this.reportEnd();
      };
    });
  }

  /** The pair's end, once both sides' are known (then said once); a load under way says it in
   * its result instead. */
  private reportEnd(): void {
    const ends = this.sideEnds;
    if (!this.loading && ends?.every((e) => typeof e === 'number')) {
      this.sideEnds = null;
      this.onEnd?.(Math.max(...(ends as number[])));
    }
  }

  async load(text: string, seed?: number): Promise<LoadResult> {
    const texts = decodePair(text);
    const problems = this.check(texts);
    const refused = (errors: ScenarioError[][]): LoadResult => {
      this.state.set({ errors });
      return { ok: false, errors: errors.flatMap((list, i) => list.map((e) => ({ ...e, message: `side ${SIDE_NAMES[i]}: ${e.message}` }))) };
    };
    if (problems.some((p) => p.length)) return refused(problems);
    // A side's engine says its end after its load when the load did not know it, maybe before
    // the other side's load is done.
    const sideEnds: (number | null | undefined)[] = this.sides.map(() => undefined);
    this.sideEnds = sideEnds;
    this.loading = true;
    try {
      const results = await Promise.all(this.sides.map((s, i) => s.load(texts[i], seed)));
      // The same seed on both sides: without one, each would take its own scenario's.
      if (results[0].ok && results[1].ok && results[1].seed !== results[0].seed) {
        sideEnds[1] = undefined; // what it found was its own seed's run's
        results[1] = await this.sides[1].load(texts[1], results[0].seed);
      }
      if (!results.every((r) => r.ok)) {
        this.sideEnds = null;
        return refused(results.map((r) => (r.ok ? [] : r.errors)));
      }
      const loads = results as SideLoad[];
      this.state.set({ loads, texts, errors: [[], []] });
      const ends = loads.map((l, i) => l.endNs ?? sideEnds[i]);
      const known = ends.every((e) => typeof e === 'number');
      this.sideEnds = known ? null : ends;
      const endNs = known ? Math.max(...(ends as number[])) : null;
      return { ...loads[0], title: loads.map((l) => l.title).join(' vs '), endNs, longestEndNs: Math.max(...loads.map((l) => l.longestEndNs)) };
    } finally {
      this.loading = false;
    }
  }

  frame(tNs: number, onProgress?: (p: Progress) => void): Promise<PairFrame> {
    const t = Math.round(tNs);
    return this.call((s, progress) => s.frame(t, progress), 'earliest', false, onProgress);
  }

  seek(tNs: number, onProgress?: (p: Progress) => void): Promise<PairFrame> {
    const t = Math.round(tNs);
    return this.call((s, progress) => s.seek(t, progress), 'earliest', false, onProgress);
  }

  /** One event on each side; the clock moves to the later of the two, and the side that got
   * there first runs up to it. */
  step(): Promise<PairFrame> {
    return this.call((s) => s.step(), 'latest', true);
  }

  /** To the next record of `kind` on either side. */
  stepToKind(kind: number, limitNs: number, onProgress?: (p: Progress) => void): Promise<PairFrame> {
    return this.call((s, progress) => s.stepToKind(kind, limitNs, progress), 'earliest', true, onProgress);
  }

  reset(): Promise<PairFrame> {
    return this.call((s) => s.reset(), 'earliest', false);
  }

  cancel(): void {
    if (this.cancelable) for (const s of this.sides) s.cancel();
  }

  /** Both sides' summaries. */
  summary(): Promise<RunSummary[]> {
    return Promise.all(this.sides.map((s) => s.summary() as Promise<RunSummary>));
  }

  /** Each side has its series; the pair has none of its own. */
  series(): Promise<Sample[]> {
    return Promise.reject(new Error('a pair has a series per side: ask the side'));
  }

  restart(): void {
    for (const s of this.sides) s.restart?.();
  }

  /** Runs `op` on both sides, brings them to one time (`meet`; `exact`: the call may stop inside
   * a time, after one event of several at it, so each side finishes that time), then reads their
   * summaries. Progress is the side that is behind. */
  private async call(op: (side: EngineLike, progress: (p: Progress) => void) => Promise<Frame>, meet: Meet, exact: boolean, onProgress?: (p: Progress) => void): Promise<PairFrame> {
    const reached: (Progress | undefined)[] = [];
    const progress = (i: number) => (p: Progress) => {
      reached[i] = p;
      const known = reached.filter((r): r is Progress => r != null);
      onProgress?.({ fromNs: Math.min(...known.map((r) => r.fromNs)), nowNs: Math.min(...known.map((r) => r.nowNs)), targetNs: Math.max(...known.map((r) => r.targetNs)) });
    };
    this.cancelable = true;
    let frames: Frame[][];
    try {
      frames = (await Promise.all(this.sides.map((s, i) => op(s, progress(i))))).map((f) => [f]);
    } finally {
      this.cancelable = false;
    }
    await this.meet(frames, meet, exact);
    const summaries = await this.summary();
    return combine(frames.map((f, i) => ({ frames: f, summary: summaries[i].metrics })));
  }

  private async meet(frames: Frame[][], meet: Meet, exact: boolean): Promise<void> {
    const last = () => frames.map((f) => f[f.length - 1]);
    const t = meetingTime(last(), meet);
    if (t == null) return;
    await Promise.all(
      this.sides.map(async (s, i) => {
        const f = last()[i];
        const behind = !f.finished && f.nowNs < t;
        if (f.nowNs > t || behind || (exact && !f.finished)) frames[i].push(await s.frame(t));
      }),
    );
  }
}

/** Where the sides meet: the earliest or latest time a side still running reached (a side that
 * has ended stays at its end, unless that is past the meeting time); null when both have ended. */
export function meetingTime(frames: readonly Frame[], meet: Meet): number | null {
  const running = frames.filter((f) => !f.finished).map((f) => f.nowNs);
  if (running.length === 0) return null;
  return meet === 'earliest' ? Math.min(...running) : Math.max(...running);
}

const EMPTY_TRACE = () => ({
  t: new Float64Array(0),
  kind: new Uint8Array(0),
  entity: new Uint32Array(0),
  a: new Float64Array(0),
  b: new Float64Array(0),
  c: new Float64Array(0),
  lost: 0,
});

/** The shared clock's frame from each side's: its time is the latest side's (the others are
 * there too, or ended before it), it ends when both have, and its end is known when both are. */
export function combine(sides: SideFrames[]): PairFrame {
  const last = sides.map((s) => s.frames[s.frames.length - 1]);
  const ends = last.map((f) => f.endNs);
  const phases = last.map((f) => f.phase);
  return {
    nowNs: Math.max(...last.map((f) => f.nowNs)),
    events: last.reduce((n, f) => n + f.events, 0),
    finished: last.every((f) => f.finished),
    // Each side says why its run ended early; the pair goes on with the other.
    endedEarly: null,
    endNs: ends.every((e) => e != null) ? Math.max(...(ends as number[])) : null,
    phase: phases.every((p) => p === 'done') ? 'done' : phases.includes('measuring') ? 'measuring' : 'warmup',
    reset: sides.some((s) => s.frames.some((f) => f.reset)),
    trace: EMPTY_TRACE(),
    traceCounts: new Float64Array(0),
    series: [],
    sections: {},
    sides,
  };
}
