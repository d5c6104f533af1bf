// The disk-space view's typed reading of the MOB's `disk_space` and `fragments` sections
// (engine/core/src/systems/mob/wo/view.rs) and the database's geometry: the regions and live
// fragments of the write-optimized and hybrid layouts, or under the read-optimized layout (no rows)
// the pages at their fixed homes. Every value by name, as mobFrame.ts reads; built once per frame.
import { oncePerFrame, section } from '../../views/lib/sections';
import { valueId, valueNames } from '../../views/lib/describe';
import type { Frame, SystemDescription } from '../../engine/types';

/** The live fragments, one row each, region by region in placement order. */
export interface Fragments {
  page: Uint32Array;
  region: Uint32Array;
  /** Bytes from the start of its region, its header first. */
  offset: Uint32Array;
  bytes: Uint32Array;
  /** Objects it holds the newest version of. */
  liveObjects: Uint32Array;
  /** 1 when it holds its page's current header. */
  header: Uint8Array;
}

export interface SpaceSnapshot {
  /** A name of `disk_space.layout`: read_optimized (no regions), write_optimized or hybrid. */
  layout: string;
  regionBytes: number;
  pageBytes: number;
  /** The database: its pages, each at home p × pageBytes under the read-optimized layout. */
  pages: number;
  objectsPerPage: number;
  freeRegions: number;
  /** The cleaner runs when free regions fall below `lowWater` and frees up to `highWater`. */
  lowWater: number;
  highWater: number;
  /** The region the flusher is filling, -1 when none. */
  writingRegion: number;
  /** Since 0 s: cleaner runs that freed regions, regions cleaned, live bytes copied. */
  cleanings: number;
  regionsCleaned: number;
  bytesCopied: number;
  /** When the cleaner last ran (0 before it has). */
  lastCleanNs: number;
  /** Per region in disk order: bytes written, bytes live, state, and the latest cleaning's
   * victims (`cleaned`) and outputs (`output`), 1 or 0. */
  fill: Uint32Array;
  live: Uint32Array;
  state: Uint8Array;
  cleaned: Uint8Array;
  output: Uint8Array;
  /** `state`'s values, in the engine's numbering. */
  states: { free: number; used: number; writing: number };
  fragments: Fragments;
  /** The fragment rows of region r: regionStart[r] … regionStart[r + 1] − 1. */
  regionStart: Uint32Array;
  /** The fragment rows of page p: pageRows[pageStart[p]] … pageRows[pageStart[p + 1] − 1], in
   * disk order. */
  pageStart: Uint32Array;
  pageRows: Uint32Array;
}

/** The disk-space sections of `f`, typed; throws when the frame lacks one of them. */
export const spaceFrame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription | null): SpaceSnapshot {
  const db = section(f, 'database');
  const s = section(f, 'disk_space');
  const fr = section(f, 'fragments');
  const fragments: Fragments = {
    page: fr.col('page'),
    region: fr.col('region'),
    offset: fr.col('offset'),
    bytes: fr.col('bytes'),
    liveObjects: fr.col('live_objects'),
    header: fr.col('header'),
  };
  const fill = s.col<Uint32Array>('fill');
  const pages = db.num('pages');
  const state = (v: string) => valueId(d, 'disk_space', 'state', v);
  const byPage = group(fragments.page, pages);
  return {
    layout: valueNames(d, 'disk_space', 'layout')[s.num('layout')] ?? String(s.num('layout')),
    regionBytes: s.num('region_bytes'),
    pageBytes: s.num('page_bytes'),
    pages,
    objectsPerPage: db.num('objects_per_page'),
    freeRegions: s.num('free_regions'),
    lowWater: s.num('low_water'),
    highWater: s.num('high_water'),
    writingRegion: s.num('writing_region'),
    cleanings: s.num('cleanings'),
    regionsCleaned: s.num('regions_cleaned'),
    bytesCopied: s.num('bytes_copied'),
    lastCleanNs: s.num('last_clean_ns'),
    fill,
    live: s.col('live'),
    state: s.col('state'),
    cleaned: s.col('cleaned'),
    output: s.col('output'),
    states: { free: state('free'), used: state('used'), writing: state('writing') },
    fragments,
    // The rows come region by region, so a region's rows are consecutive.
    regionStart: group(fragments.region, fill.length).start,
    pageStart: byPage.start,
    pageRows: byPage.rows,
  };
}

/** The rows of each key 0 … n − 1 grouped by key, each group in row order (a counting sort):
 * key k's rows are rows[start[k]] … rows[start[k + 1] − 1]. */
function group(keys: Uint32Array, n: number): { start: Uint32Array; rows: Uint32Array } {
  const start = new Uint32Array(n + 1);
  for (const k of keys) if (k < n) start[k + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const next = start.slice(0, n);
  const rows = new Uint32Array(start[n]);
  keys.forEach((k, row) => {
    if (k < n) rows[next[k]++] = row;
  });
  return { start, rows };
}

/** The fragment rows of page `p`, in disk order. */
export function fragmentsOfPage(s: SpaceSnapshot, p: number): Uint32Array {
  if (p < 0 || p >= s.pages) return new Uint32Array(0);
  return s.pageRows.subarray(s.pageStart[p], s.pageStart[p + 1]);
}

/** The regions holding page p's fragments, in disk order, without repeats. */
export function regionsOfPage(s: SpaceSnapshot, p: number): number[] {
  return [...new Set(Array.from(fragmentsOfPage(s, p), (row) => s.fragments.region[row]))];
}

/** The bytes of region r nothing reads any more: written, then superseded. */
export function deadBytes(s: SpaceSnapshot, r: number): number {
  return Math.max(0, s.fill[r] - s.live[r]);
}
