// The lab's controller: owns the engine client, the one requestAnimationFrame loop (wall time →
// simulated time through clock.ts) and the actions behind every control and keyboard shortcut.
// Frames go to the FrameStore (views); a few numbers go to the low-frequency store (React).
import { fractionDone, type Progress } from '../engine/protocol';
import type { Frame, LoadResult, RecordKindInfo } from '../engine/types';
import type { EngineLike } from './engine';
import type { FrameStore } from './frames';
import type { LabState, Store } from './store';
import { clamp, formatSimTime, nextTarget, nudgePosition, positionToSpeed, SPEED_STEPS, speedToPosition } from './clock';

export interface Scheduler {
  request(cb: (nowMs: number) => void): number;
  cancel(id: number): void;
}

export const browserScheduler: Scheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
};

/** How far a step to the next record of a kind ("next flusher run") looks ahead before giving up
 * (simulated). */
export const STEP_TO_KIND_LIMIT_NS = 600e9;
/** React sees the time/event counters at most this often while playing. */
const UI_UPDATE_MS = 200;
/** Engine frames are asked for at most this often (about 30 a second): the browser keeps drawing
 * at 60 fps, and every other animation frame is left free for layout, paint and the worker. */
export const MIN_REQUEST_INTERVAL_MS = 30;

/** What went wrong, without the "Error:" and "the engine stopped:" the caller already says. */
function reason(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message.replace(/^the engine (stopped|failed to load): /, '');
}

/** The longest run the engine accepts, warm-up included (`scenario::MAX_RUN_S`: 10 hours), ns. */
export const MAX_RUN_NS = 36_000e9;

export class LabController {
  private rafId: number | null = null;
  private lastIssueMs: number | null = null;
  private inflight = false;
  private lastUiMs = -Infinity;
  /** Incremented whenever a run is replaced: results of older requests are dropped. */
  private generation = 0;
  /** Serialises discrete actions (step, seek, reset, load) after the in-flight frame. */
  private queue: Promise<unknown> = Promise.resolve();
  private pendingSeekNs: number | null = null;
  /** Wall-clock ms of the last restart of a stopped engine (one a minute at most). */
  private lastRestartMs = -Infinity;
  private seekPromise: Promise<void> | null = null;
  /** A seek is with the engine now (a newer target cancels it). */
  private seeking = false;

  constructor(
    readonly engine: EngineLike,
    readonly store: Store<LabState>,
    readonly frames: FrameStore,
    private readonly scheduler: Scheduler = browserScheduler,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    // The end of a run whose load did not know it, found by the engine after the load.
    engine.onEnd = (endNs) => {
      this.store.set({ findingEnd: false, ...(endNs != null && this.store.get().endNs == null ? { endNs } : {}) });
    };
  }

  get speed(): number {
    return positionToSpeed(this.store.get().speedPosition);
  }

  /** Loads scenario text. On success the run restarts (at `tNs` if given); on failure the errors are
   * stored, the previous run keeps going, and the text stays in the editor. */
  async load(text: string, seed: number | null, opts: { tNs?: number; scenarioName?: string | null; keepDraft?: boolean } = {}): Promise<LoadResult> {
    return this.enqueue(async () => {
      // The editor shows the text loading, unless the user's draft is to stay (a restart).
      const draft = opts.keepDraft ? {} : { draftText: text };
      this.store.set({ busy: 'Loading scenario…', ...draft });
      let res: LoadResult;
      try {
        res = await this.engine.load(text, seed ?? undefined);
      } catch (e) {
        this.store.set({ busy: null, status: 'error', fatal: `The engine failed to start: ${reason(e)}` });
        throw e;
      }
      if (!res.ok) {
        this.store.set({ busy: null, errors: res.errors, status: this.store.get().appliedText ? 'ready' : 'error' });
        return res;
      }
      this.generation++;
      if (this.store.get().description?.kind !== res.description.kind) this.frames.forget();
      this.store.set({
        busy: null,
        ...(opts.keepDraft ? {} : { errors: [], ...draft }),
        status: 'ready',
        fatal: null,
        appliedText: text,
        title: res.title,
        description: res.description,
        scenario: res.scenario,
        seed: res.seed,
        endNs: res.endNs,
        findingEnd: res.endNs == null,
        longestEndNs: res.longestEndNs,
        selection: null,
        ...(opts.scenarioName !== undefined ? { scenarioName: opts.scenarioName } : {}),
      });
      // A link's time, clamped to the run: its end when known, else the latest it can end.
      const t = Math.min(opts.tNs ?? 0, res.endNs ?? res.longestEndNs);
      if (t > 0) this.store.set({ busy: `Running to ${formatSimTime(t)}…` });
      try {
        this.publish(t > 0 ? await this.engine.seek(t, this.showProgress) : await this.engine.frame(0), true);
      } finally {
        this.store.set({ busy: null, progress: null });
      }
      return res;
    });
  }

