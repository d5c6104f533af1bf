// The MOB view's typed reading of the two sections every system with a modified object buffer
// declares (engine/core/src/components/mob/view.rs: `mob`, the scan list, and `flusher`, its
// pass). Each value is read by its name and a missing one throws, so a renamed or dropped column
// fails the view tests (which run on frames recorded from the engine) instead of drawing NaN.
// Built once per frame; a system's own frame reader may read them with these too.
import type { Frame, SystemDescription } from '../../../engine/types';
import { systemOf } from '../../../systems';
import { valueColours } from '../../contract';
import { valueNames } from '../describe';
import { oncePerFrame, section } from '../sections';
import { MOB_TERMS } from './part';

/** The buffer's scan list in log order, one entry per chunk (thesis §3.1.4). */
export interface MobSnapshot {
  capacityBytes: number;
  usedBytes: number;
  /** Flusher trigger (0.99 in the thesis's simulator, 0.9 in Thor's OR) and scan fraction (0.01, 0.1) as
   * fractions of the capacity. */
  trigger: number;
  scanFrac: number;
  chunkPage: Uint32Array;
  chunkCount: Uint32Array;
  chunkLogIndex: Float64Array;
  chunkArea: Uint8Array;
  /** Totals since the start: modifications inserted, superseded (absorbed), removed by writes. */
  inserted: number;
  superseded: number;
  removed: number;
}

export interface FlusherSnapshot {
  /** A name of the flusher's `state` values: idle, reading or writing. */
  state: string;
  /** Page being read or written (-1 when idle). */
  page: number;
  /** This pass's pages, sorted by disk address, and the index of the current one. */
  batch: Uint32Array;
  position: number;
  /** Passes finished. */
  passes: number;
  /** Pages written since 0 s, and the modifications those writes installed. */
  pagesWritten: number;
  installed: number;
}

/** The names of the buffer's areas (`mob.area`), in the engine's numbering, and their colours. */
export interface AreaNames {
  area: readonly string[];
  areaColour: readonly string[];
  areaName(area: number): string;
}

/** What the MOB view draws: the buffer and its flusher. */
export interface BufferFrame {
  /** The frame's simulated time, ns. */
  nowNs: number;
  names: AreaNames;
  mob: MobSnapshot;
  flusher: FlusherSnapshot;
}

/** Area names from `area`'s value names, coloured as `colours` (the system's `MobTerms`) says. */
export function areaNamesOf(area: readonly string[], colours: Readonly<Record<string, string>>): AreaNames {
  return { area, areaColour: valueColours(area, colours), areaName: (a) => area[a] ?? `area ${a}` };
}

const NO_NAMES = areaNamesOf([], {});
const names = new WeakMap<SystemDescription, AreaNames>();

/** The areas the system names (none before a load). */
export function areaNames(d: SystemDescription | null): AreaNames {
  if (!d) return NO_NAMES;
  let n = names.get(d);
  if (!n) {
    n = areaNamesOf(valueNames(d, 'mob', 'area'), (systemOf(d.kind)?.mobView?.terms ?? MOB_TERMS).areaColours);
    names.set(d, n);
  }
  return n;
}

/** The `mob` section of `f`, typed; throws when the frame lacks a value of it. */
export function readMob(f: Frame): MobSnapshot {
  const m = section(f, 'mob');
  return {
    capacityBytes: m.num('capacity_bytes'),
    usedBytes: m.num('used_bytes'),
    trigger: m.num('trigger'),
    scanFrac: m.num('scan_frac'),
    chunkPage: m.col('page'),
    chunkCount: m.col('count'),
    chunkLogIndex: m.col('log_index'),
    chunkArea: m.col('area'),
    inserted: m.num('inserted'),
    superseded: m.num('superseded'),
    removed: m.num('removed'),
  };
}

/** The `flusher` section of `f`, typed; throws when the frame lacks a value of it. */
export function readFlusher(f: Frame, d: SystemDescription | null): FlusherSnapshot {
  const fl = section(f, 'flusher');
  const states = valueNames(d, 'flusher', 'state');
  return {
    state: states[fl.num('state')] ?? String(fl.num('state')),
    page: fl.num('page'),
    batch: fl.col('page'),
    position: fl.num('position'),
    passes: fl.num('passes'),
    pagesWritten: fl.num('pages_written'),
    installed: fl.num('installed'),
  };
}

/** The buffer's sections of `f`, typed; throws when the frame lacks one of them. */
export const bufferFrame = oncePerFrame((f: Frame, d: SystemDescription | null): BufferFrame => ({
  nowNs: f.nowNs,
  names: areaNames(d),
  mob: readMob(f),
  flusher: readFlusher(f, d),
}));
