// LabHost owns one simulation run and its checkpoints; it is what the worker serves. All methods
// are synchronous: one call runs the engine as far as asked and returns one Frame.
import { Checkpoints } from './checkpoints';
import { readFrame } from './frame';
import type { RunSummary } from './protocol';
import type { Frame, LoadResult, ScenarioError, ScenarioValues, SystemDescription } from './types';
import { Lab, take_panic } from './wasm';

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

  /** Starts the scenario at time 0 (seed: the scenario's meta.seed unless given). */
  load(text: string, seed?: number): LoadResult {
    return this.guard(() => this.loadNow(text, seed));
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
    return { ok: true, title: lab.title(), seed: lab.seed(), endNs: lab.end_ns() ?? null, description, scenario };
  }

  /** Advances to simulated time `tNs` (a time in the past seeks back). */
  frame(tNs: number): Frame {
    return this.guard(() => this.frameNow(tNs));
  }

  private frameNow(tNs: number): Frame {
    const lab = this.current();
    if (tNs < lab.now_ns()) return this.seekNow(tNs);
    lab.advance_to(tNs);
    return this.emit();
  }

  /** Processes exactly one event (none once the run is over). */
  step(): Frame {
    return this.guard(() => {
      this.current().step();
      return this.emit();
    });
  }

  /** Runs until the next trace record of `kind`, or to `limitNs`. */
  stepToKind(kind: number, limitNs: number): Frame {
    return this.guard(() => {
      this.current().step_to_kind(kind, limitNs);
      return this.emit();
    });
  }

  /** Moves to `tNs`: forward by advancing, backward by restoring a checkpoint and replaying. */
  seek(tNs: number): Frame {
    return this.guard(() => this.seekNow(tNs));
  }

  private seekNow(tNs: number): Frame {
    if (tNs >= this.current().now_ns()) return this.frameNow(tNs);
    this.restore(tNs).advance_to(tNs);
    return this.emit();
  }

  /** Back to time 0, before any event, with the same scenario and seed. */
  reset(): Frame {
    return this.guard(() => {
      this.restore(-1);
      return this.emit();
    });
  }

  summary(): RunSummary {
    return this.guard(() => this.summaryNow());
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

  /** Frees the engine memory of the run and its checkpoints. */
  dispose(): void {
    this.lab?.free();
    this.checkpoints?.dispose();
    this.lab = null;
    this.checkpoints = null;
  }

  /** Checkpoints kept now (for tests and the inspector). */
  get checkpointCount(): number {
    return this.checkpoints?.count ?? 0;
  }

  /** Runs an operation; a WebAssembly trap inside it breaks this host for good, with the panic's
   * message (`take_panic`), since the module cannot be trusted after a trap. */
  private guard<T>(run: () => T): T {
    if (this.broken) throw new Error(`the engine stopped earlier (${this.broken}); reload the page to restart it`);
    try {
      return run();
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      let panic: string | undefined;
      try {
        panic = take_panic();
      } catch {
        // the module cannot even say why
      }
      // "panicked at src/x.rs:1:2:\nmessage" on one line.
      this.broken = panic?.replace(/\s*\n\s*/g, ' ') ?? `WebAssembly trap: ${e.message}`;
      throw new Error(`the engine stopped: ${this.broken}`);
    }
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