  /** Opens a scenario from the gallery (`name`) or a file (null) at 0 s, its text in the editor.
   * An unapplied draft there is set aside, not lost: the lab offers it back (`restoreDraft`). */
  openScenario(text: string, name: string | null): Promise<LoadResult> {
    const s = this.store.get();
    if (s.draftText && s.draftText !== s.appliedText && s.draftText !== text) this.store.set({ setAside: s.draftText });
    return this.load(text, null, { tNs: 0, scenarioName: name });
  }

  /** Puts the draft set aside back in the editor (unapplied), and opens it. */
  restoreDraft(): void {
    const draft = this.store.get().setAside;
    if (draft != null) this.store.set({ draftText: draft, setAside: null, editorOpen: true });
  }

  play(): void {
    if (this.store.get().status !== 'ready') return;
    if (this.store.get().finished) return;
    this.store.set({ playing: true });
    this.lastIssueMs = null;
    this.ensureLoop();
  }

  pause(): void {
    this.store.set({ playing: false });
    // A frame that is long in coming (the engine slower than the speed asks) stops where it is.
    if (this.inflight) this.engine.cancel();
    this.syncUi(true);
  }

  /** Stops the long work under way (a seek, a run to the next flusher run, a link's time) where
   * it has got to: the lab shows that time. Nothing happens when nothing long is under way. */
  cancel(): void {
    if (this.store.get().busy) this.engine.cancel();
  }

  togglePlay(): void {
    if (this.store.get().playing) this.pause();
    else if (this.store.get().finished) void this.replay();
    else this.play();
  }

  /** At the end of a run, Play plays it again from 0 (issue 24, item 13: only Reset restarted). */
  async replay(): Promise<void> {
    await this.reset();
    this.play();
  }

  setSpeedPosition(p: number): void {
    this.store.set({ speedPosition: clamp(Math.round(p), 0, SPEED_STEPS) });
  }

  /** Sets the speed to exactly `nsPerS` simulated ns per wall second (between slider steps). */
  setSpeed(nsPerS: number): void {
    this.store.set({ speedPosition: speedToPosition(nsPerS, true) });
  }

  slower(): void {
    this.setSpeedPosition(nudgePosition(this.store.get().speedPosition, -1));
  }

  faster(): void {
    this.setSpeedPosition(nudgePosition(this.store.get().speedPosition, 1));
  }

  step(): Promise<void> {
    this.pause();
    return this.action(null, () => this.engine.step());
  }

  /** The record kinds the system offers to step to ("next flusher run"), in its order. */
  stepTargets(): RecordKindInfo[] {
    return this.store.get().description?.records.filter((r) => r.step) ?? [];
  }

  /** Runs to the next record of the chosen step target (the first the system offers by default),
   * or of any kind the system records (a tour's wait). */
  stepToTarget(kind = this.store.get().stepTarget ?? this.stepTargets()[0]?.id): Promise<void> {
    const target = this.store.get().description?.records.find((r) => r.id === kind);
    if (!target) return Promise.resolve();
    this.pause();
    const limit = this.currentNs() + STEP_TO_KIND_LIMIT_NS;
    return this.action(`Running to the ${target.step ?? `next ${target.label}`}…`, () => this.engine.stepToKind(target.id, limit, this.showProgress));
  }

  /** Seeks (backwards too). Seeks issued while one waits coalesce: only the latest target runs,
   * and a seek under way stops for it, so dragging the timeline never builds a backlog. */
  seek(tNs: number): Promise<void> {
    const t = Math.max(0, Math.min(tNs, this.timelineEndNs()));
    const queued = this.pendingSeekNs != null;
    this.pendingSeekNs = t;
    if (this.seeking) this.engine.cancel();
    if (queued && this.seekPromise) return this.seekPromise;
    this.seekPromise = this.action(`Seeking to ${formatSimTime(t)}…`, async () => {
      const target = this.pendingSeekNs ?? t;
      this.pendingSeekNs = null;
      this.store.set({ busy: `Seeking to ${formatSimTime(target)}…` });
      this.seeking = true;
      try {
        return await this.engine.seek(target, this.showProgress);
      } finally {
        this.seeking = false;
      }
    }, true);
    return this.seekPromise;
  }

  /** Scrub by a fraction of the timeline (arrow keys). */
  scrubBy(fraction: number): Promise<void> {
    this.pause();
    return this.seek(this.currentNs() + fraction * this.timelineEndNs());
  }

  reset(): Promise<void> {
    this.pause();
    return this.action(null, () => this.engine.reset(), true);
  }

