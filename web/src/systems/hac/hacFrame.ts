// The HAC view's typed reading of the frame sections the HAC system declares
// (engine/core/src/systems/hac/view.rs): the client cache's frames, the scan pointers, the objects
// of the frames with detail, the candidate set and the current replacement step by step. Every
// value is read by its name and a missing one throws, so a renamed or dropped column fails the
// view tests instead of drawing NaN; enumerations are compared by the names the description gives
// them. Built once per frame.
import { oncePerFrame, section } from '../../views/lib/sections';
import type { Frame, SystemDescription } from '../../engine/types';
import { valueNames } from '../../views/lib/describe';

/** u32 columns say "none" with u32::MAX, f64 scalars with -1. */
export const NONE = 4294967295;

/** The names of HAC's enumerated values, in the engine's numbering. */
export interface HacNames {
  policy: readonly string[];
  /** Frame kinds: free, intact, compacted, object buffer (GOM's, in page-sized rows). */
  frameKind: readonly string[];
  /** Replacement step kinds: scan primary … compacted (spec §2.14). */
  stepKind: readonly string[];
}

export interface ClientSnapshot {
  /** A name of `client.policy`: hac, fpc, quickstore or gom. */
  policy: string;
  frames: number;
  frameBytes: number;
  accesses: number;
  fetches: number;
  /** Indirection table, B (16 B an entry). */
  tableBytes: number;
  epoch: number;
  /** Compaction target frame, or -1. */
  target: number;
  /** Frames per pointer per epoch (S) and the retention fraction (R). */
  scan: number;
  retention: number;
  /** One row per frame (GOM: its page frames, then its object buffer's rows). `kind` is a
   * `names.frameKind` number. */
  kind: Uint8Array;
  page: Uint32Array;
  used: Uint32Array;
  objects: Uint32Array;
  installed: Uint32Array;
  t: Uint8Array;
  h: Float64Array;
  pinned: Uint8Array;
  detail: Uint8Array;
  incoming: Uint8Array;
  /** QuickStore's CLOCK reference bit per frame (0 for the other policies). */
  referenced: Uint8Array;
}

/** The objects of the frames with detail, in frame order then offset order. */
export interface ObjectsSnapshot {
  frame: Uint32Array;
  object: Uint32Array;
  offset: Uint32Array;
  bytes: Uint32Array;
  usage: Uint8Array;
  installed: Uint8Array;
  modified: Uint8Array;
  /** Objects of frame f are rows first[f] … first[f + 1] - 1 (empty without detail). */
  first: Uint32Array;
}

export interface CandidatesSnapshot {
  /** E: a candidate leaves the set after this many epochs. */
  epochs: number;
  frame: Uint32Array;
  t: Uint8Array;
  h: Float64Array;
  age: Float64Array;
}

export interface ReplacementSnapshot {
  /** Page being fetched, the frame it goes into (-1: none yet). */
  page: number;
  frame: number;
  /** Simulated seconds; -1 until known. */
  sentS: number;
  replyS: number;
  startS: number;
  endS: number;
  background: boolean;
  /** Index of the last step whose time has come, -1 if none. */
  step: number;
  /** Every step of the replacement; the rows stop at 4,096 (`replacement_view.rs` STEP_ROWS). */
  stepsTotal: number;
  victim: number;
  threshold: number;
  /** One row per step; `kind` is a `names.stepKind` number. */
  tS: Float64Array;
  kind: Uint8Array;
  stepFrame: Uint32Array;
  object: Uint32Array;
  to: Uint32Array;
  /** Where a move puts the object (a discard: where it was). */
  offset: Uint32Array;
  /** Where a moved object was (a discard: its offset too). */
  fromOffset: Uint32Array;
  bytes: Uint32Array;
  /** T; a discard: the object's usage; a secondary scan: 1 if it added the frame. */
  t: Uint8Array;
  h: Float64Array;
}

export interface PointersSnapshot {
  /** Scan pointers, the primary first. */
  frame: Uint32Array;
  primary: Uint8Array;
}

export interface HacFrame {
  nowNs: number;
  names: HacNames;
  client: ClientSnapshot;
  pointers: PointersSnapshot;
  objects: ObjectsSnapshot;
  candidates: CandidatesSnapshot;
  replacement: ReplacementSnapshot;
}

const namesOf = new WeakMap<SystemDescription, HacNames>();
const NO_NAMES: HacNames = { policy: [], frameKind: [], stepKind: [] };

/** HAC's value names, from its description (none before a load). */
export function hacNames(d: SystemDescription | null): HacNames {
  if (!d) return NO_NAMES;
  let n = namesOf.get(d);
  if (!n) {
    n = {
      policy: valueNames(d, 'client', 'policy'),
      frameKind: valueNames(d, 'client', 'kind'),
      stepKind: valueNames(d, 'replacement', 'kind'),
    };
    namesOf.set(d, n);
  }
  return n;
}

/** The number of value `name` among `names`; throws on a name the engine does not give. */
export function named(names: readonly string[], name: string): number {
  const i = names.indexOf(name);
  if (i < 0) throw new Error(`no value ${name} among ${names.join(', ') || '(none before load)'}`);
  return i;
}

/** The HAC sections of `f`, typed; throws when the frame lacks one of their values. */
export const hacFrame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription | null): HacFrame {
  const names = hacNames(d);
  const client = readClient(f, names);
  return {
    nowNs: f.nowNs,
    names,
    client,
    pointers: readPointers(f),
    objects: readObjects(f, client.frames),
    candidates: readCandidates(f),
    replacement: readReplacement(f),
  };
}

