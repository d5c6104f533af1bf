// A bounded struct-of-arrays store of the most recent trace records, with exact totals.
import type { Frame, TraceBatch } from '../../engine/types';

export interface TraceRecord {
  /** Absolute index since the last reset (0 = first record received). */
  index: number;
  t: number;
  kind: number;
  entity: number;
  a: number;
  b: number;
  c: number;
}

const COLUMNS = ['t', 'kind', 'entity', 'a', 'b', 'c'] as const;

export class RecordStore {
  readonly t: Float64Array;
  readonly kind: Uint8Array;
  readonly entity: Uint32Array;
  readonly a: Float64Array;
  readonly b: Float64Array;
  readonly c: Float64Array;
  /** Records received since the last reset (the exact count the log shows). */
  total = 0;
  /** Records the engine's ring dropped before they reached us. */
  lost = 0;
  /** Bumped on every change, so derived lists know when to recompute. */
  version = 0;

  constructor(readonly capacity = 5000) {
    this.t = new Float64Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.entity = new Uint32Array(capacity);
    this.a = new Float64Array(capacity);
    this.b = new Float64Array(capacity);
    this.c = new Float64Array(capacity);
  }

  /** Absolute index of the oldest record still held. */
  get first(): number {
    return Math.max(0, this.total - this.capacity);
  }

  get size(): number {
    return this.total - this.first;
  }

  clear(): void {
    this.total = 0;
    this.lost = 0;
    this.version++;
  }

  ingest(batch: TraceBatch): void {
    const n = batch.t.length;
    this.lost += batch.lost;
    if (n === 0) {
      if (batch.lost) this.version++;
      return;
    }
    // Only the last `capacity` of a huge batch can survive: copied in at most two runs (up to the
    // end of the ring, then from its start), a column at a time.
    let from = Math.max(0, n - this.capacity);
    while (from < n) {
      const slot = (this.total + from) % this.capacity;
      const to = Math.min(n, from + this.capacity - slot);
      for (const k of COLUMNS) this[k].set(batch[k].subarray(from, to), slot);
      from = to;
    }
    this.total += n;
    this.version++;
  }

  has(index: number): boolean {
    return index >= this.first && index < this.total;
  }

  get(index: number): TraceRecord {
    if (!this.has(index)) throw new RangeError(`record ${index} is not held`);
    const s = index % this.capacity;
    return { index, t: this.t[s], kind: this.kind[s], entity: this.entity[s], a: this.a[s], b: this.b[s], c: this.c[s] };
  }

  /** Absolute indices of held records, oldest first, that pass the filter. */
  filter(kinds: ReadonlySet<number> | null, text: (index: number) => boolean = () => true): number[] {
    const out: number[] = [];
    for (let i = this.first; i < this.total; i++) {
      const s = i % this.capacity;
      if (kinds && !kinds.has(this.kind[s])) continue;
      if (!text(i)) continue;
      out.push(i);
    }
    return out;
  }
}

/** Adds a frame's records to `store`, cleared first when the frame starts afresh (a reset). */
export function gatherRecords(store: RecordStore, frame: Frame): void {
  if (frame.reset) store.clear();
  if (frame.trace.t.length > 0 || frame.trace.lost > 0) store.ingest(frame.trace);
}
