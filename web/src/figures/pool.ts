// The figures page's pool of Web Workers (sweepWorker.ts): the engine is compiled once and posted
// to each; each worker holds its own heap, so the pool is as large as the machine's cores, at
// most MAX_WORKERS. Jobs are dealt in order as workers come free; a worker whose job failed is
// replaced (a panic leaves its engine unusable); Cancel terminates every worker at once.
import { wrap, type Remote } from 'comlink';
import type { SweepWorker } from './sweepWorker';
import type { RunJson } from './sweep';

/** The most workers a pool starts, whatever the cores: each holds an engine's heap. */
export const MAX_WORKERS = 6;

export function poolSize(cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 2): number {
  return Math.max(1, Math.min(MAX_WORKERS, cores || 2));
}

export type JobResult = { ok: true; run: RunJson } | { ok: false; error: string };

interface Lane {
  worker: Worker;
  api: Remote<SweepWorker>;
  ready: Promise<void>;
}

export class SweepPool {
  private readonly lanes = new Set<Lane>();
  private canceled = false;
  private stop: () => void = () => undefined;

  constructor(
    private readonly module: WebAssembly.Module,
    readonly size = poolSize(),
  ) {}

  private start(): Lane {
    const worker = new Worker(new URL('./sweepWorker.ts', import.meta.url), { type: 'module' });
    const api = wrap<SweepWorker>(worker);
    const lane = { worker, api, ready: api.init(this.module) };
    this.lanes.add(lane);
    return lane;
  }

  private end(lane: Lane): void {
    lane.worker.terminate();
    this.lanes.delete(lane);
  }

  /** Runs jobs 0 … n−1 of the sweep in `text`, giving each result to `onResult` as it comes;
   * resolves with whether all ran (false: canceled). Once per pool. */
  run(text: string, n: number, onResult: (index: number, r: JobResult) => void): Promise<boolean> {
    let next = 0;
    const lane = async () => {
      let w = this.start();
      while (!this.canceled && next < n) {
        const index = next++;
        let result: JobResult;
        try {
          await w.ready;
          result = { ok: true, run: JSON.parse(await w.api.run(text, index)) as RunJson };
        } catch (e) {
          result = { ok: false, error: e instanceof Error ? e.message : String(e) };
          this.end(w);
          w = this.start();
        }
        if (this.canceled) return;
        onResult(index, result);
      }
      this.end(w);
    };
    const canceled = new Promise<boolean>((resolve) => (this.stop = () => resolve(false)));
    const all = Promise.all(Array.from({ length: Math.min(this.size, n) }, lane)).then(() => !this.canceled);
    return Promise.race([all, canceled]);
  }

  /** Stops every worker where it is; the runs finished stay with the caller. */
  cancel(): void {
    this.canceled = true;
    for (const lane of [...this.lanes]) this.end(lane);
    this.stop();
  }

  /** Workers running now (the e2e test checks Cancel leaves none). */
  get running(): number {
    return this.lanes.size;
  }
}