  dispose(): void {
    this.generation++;
    if (this.rafId != null) this.scheduler.cancel(this.rafId);
    this.rafId = null;
  }

  /** The end of the timeline: the run's end once known, else the latest it can end. */
  timelineEndNs(): number {
    const s = this.store.get();
    return s.endNs ?? s.longestEndNs ?? MAX_RUN_NS;
  }

  /** The simulated time of the latest frame. */
  currentNs(): number {
    return this.frames.latest()?.nowNs ?? 0;
  }

  // --- internals ------------------------------------------------------------------------------

  /** An engine call failed: the engine stopped (a trap, a dead worker). It restarts itself with
   * the last scenario that loaded, at 0 s, saying so, and the editor keeps the user's draft; twice within a minute, the lab gives up and
   * asks for a reload (the scenario stops it again at once). */
  private engineFailed(e: unknown): void {
    const why = reason(e);
    const s = this.store.get();
    const now = this.nowMs();
    if (!this.engine.restart || !s.appliedText || now - this.lastRestartMs < 60_000) {
      this.store.set({ playing: false, fatal: `The engine stopped: ${why}` });
      return;
    }
    this.lastRestartMs = now;
    this.engine.restart();
    this.generation++;
    this.store.set({ playing: false, restarted: `The engine stopped (${why}) and restarted with the last scenario, at 0 s.` });
    void this.load(s.appliedText, s.seed, { tNs: 0, keepDraft: true }).catch((err: unknown) => this.engineFailed(err));
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      // Wait for a frame request in flight so frames reach the views in order.
      while (this.inflight) await new Promise((r) => setTimeout(r, 1));
      return fn();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private action(busy: string | null, fn: () => Promise<Frame>, resetHint = false): Promise<void> {
    return this.enqueue(async () => {
      // The run it acts on is the one current when it runs (a load queued before it counts).
      const gen = this.generation;
      if (this.store.get().status !== 'ready') return;
      if (busy) this.store.set({ busy });
      try {
        const frame = await fn();
        if (gen === this.generation) this.publish(frame, resetHint);
      } catch (e) {
        // A call of a run already replaced (by a restart, say) fails with it: not news.
        if (gen === this.generation) this.engineFailed(e);
      } finally {
        if (busy) this.store.set({ busy: null, progress: null });
      }
    });
  }

  /** Long work's progress, for the busy line (an arrow function: handed to the engine). */
  private readonly showProgress = (p: Progress): void => {
    this.store.set({ progress: { done: fractionDone(p), atNs: p.nowNs } });
  };

  private publish(frame: Frame, _resetHint: boolean): void {
    this.frames.publish(frame);
    this.syncUi(true);
    if (frame.finished && this.store.get().playing) this.store.set({ playing: false });
  }

  private syncUi(force: boolean): void {
    const f = this.frames.latest();
    if (!f) return;
    const now = this.nowMs();
    if (!force && now - this.lastUiMs < UI_UPDATE_MS) return;
    this.lastUiMs = now;
    // The end, once the engine knows it (the measured window began), stays known.
    const end = f.endNs != null ? { endNs: f.endNs } : {};
    this.store.set({ nowNs: f.nowNs, events: f.events, finished: f.finished, endedEarly: f.endedEarly, phase: f.phase, ...end });
  }

  private ensureLoop(): void {
    if (this.rafId == null) this.rafId = this.scheduler.request((t) => this.tick(t));
  }

  /** One animation frame: ask the engine for the frame at the mapped target time, unless the
   * previous request has not returned yet or was made less than MIN_REQUEST_INTERVAL_MS ago. */
  tick(nowMs: number): void {
    this.rafId = null;
    const st = this.store.get();
    if (!st.playing) return;
    this.ensureLoop();
    if (this.inflight) return;
    if (this.lastIssueMs != null && nowMs - this.lastIssueMs < MIN_REQUEST_INTERVAL_MS) return;
    const dtS = this.lastIssueMs == null ? 1 / 60 : (nowMs - this.lastIssueMs) / 1000;
    this.lastIssueMs = nowMs;
    const target = nextTarget(this.currentNs(), dtS, this.speed, st.endNs);
    const gen = this.generation;
    this.inflight = true;
    this.engine
      .frame(target)
      .then((frame) => {
        this.inflight = false;
        if (gen !== this.generation) return;
        this.frames.publish(frame);
        if (frame.finished) this.store.set({ playing: false });
        // While playing the numbers refresh at most every UI_UPDATE_MS; a frame that lands after
        // a pause (or ends the run) is the state the user looks at, so it always shows.
        this.syncUi(!this.store.get().playing);
      })
      .catch((e: unknown) => {
        this.inflight = false;
        if (gen === this.generation) this.engineFailed(e);
      });
  }
}