function readClient(f: Frame, names: HacNames): ClientSnapshot {
  const c = section(f, 'client');
  const policy = c.num('policy');
  return {
    policy: names.policy[policy] ?? String(policy),
    frames: c.num('frames'),
    frameBytes: c.num('frame_bytes'),
    accesses: c.num('accesses'),
    fetches: c.num('fetches'),
    tableBytes: c.num('table_bytes'),
    epoch: c.num('epoch'),
    target: c.num('target'),
    scan: c.num('scan'),
    retention: c.num('retention'),
    kind: c.col('kind'),
    page: c.col('page'),
    used: c.col('used'),
    objects: c.col('objects'),
    installed: c.col('installed'),
    t: c.col('t'),
    h: c.col('h'),
    pinned: c.col('pinned'),
    detail: c.col('detail'),
    incoming: c.col('incoming'),
    referenced: c.col('referenced'),
  };
}

function readPointers(f: Frame): PointersSnapshot {
  const p = section(f, 'pointers');
  return { frame: p.col('frame'), primary: p.col('primary') };
}

function readObjects(f: Frame, frames: number): ObjectsSnapshot {
  const o = section(f, 'objects');
  const frame = o.col<Uint32Array>('frame');
  return {
    frame,
    object: o.col('object'),
    offset: o.col('offset'),
    bytes: o.col('bytes'),
    usage: o.col('usage'),
    installed: o.col('installed'),
    modified: o.col('modified'),
    first: firstRows(frame, frames),
  };
}

/** first[f] = the first row of frame f's objects (rows are in frame order); first[frames] = rows. */
export function firstRows(frame: Uint32Array, frames: number): Uint32Array {
  const first = new Uint32Array(frames + 1);
  for (let i = 0; i < frame.length; i++) if (frame[i] < frames) first[frame[i] + 1]++;
  for (let k = 0; k < frames; k++) first[k + 1] += first[k];
  return first;
}

function readCandidates(f: Frame): CandidatesSnapshot {
  const c = section(f, 'candidates');
  return { epochs: c.num('epochs'), frame: c.col('frame'), t: c.col('t'), h: c.col('h'), age: c.col('age') };
}

function readReplacement(f: Frame): ReplacementSnapshot {
  const r = section(f, 'replacement');
  return {
    page: r.num('page'),
    frame: r.num('frame'),
    sentS: r.num('sent_s'),
    replyS: r.num('reply_s'),
    startS: r.num('start_s'),
    endS: r.num('end_s'),
    background: r.num('background') === 1,
    step: r.num('step'),
    stepsTotal: r.num('steps_total'),
    victim: r.num('victim'),
    threshold: r.num('threshold'),
    tS: r.col('t_s'),
    kind: r.col('kind'),
    stepFrame: r.col('frame'),
    object: r.col('object'),
    to: r.col('to'),
    offset: r.col('offset'),
    fromOffset: r.col('from_offset'),
    bytes: r.col('bytes'),
    t: r.col('t'),
    h: r.col('h'),
  };
}

/** The row of object `object` among frame `frame`'s objects, or -1. */
export function objectRow(o: ObjectsSnapshot, frame: number, object: number): number {
  if (frame < 0 || frame + 1 >= o.first.length) return -1;
  for (let i = o.first[frame]; i < o.first[frame + 1]; i++) if (o.object[i] === object) return i;
  return -1;
}

/** The row of the object of frame `frame` covering byte `at`, or -1 (offsets ascend in a frame). */
export function objectAt(o: ObjectsSnapshot, frame: number, at: number): number {
  if (frame < 0 || frame + 1 >= o.first.length) return -1;
  let lo = o.first[frame];
  let hi = o.first[frame + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (o.offset[mid] > at) hi = mid - 1;
    else if (o.offset[mid] + o.bytes[mid] <= at) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** What frame f is, in words: "intact page 305", "compacted", "free". */
export function frameKindText(h: HacFrame, f: number): string {
  const kind = h.names.frameKind[h.client.kind[f]] ?? 'frame';
  if (h.client.incoming[f]) return `free, reserved for page ${h.replacement.page}`;
  return kind === 'intact' && h.client.page[f] !== NONE ? `intact page ${h.client.page[f]}` : kind;
}

/** Frames by kind: intact, compacted, free. */
export function frameCounts(h: HacFrame): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const n of h.names.frameKind) counts[n] = 0;
  h.client.kind.forEach((k) => {
    const n = h.names.frameKind[k];
    if (n !== undefined) counts[n]++;
  });
  return counts;
}

/** The candidate set's rows as replacement takes them: lowest (T, H) first (the next victim), ties
 * to the newest, the frames it skips last (pinned on the traversal's stack, or the target:
 * `Candidates::take_victim`'s `eligible`). */
export function candidateOrder(h: HacFrame): number[] {
  const c = h.candidates;
  const skipped = (i: number) => Number(h.client.pinned[c.frame[i]] === 1 || c.frame[i] === h.client.target);
  return Array.from(c.frame, (_, i) => i).sort(
    (a, b) => skipped(a) - skipped(b) || c.t[a] - c.t[b] || c.h[a] - c.h[b] || c.age[a] - c.age[b] || c.frame[a] - c.frame[b],
  );
}
