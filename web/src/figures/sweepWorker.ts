// A worker of the figures page's pool (pool.ts): given the engine compiled once for the page, it
// runs sweep jobs one at a time, each to its end (WASM run_sweep_job). Comlink carries the calls.
import { expose } from 'comlink';
import { initEngine, run_sweep_job } from '../engine/wasm';

const api = {
  async init(module: WebAssembly.Module): Promise<void> {
    await initEngine(module);
  },
  /** Job `index` of the sweep in `text`: its RunResult as JSON; throws why it could not run. */
  run(text: string, index: number): string {
    return run_sweep_job(text, index);
  },
};

export type SweepWorker = typeof api;

expose(api);
