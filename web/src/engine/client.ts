// LabClient: the main thread's handle on the engine worker. Same methods as LabHost, async; each
// call sends one small request with an id and resolves with the reply carrying that id.
import { SHARED_MODULE_WORKER, type Cancel, type EndFound, type Endpoint, type ModuleMessage, type Op, type Ops, type Progress, type RunSummary, type Response } from './protocol';
import type { Frame, LoadResult, Sample } from './types';

/** The engine compiled already, or being compiled, for a worker. */
export type EngineModule = WebAssembly.Module | Promise<WebAssembly.Module>;

/** A worker running worker.ts; given `module`, the worker instantiates it (once it is compiled)
 * rather than fetching and compiling the .wasm file; requests sent meanwhile wait for it. */
function startWorker(module?: EngineModule): Worker {
  if (!module) return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: SHARED_MODULE_WORKER });
  // One that failed to compile fails the worker's engine, which answers every request with why.
  void Promise.resolve(module).then(
    (m) => worker.postMessage({ op: 'module', module: m } satisfies ModuleMessage),
    (e: unknown) => worker.postMessage({ op: 'module', error: e instanceof Error ? e.message : String(e) } satisfies ModuleMessage),
  );
  return worker;
}

export class LabClient {
  private port: Endpoint;
  /** The worker this client started, to terminate; null when given an endpoint. */
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `port`: a Worker running worker.ts, or any endpoint served by `serve` (tests); without one,
   * a worker of its own, given `module` (the engine compiled already) when there is one. */
  constructor(
    port?: Endpoint,
    private readonly module?: EngineModule,
  ) {
    if (!port) this.worker = startWorker(module);
    this.port = port ?? this.worker!;
    this.listen();
  }

  private listen(): void {
    this.port.addEventListener('message', (event: MessageEvent) => this.settle(event.data as Response | EndFound));
    // A worker that dies (out of memory, say) answers nothing more: fail what waits on it.
    this.worker?.addEventListener('error', (event: ErrorEvent) => this.failAll(`the engine stopped: ${event.message || 'its worker failed'}`));
    this.port.start?.();
  }

  /** A fresh worker in place of this one (whose engine stopped); calls in flight fail. */
  restart(): void {
    if (!this.worker) throw new Error('this client was given its endpoint: nothing to restart');
    this.terminate();
    this.worker = startWorker(this.module);
    this.port = this.worker;
    this.listen();
  }

  /** Told when the worker finds when the run of the last load ends, if the load did not know
   * (null: the search gave up; the frames say it once the run gets there). An end found for an
   * earlier load is not told. */
  onEnd: ((endNs: number | null) => void) | null = null;
  private lastLoad = 0;

  load(text: string, seed?: number): Promise<LoadResult> {
    this.lastLoad = this.nextId;
    return this.call('load', [text, seed]);
  }
  /** Long work (frame, stepToKind, seek) reports how far it has come to `onProgress`. */
  frame(tNs: number, onProgress?: (p: Progress) => void): Promise<Frame> {
    return this.call('frame', [tNs], onProgress);
  }
  step(): Promise<Frame> {
    return this.call('step', []);
  }
  stepToKind(kind: number, limitNs: number, onProgress?: (p: Progress) => void): Promise<Frame> {
    return this.call('stepToKind', [kind, limitNs], onProgress);
  }
  seek(tNs: number, onProgress?: (p: Progress) => void): Promise<Frame> {
    return this.call('seek', [tNs], onProgress);
  }
  /** Stops the work of every call made so far where it is, within one slice; each still
   * resolves, with the frame of the time it reached. */
  cancel(): void {
    this.port.postMessage({ id: this.nextId++, op: 'cancel' } satisfies Cancel, []);
  }
  reset(): Promise<Frame> {
    return this.call('reset', []);
  }
  summary(): Promise<RunSummary> {
    return this.call('summary', []);
  }
  series(): Promise<Sample[]> {
    return this.call('series', []);
  }
  /** Makes the engine panic as a bug would; the lab's next call finds it stopped and restarts
   * it (the e2e test of the recovery path). */
  panicForTests(message: string): Promise<void> {
    return this.call('panicForTests', [message]);
  }

  /** Stops the worker (when this client created it) and fails calls still waiting. */
  terminate(): void {
    this.worker?.terminate();
    this.failAll('engine terminated');
  }

  private failAll(message: string): void {
    for (const p of this.pending.values()) p.reject(new Error(message));
    this.pending.clear();
  }

  private call<K extends Op>(op: K, args: Ops[K]['args'], onProgress?: (p: Progress) => void): Promise<Ops[K]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
      this.port.postMessage({ id, op, args }, []);
    });
  }

  private settle(res: Response | EndFound): void {
    if ('op' in res) {
      if (res.load === this.lastLoad) this.onEnd?.(res.endNs);
      return;
    }
    const p = this.pending.get(res.id);
    if (!p) return;
    if ('progress' in res) {
      p.onProgress?.(res.progress);
      return;
    }
    this.pending.delete(res.id);
    if (res.ok) p.resolve(res.value);
    else p.reject(new Error(res.error));
  }
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (p: Progress) => void;
}
