// LabClient: the main thread's handle on the engine worker. Same methods as LabHost, async; each
// call sends one small request with an id and resolves with the reply carrying that id.
import type { Endpoint, Op, Ops, RunSummary, Response } from './protocol';
import type { Frame, LoadResult } from './types';

export class LabClient {
  private readonly port: Endpoint;
  /** The worker this client started, to terminate; null when given an endpoint. */
  private readonly worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  /** `port`: a Worker running worker.ts, or any endpoint served by `serve` (tests). */
  constructor(port?: Endpoint) {
    if (!port) this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.port = port ?? this.worker!;
    this.port.addEventListener('message', (event: MessageEvent) => this.settle(event.data as Response));
    this.port.start?.();
  }

  load(text: string, seed?: number): Promise<LoadResult> {
    return this.call('load', [text, seed]);
  }
  frame(tNs: number): Promise<Frame> {
    return this.call('frame', [tNs]);
  }
  step(): Promise<Frame> {
    return this.call('step', []);
  }
  stepToKind(kind: number, limitNs: number): Promise<Frame> {
    return this.call('stepToKind', [kind, limitNs]);
  }
  seek(tNs: number): Promise<Frame> {
    return this.call('seek', [tNs]);
  }
  reset(): Promise<Frame> {
    return this.call('reset', []);
  }
  summary(): Promise<RunSummary> {
    return this.call('summary', []);
  }

  /** Stops the worker (when this client created it) and fails calls still waiting. */
  terminate(): void {
    this.worker?.terminate();
    for (const p of this.pending.values()) p.reject(new Error('engine terminated'));
    this.pending.clear();
  }

  private call<K extends Op>(op: K, args: Ops[K]['args']): Promise<Ops[K]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.port.postMessage({ id, op, args }, []);
    });
  }

  private settle(res: Response): void {
    const p = this.pending.get(res.id);
    if (!p) return;
    this.pending.delete(res.id);
    if (res.ok) p.resolve(res.value);
    else p.reject(new Error(res.error));
  }
}
