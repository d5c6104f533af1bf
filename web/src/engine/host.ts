// LabHost owns one simulation run and its checkpoints; it is what the worker serves. Each call
// runs the engine as far as asked and returns one Frame. Work that may be long (moving to a
// time, running to the next record of a kind) runs in slices of at most SLICE_MS of wall time:
// between slices it reports progress and lets the worker take messages, so a cancel gets in.
import { Checkpoints } from './checkpoints';
import { readFrame } from './frame';
import type { Progress, RunSummary } from './protocol';
import type { Frame, LoadResult, Sample, ScenarioError, ScenarioValues, SystemDescription } from './types';
import { Lab, panic_for_tests, take_panic } from './wasm';

/** Wall time the worker runs the engine before it reports progress and takes messages. */
export const SLICE_MS = 50;
/** Most events per engine call; calls are sized to take about a tenth of a slice each, since an
 * event's cost varies a thousandfold between scenarios. */
export const EVENTS_PER_CALL = 2_000;

/** Wall time the worker may spend running a copy of the run ahead, tracing off, to find when it
 * ends (a warm-up that waits for flusher passes ends when they are done): mob-default's takes
 * about 130 ms in WASM; a HAC run, which ends with its traversal, runs ahead to its end, 250–750
 * ms for the gallery's. Past it, the end is known when the measured window begins. The search runs
 * after the load has answered, in slices of END_SLICE_MS while no request waits (`searchEnd`),
 * so the first frame does not wait for it. */
export const FIND_END_MS = 1000;

/** One slice of the end search: short, since a request that arrives waits behind it. */
export const END_SLICE_MS = 5;

/** What the caller of a long operation hears and says while it runs. */
export interface Work {
  /** Called between slices with how far the work has come. */
  onProgress?: (p: Progress) => void;
  /** Asked between slices: true stops the work where it is (its frame shows that time). */
  canceled?: () => boolean;
}

