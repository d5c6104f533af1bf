// Scenarios run to their end one after another in an engine worker of their own, behind the
// compare page's two live runs: the points of the plot beneath them. Each run reports its
// progress and can be canceled; a run done before (same text and seed) is not run again.
import type { Progress } from '../engine/protocol';
import type { EngineLike } from '../state/engine';

export interface RunJob<T> {
  text: string;
  seed: number;
  /** What the caller knows the run by. */
  tag: T;
}

export type RunResult = { ok: true; summary: Record<string, unknown> } | { ok: false; error: string };

export interface RunsProgress<T> {
  /** Runs finished so far. */
  done: number;
  total: number;
  /** The run under way and the simulated time it has reached, or null when none is. */
  current: { tag: T; atNs: number } | null;
}

/** An engine in a worker of its own, to let go of when done (LabClient). */
export type WorkerEngine = EngineLike & { terminate(): void };

export class BackgroundRuns {
  private engine: WorkerEngine | null = null;
  private readonly results = new Map<string, RunResult>();
  /** Bumped by every run() and cancel(): the work of an older one stops. */
  private generation = 0;

  constructor(private readonly makeEngine: () => WorkerEngine) {}

  /** Runs `jobs` in order, giving each result to `onResult` as it comes; resolves with whether
   * every job ran (false: canceled, or replaced by a newer run()). */
  async run<T>(jobs: readonly RunJob<T>[], onResult: (job: RunJob<T>, r: RunResult) => void, onProgress: (p: RunsProgress<T>) => void): Promise<boolean> {
    this.stop();
    const gen = this.generation;
    for (const [i, job] of jobs.entries()) {
      const id = `${job.seed}\n${job.text}`;
      let result = this.results.get(id);
      if (!result) {
        onProgress({ done: i, total: jobs.length, current: { tag: job.tag, atNs: 0 } });
        const r = await this.runOne(job, gen, (p) => onProgress({ done: i, total: jobs.length, current: { tag: job.tag, atNs: p.nowNs } }));
        if (r == null) return false;
        result = r;
        this.results.set(id, result);
      }
      if (gen !== this.generation) return false;
      onResult(job, result);
    }
    onProgress({ done: jobs.length, total: jobs.length, current: null });
    return true;
  }

  /** Stops the run under way where it is; what has finished stays. */
  stop(): void {
    this.generation++;
    this.engine?.cancel();
  }

  /** Stops and lets the worker go. */
  dispose(): void {
    this.stop();
    this.engine?.terminate();
    this.engine = null;
  }

  /** One scenario to its end; null when it was stopped first. */
  private async runOne(job: RunJob<unknown>, gen: number, onProgress: (p: Progress) => void): Promise<RunResult | null> {
    this.engine ??= this.makeEngine();
    const engine = this.engine;
    try {
      const loaded = await engine.load(job.text, job.seed);
      if (gen !== this.generation) return null;
      if (!loaded.ok) return { ok: false, error: loaded.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ') };
      // The latest it can end: a run stops at its own end, sooner.
      const frame = await engine.seek(loaded.longestEndNs, onProgress);
      if (gen !== this.generation || !frame.finished) return null;
      if (frame.endedEarly) return { ok: false, error: `the run ended early: ${frame.endedEarly}` };
      const summary = (await engine.summary()) as { metrics: Record<string, unknown> };
      return gen === this.generation ? { ok: true, summary: summary.metrics } : null;
    } catch (e) {
      // The worker stopped (a trap): a fresh one for the next run.
      engine.restart?.();
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }
}
