// The slice of the engine bridge's LabClient (web/src/engine/client.ts) the app drives. Declared
// here so the controller can be unit-tested with a fake engine.
import type { Progress } from '../engine/protocol';
import type { Frame, LoadResult, Sample } from '../engine/types';

export interface EngineLike {
  load(text: string, seed?: number): Promise<LoadResult>;
  frame(tNs: number, onProgress?: (p: Progress) => void): Promise<Frame>;
  step(): Promise<Frame>;
  stepToKind(kind: number, limitNs: number, onProgress?: (p: Progress) => void): Promise<Frame>;
  seek(tNs: number, onProgress?: (p: Progress) => void): Promise<Frame>;
  /** Stops long work already asked for where it has got to (its call resolves with that frame). */
  cancel(): void;
  reset(): Promise<Frame>;
  summary(): Promise<unknown>;
  /** Every sample of the time series so far. */
  series(): Promise<Sample[]>;
  /** Told when the engine finds, after the last load that succeeded answered without it, when
   * that run ends (null: it could not tell; the frames say it once the run gets there). */
  onEnd?: ((endNs: number | null) => void) | null;
  /** Replaces a stopped engine by a fresh one (a new worker); calls in flight fail. Absent
   * where there is nothing to restart (a served port in tests). */
  restart?(): void;
}
