// The messages between LabClient (main thread) and the engine worker. Requests are small
// structured-clone objects; a Frame reply transfers the buffers of its typed arrays instead of
// copying them (no SharedArrayBuffer, so the app needs no cross-origin isolation headers). Long
// work sends Progress messages before its reply; a Cancel stops every request sent before it.
import type { Frame, LoadResult, Sample } from './types';

/** Final and so-far figures of the run, and what identifies it for determinism checks. */
export interface RunSummary {
  nowNs: number;
  events: number;
  finished: boolean;
  seed: number;
  /** 16 hex digits; equal to the CLI's trace_hash for the same scenario, seed and time. */
  traceHash: string;
  /** engine metrics::Summary as the CLI prints it (`runs[i].summary`). */
  metrics: Record<string, unknown>;
}

/** How far long work (a seek, a run to the next record of a kind) has come, in simulated ns. */
export interface Progress {
  fromNs: number;
  nowNs: number;
  targetNs: number;
}

/** Each operation's arguments and result; LabHost implements them, LabClient mirrors them. */
export interface Ops {
  load: { args: [text: string, seed?: number]; result: LoadResult };
  frame: { args: [tNs: number]; result: Frame };
  step: { args: []; result: Frame };
  stepToKind: { args: [kind: number, limitNs: number]; result: Frame };
  seek: { args: [tNs: number]; result: Frame };
  reset: { args: []; result: Frame };
  summary: { args: []; result: RunSummary };
  /** Every sample of the time series so far (the results panel's CSV). */
  series: { args: []; result: Sample[] };
  /** Makes the engine panic as a bug would (the e2e test of the recovery path). */
  panicForTests: { args: [message: string]; result: void };
}

export type Op = keyof Ops;

export type Request = { [K in Op]: { id: number; op: K; args: Ops[K]['args'] } }[Op];

/** Stops the work of every request with a smaller id where it is: a canceled request still
 * answers, with the frame of the time it reached. Handled at once, not queued; no reply. */
export interface Cancel {
  id: number;
  op: 'cancel';
}

/** The compiled engine, sent first to a worker started with the name SHARED_MODULE_WORKER (it
 * instantiates this module instead of fetching the .wasm file), or why it could not be compiled.
 * Handled by the worker, not served. */
export type ModuleMessage = { op: 'module'; module: WebAssembly.Module } | { op: 'module'; error: string };

/** When the run of load request `load` ends, found by the worker after it answered the load
 * (LabHost.searchEnd): the end in ns, or null when the search gave up. Not a reply. */
export interface EndFound {
  op: 'end';
  load: number;
  endNs: number | null;
}

/** The name of a worker that waits for a ModuleMessage before it serves. */
export const SHARED_MODULE_WORKER = 'storelab-engine-shared-module';

export type Response =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string }
  | { id: number; progress: Progress };

/** Either end of the channel: a Worker, the worker's global scope, or a MessagePort. */
export interface Endpoint {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** MessagePorts deliver nothing until started; Workers have no start(). */
  start?(): void;
}

/** The buffers of every typed array in a Frame, for the transfer list. */
export function frameBuffers(f: Frame): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [
    f.trace.t, f.trace.kind, f.trace.entity, f.trace.a, f.trace.b, f.trace.c, f.traceCounts,
    ...Object.values(f.sections).flatMap((s) => Object.values(s.columns)),
  ];
  // A buffer listed twice makes postMessage throw; each array owns its buffer, but be sure.
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** Type guard for replies that carry a Frame. */
export function isFrameOp(op: Op): op is 'frame' | 'step' | 'stepToKind' | 'seek' | 'reset' {
  return op === 'frame' || op === 'step' || op === 'stepToKind' || op === 'seek' || op === 'reset';
}

/** Fraction of long work done, 0 … 1. */
export function fractionDone(p: Progress): number {
  const span = p.targetNs - p.fromNs;
  return span > 0 ? Math.min(1, Math.max(0, (p.nowNs - p.fromNs) / span)) : 1;
}
