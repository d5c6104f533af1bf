// Thor0's frames, typed (engine/core/src/systems/thor/view.rs): the adaptive prefetcher and its
// latest groups (`prefetch`), the latest fetch's segment and chunk (`segment`), the FE's heap as
// bins of its arena (`heap`), the collections so far (`collections`) and where the time went
// (`ledger`, Tables 2–3). Read by name, so a renamed column fails the tests on recorded frames.
import type { Frame, SystemDescription } from '../../engine/types';
import { valueNames } from '../../views/lib/describe';
import { oncePerFrame, section } from '../../views/lib/sections';

/** One prefetch group: the size asked for, the objects shipped, how many of them have been used
 * since, and when it was asked for and arrived (ns). */
export interface PrefetchGroup {
  /** Its fetch number, from 1. */
  number: number;
  k: number;
  shipped: number;
  used: number;
  sent: number;
  arrived: number;
}

export interface Prefetcher {
  policy: string;
  /** The size the next fetch asks for, and the counters (§5.2). */
  size: number;
  fetch: number;
  use: number;
  ratio: number;
  threshold: number;
  step: number;
  min: number;
  max: number;
  fetches: number;
  shipped: number;
  /** The fetch in flight: where it is ("none" when there is none), its object and k (−1: none). */
  phase: string;
  object: number;
  k: number;
  /** The latest groups, oldest first. */
  groups: PrefetchGroup[];
}

/** What became of an object of the latest fetch's segment (`segment.state`). */
export type SlotState = 'outside the chunk' | 'requested' | 'shipped' | 'left out: sent recently' | 'left out: big';

export interface SegmentCut {
  /** −1 before the first fetch. */
  segment: number;
  fetch: number;
  k: number;
  chunkFrom: number;
  chunkTo: number;
  slot: number;
  segmentBytes: number;
  objects: Uint32Array;
  bytes: Uint32Array;
  kinds: readonly string[];
  kind: Uint8Array;
  stateNames: readonly SlotState[];
  state: Uint8Array;
  resident: Uint8Array;
}

/** The heap's bins: bytes of each kind of cell in each bin of the arena, from address 0. */
export interface HeapBins {
  unswizzled: Float64Array;
  swizzled: Float64Array;
  modified: Float64Array;
  surrogate: Float64Array;
  full: Float64Array;
  hole: Float64Array;
  toSpace: Float64Array;
}

export interface FeHeap {
  capacity: number;
  used: number;
  trigger: number;
  limit: number;
  objects: number;
  surrogates: number;
  collections: number;
  /** "none" between collections, else "shrinking", "copying" or "sweeping the ROT". */
  phase: string;
  to: number;
  binBytes: number;
  bins: HeapBins;
}

export interface CollectionRow {
  from: number;
  to: number;
  shrunk: number;
  copied: number;
}

/** Tables 2–3's categories so far, s, in the tables' order. */
export const CATEGORIES = [
  ['traversal', 'Traversal'],
  ['lazy_swizzling', 'Lazy swizzling'],
  ['commit', 'Commit'],
  ['shrinking', 'Shrinking'],
  ['gc', 'GC'],
  ['fetch_fe', 'Fetch handling FE'],
  ['fetch_communication', 'Fetch communication'],
  ['fetch_or', 'Fetch handling OR'],
  ['disk', 'Disk'],
] as const;

export interface ThorFrame {
  nowNs: number;
  prefetch: Prefetcher;
  segment: SegmentCut;
  heap: FeHeap;
  collections: CollectionRow[];
  /** Seconds per category, by key, and the total. */
  ledger: Record<(typeof CATEGORIES)[number][0] | 'total', number>;
}

function readPrefetch(f: Frame, d: SystemDescription | null): Prefetcher {
  const { num, col } = section(f, 'prefetch');
  const policies = valueNames(d, 'prefetch', 'policy');
  const phases = valueNames(d, 'prefetch', 'phase');
  const k = col<Uint32Array>('k');
  const shipped = col<Uint32Array>('shipped');
  const used = col<Uint32Array>('used');
  const sent = col<Float64Array>('sent');
  const arrived = col<Float64Array>('arrived');
  const first = num('first');
  const groups: PrefetchGroup[] = [];
  for (let i = 0; i < k.length; i++) {
    groups.push({ number: first + i + 1, k: k[i], shipped: shipped[i], used: used[i], sent: sent[i], arrived: arrived[i] });
  }
  return {
    policy: policies[num('policy')] ?? String(num('policy')),
    size: num('size'),
    fetch: num('fetch'),
    use: num('use'),
    ratio: num('ratio'),
    threshold: num('threshold'),
    step: num('step'),
    min: num('min'),
    max: num('max'),
    fetches: num('fetches'),
    shipped: num('shipped'),
    phase: phases[num('phase')] ?? String(num('phase')),
    object: num('object'),
    k: num('k'),
    groups,
  };
}

function readSegment(f: Frame, d: SystemDescription | null): SegmentCut {
  const { num, col } = section(f, 'segment');
  return {
    segment: num('segment'),
    fetch: num('fetch'),
    k: num('k'),
    chunkFrom: num('chunk_from'),
    chunkTo: num('chunk_to'),
    slot: num('slot'),
    segmentBytes: num('segment_bytes'),
    objects: col<Uint32Array>('object'),
    bytes: col<Uint32Array>('bytes'),
    kinds: valueNames(d, 'segment', 'kind'),
    kind: col<Uint8Array>('kind'),
    stateNames: valueNames(d, "segment", "state") as readonly SlotState[],
    state: col<Uint8Array>('state'),
    resident: col<Uint8Array>('resident'),
  };
}

function readHeap(f: Frame, d: SystemDescription | null): FeHeap {
  const { num, col } = section(f, 'heap');
  const phases = valueNames(d, 'heap', 'phase');
  return {
    capacity: num('capacity'),
    used: num('used'),
    trigger: num('trigger'),
    limit: num('limit'),
    objects: num('objects'),
    surrogates: num('surrogates'),
    collections: num('collections'),
    phase: phases[num('phase')] ?? String(num('phase')),
    to: num('to'),
    binBytes: num('bin_bytes'),
    bins: {
      unswizzled: col<Float64Array>('unswizzled'),
      swizzled: col<Float64Array>('swizzled'),
      modified: col<Float64Array>('modified'),
      surrogate: col<Float64Array>('surrogate'),
      full: col<Float64Array>('full'),
      hole: col<Float64Array>('hole'),
      toSpace: col<Float64Array>('to_space'),
    },
  };
}

function readCollections(f: Frame): CollectionRow[] {
  const { col } = section(f, 'collections');
  const from = col<Float64Array>('from');
  const to = col<Float64Array>('to');
  const shrunk = col<Float64Array>('shrunk');
  const copied = col<Float64Array>('copied');
  return Array.from(from, (v, i) => ({ from: v, to: to[i], shrunk: shrunk[i], copied: copied[i] }));
}

function readLedger(f: Frame): ThorFrame['ledger'] {
  const { num } = section(f, 'ledger');
  const out = { total: num('total') } as ThorFrame['ledger'];
  for (const [key] of CATEGORIES) out[key] = num(key);
  return out;
}

/** The Thor sections of `f`, typed; read once per frame whichever views draw it. */
export const thorFrame = oncePerFrame(
  (f: Frame, d: SystemDescription | null): ThorFrame => ({
    nowNs: f.nowNs,
    prefetch: readPrefetch(f, d),
    segment: readSegment(f, d),
    heap: readHeap(f, d),
    collections: readCollections(f),
    ledger: readLedger(f),
  }),
);