/** Lets the worker's event loop run (messages, a cancel) before the next slice. */
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class LabHost {
  private lab: Lab | null = null;
  private checkpoints: Checkpoints | null = null;
  /** Series samples already sent; the next frame carries the rest. */
  private seriesSent = 0;
  /** The next frame tells the views to drop their history (after load, reset, backward seek). */
  private resetPending = false;
  /** The loaded system's description: which frame sections to read, and how. */
  private description: SystemDescription | null = null;
  /** Set when the engine trapped (a panic, or memory exhausted): the module cannot be used again. */
  private broken: string | null = null;

  /** Tests make every engine call a slice (`sliceMs: 0`) and calls short (`eventsPerCall`). */
  constructor(private readonly slicing = { sliceMs: SLICE_MS, eventsPerCall: EVENTS_PER_CALL }) {
    this.eventsPerCall = slicing.eventsPerCall;
  }

  /** Starts the scenario at time 0 (seed: the scenario's meta.seed unless given). When its end
   * is not known in advance, a search for it starts, which `searchEnd` carries on. */
  load(text: string, seed?: number): LoadResult {
    return this.guard('load', () => {
      const res = this.loadNow(text, seed);
      if (res.ok && res.endNs == null) {
        const ahead = this.current().fork();
        ahead.set_tracing(false);
        this.endSearch = { ahead, spentMs: 0 };
      }
      return res;
    });
  }

  /** A copy of the loaded run going ahead to find when it ends, and the wall time spent on it. */
  private endSearch: { ahead: Lab; spentMs: number } | null = null;

  /** Whether the loaded run's end is being searched for. */
  get searchingEnd(): boolean {
    return this.endSearch != null;
  }

  private loadNow(text: string, seed?: number): LoadResult {
    let lab: Lab;
    try {
      lab = new Lab(text, seed);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) throw e;
      return { ok: false, errors: scenarioErrors(e) };
    }
    this.dispose();
    this.checkpoints = new Checkpoints(lab.fork());
    this.lab = lab;
    const description = JSON.parse(lab.describe_json()) as SystemDescription;
    this.description = description;
    this.restart();
    const scenario = JSON.parse(lab.scenario_json()) as ScenarioValues;
    return { ok: true, title: lab.title(), seed: lab.seed(), endNs: lab.end_ns() ?? null, longestEndNs: lab.longest_end_ns(), description, scenario };
  }

  /** Runs the end search for about `sliceMs`: returns when the loaded run ends (when its
   * measured window begins), or when it ended early; null once FIND_END_MS of searching has not
   * found it (then the end is known when the run gets there); undefined while it goes on. */
  searchEnd(sliceMs = END_SLICE_MS): number | null | undefined {
    const search = this.endSearch;
    if (!search) return undefined;
    return this.guard('searchEnd', () => {
      const start = performance.now();
      const found = (end: number | null) => {
        this.stopEndSearch();
        return end;
      };
      do {
        const t = performance.now();
        const done = search.ahead.advance_to(this.current().longest_end_ns(), this.eventsPerCall);
        this.resizeCalls(performance.now() - t);
        const end = search.ahead.end_ns();
        if (end !== undefined) return found(end);
        if (done || search.ahead.finished()) return found(search.ahead.now_ns()); // it ended before measuring
      } while (performance.now() - start < sliceMs);
      search.spentMs += performance.now() - start;
      return search.spentMs < FIND_END_MS ? undefined : found(null);
    });
  }

  private stopEndSearch(): void {
    this.endSearch?.ahead.free();
    this.endSearch = null;
  }

  /** Advances to simulated time `tNs` (a time in the past seeks back). */
  frame(tNs: number, work: Work = {}): Promise<Frame> {
    return this.seek(tNs, work);
  }

  /** Processes exactly one event (none once the run is over). */
  step(): Frame {
    return this.guard('step', () => {
      this.current().step();
      return this.emit();
    });
  }

  /** Runs until the next trace record of `kind`, or to `limitNs`. */
  stepToKind(kind: number, limitNs: number, work: Work = {}): Promise<Frame> {
    return this.guardSliced('stepToKind', async () => {
      await this.sliced(limitNs, work, (lab, events) => lab.step_to_kind(kind, limitNs, events) !== undefined);
      return this.emit();
    });
  }

  /** Moves to `tNs`: forward by advancing, backward by restoring a checkpoint and replaying. */
  seek(tNs: number, work: Work = {}): Promise<Frame> {
    return this.guardSliced('seek', async () => {
      if (tNs < this.current().now_ns()) this.restore(tNs);
      await this.sliced(tNs, work, (lab, events) => lab.advance_to(tNs, events));
      return this.emit();
    });
  }

  /** Runs `call` (one engine call of at most `events` events; true when the work is done)
   * until it is done or canceled, in slices of SLICE_MS; between slices it reports progress
   * toward `targetNs`, yields, and offers a checkpoint (so a long run leaves them behind it for
   * later seeks back). */
  private async sliced(targetNs: number, work: Work, call: (lab: Lab, events: number) => boolean): Promise<void> {
    const fromNs = this.current().now_ns();
    for (;;) {
      const start = performance.now();
      if (call(this.current(), this.eventsPerCall)) break;
      this.resizeCalls(performance.now() - start);
      if (performance.now() - this.sliceStartMs < this.slicing.sliceMs) continue;
      work.onProgress?.({ fromNs, nowNs: this.current().now_ns(), targetNs });
      this.endSlice();
      await yieldToEvents();
      this.sliceStartMs = performance.now();
      if (work.canceled?.()) break;
      // A checkpoint forks the whole run (a full MOB's worth): a slice of its own, nearly.
      this.checkpoints!.offer(this.current());
    }
  }

  /** Events per engine call, resized after each call toward a tenth of a slice. */
  private eventsPerCall: number;

  /** Shrinks at once when a call took too long, grows at most twofold a call (an event's cost
   * can jump when the run changes phase), and never past EVENTS_PER_CALL. */
  private resizeCalls(ms: number): void {
    const target = this.slicing.sliceMs / 10;
    if (target === 0) return; // tests: every call a slice, of the size they chose
    const scaled = Math.min((this.eventsPerCall * target) / Math.max(ms, 0.01), 2 * this.eventsPerCall);
    this.eventsPerCall = Math.round(Math.min(Math.max(scaled, 1), EVENTS_PER_CALL));
  }

  /** Back to time 0, before any event, with the same scenario and seed. */
  reset(): Frame {
    return this.guard('reset', () => {
      this.restore(-1);
      return this.emit();
    });
  }

  /** Every sample of the time series so far, warm-up included. */
  series(): Sample[] {
    return this.guard('series', () => JSON.parse(this.current().series_json()) as Sample[]);
  }

  summary(): RunSummary {
    return this.guard('summary', () => this.summaryNow());
  }

  private summaryNow(): RunSummary {
    const lab = this.current();
    return {
      nowNs: lab.now_ns(),
      events: lab.events(),
      finished: lab.finished(),
      seed: lab.seed(),
      traceHash: lab.trace_hash(),
      metrics: JSON.parse(lab.summary_json()) as Record<string, unknown>,
    };
  }

  /** Panics inside the engine, as a bug would: the e2e test of the recovery path. */
  panicForTests(message: string): void {
    this.guard('panicForTests', () => panic_for_tests(message));
  }

  /** Frees the engine memory of the run and its checkpoints. */
  dispose(): void {
    this.stopEndSearch();
    this.lab?.free();
    this.checkpoints?.dispose();
    this.lab = null;
    this.checkpoints = null;
  }

  /** Checkpoints kept now (for tests and the inspector). */
  get checkpointCount(): number {
    return this.checkpoints?.count ?? 0;
  }

  /** The longest stretch of wall time the host kept the worker busy without yielding (ms), and
   * the operation it was in: the longest browser call slice, for the bench. */
  get longestSlice(): { ms: number; op: string } {
    return { ...this.longest };
  }

  private longest = { ms: 0, op: '' };
  private op = '';
  private sliceStartMs = 0;

  private endSlice(): void {
    const ms = performance.now() - this.sliceStartMs;
    if (ms > this.longest.ms) this.longest = { ms, op: this.op };
  }

  /** Runs an operation; a WebAssembly trap inside it breaks this host for good, with the panic's
   * message (`take_panic`), since the module cannot be trusted after a trap. */
  private guard<T>(op: string, run: () => T): T {
    this.begin(op);
    try {
      return run();
    } catch (e) {
      throw this.failure(e);
    } finally {
      this.endSlice();
    }
  }

  /** `guard` for sliced work (`sliced` times each slice). The worker serves one request at a
   * time, so sliced operations never overlap. */
  private async guardSliced<T>(op: string, run: () => Promise<T>): Promise<T> {
    this.begin(op);
    try {
      return await run();
    } catch (e) {
      throw this.failure(e);
    } finally {
      this.endSlice();
    }
  }

  private begin(op: string): void {
    if (this.broken) throw new Error(`the engine stopped: ${this.broken}`);
    this.op = op;
    this.sliceStartMs = performance.now();
  }

  /** A trap becomes a broken host and an error saying why; any other error passes. */
  private failure(e: unknown): unknown {
    if (!(e instanceof WebAssembly.RuntimeError)) return e;
    let panic: string | undefined;
    try {
      panic = take_panic();
    } catch {
      // the module cannot even say why
    }
    // "panicked at src/x.rs:1:2:\nmessage" on one line.
    this.broken = panic?.replace(/\s*\n\s*/g, ' ') ?? `WebAssembly trap: ${e.message}`;
    return new Error(`the engine stopped: ${this.broken}`);
  }

  private current(): Lab {
    if (!this.lab) throw new Error('no scenario loaded');
    return this.lab;
  }

  /** Replaces the run by a copy of the latest checkpoint at or before `tNs`. */
  private restore(tNs: number): Lab {
    const restored = this.checkpoints!.restore(tNs);
    this.current().free();
    this.lab = restored;
    this.restart();
    return restored;
  }

  private restart(): void {
    this.seriesSent = 0;
    this.resetPending = true;
  }

  private emit(): Frame {
    const lab = this.current();
    this.checkpoints!.offer(lab);
    const frame = readFrame(lab, this.description!.sections, this.resetPending, this.seriesSent);
    this.seriesSent += frame.series.length;
    this.resetPending = false;
    return frame;
  }
}

/** A failed `new Lab`: the engine's JSON list of scenario errors, or its message about the seed
 * argument (the only other error it gives). */
function scenarioErrors(e: unknown): ScenarioError[] {
  const message = e instanceof Error ? e.message : String(e);
  try {
    const errors: unknown = JSON.parse(message);
    if (Array.isArray(errors)) return errors as ScenarioError[];
  } catch {
    // not JSON: fall through
  }
  const path = message.startsWith('seed ') ? 'meta.seed' : '';
  return [{ path, line: 0, column: 0, message, expected: null, range: null }];
}
