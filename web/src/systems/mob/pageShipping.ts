// What PAGE's server cache holds (thesis §5.1, §5.3.1; spec §2.11): whole pages, each dirty one
// kept, until its eviction writes it, for the few modified objects its disk copy lacks. Pure
// functions of a frame's cache section, for the cache view, the system diagram and the inspector.
import { fmtBytes, fmtPct } from '../../views/lib/format';
import type { ScenarioValues } from '../../engine/types';
import type { CacheSnapshot } from './mobFrame';

/** Colours of PAGE's cached pages: a clean page, a dirty page's unmodified rest (held whole all
 * the same) and its modified objects; the memory bar's free part. */
export const PAGE_COLOURS = { clean: '#c7c7c7', held: '#fdd0a2', modified: '#a63603', free: '#f0f0f0' } as const;

export interface DirtyPages {
  /** Dirty pages in the cache holding modified objects or waiting to be, and the pages cached. */
  dirty: number;
  cached: number;
  /** Dirty pages being written before their eviction, their modified objects on their way to
   * the disk (the frame no longer counts them). */
  writing: number;
  /** Modified objects the dirty pages hold. */
  objects: number;
  /** Bytes of a page, and of the memory the dirty pages take. */
  pageBytes: number;
  bytes: number;
  /** Bytes of modified data in them; null when the object size is unknown. */
  modifiedBytes: number | null;
  /** The share of the dirty pages' memory that is modified data (of their objects when the
   * object size is unknown). */
  share: number;
}

/** The cache's dirty pages and the modified data in them, from the frame's `dirty` and
 * `dirty_objects` columns; `objectBytes` is the scenario's object size (null when unknown). */
export function dirtyPages(c: CacheSnapshot, objectsPerPage: number, objectBytes: number | null): DirtyPages {
  let dirty = 0;
  let writing = 0;
  let objects = 0;
  for (let i = 0; i < c.pages.length; i++) {
    if (!c.dirty[i]) continue;
    if (beingWritten(c, i) && c.dirtyObjects[i] === 0) writing++;
    else dirty++;
    objects += c.dirtyObjects[i];
  }
  const pageBytes = c.capacityBytes / Math.max(1, c.capacityPages);
  const bytes = dirty * pageBytes;
  const modifiedBytes = objectBytes !== null ? objects * objectBytes : null;
  const share = dirty === 0 ? 0 : modifiedBytes !== null ? modifiedBytes / bytes : objects / (dirty * Math.max(1, objectsPerPage));
  return { dirty, cached: c.pages.length, writing, objects, pageBytes, bytes, modifiedBytes, share };
}

/** Whether cached page `i` is a dirty victim whose eviction write is in flight: under PAGE a
 * valid page is pinned only then (page_server.rs). */
function beingWritten(c: CacheSnapshot, i: number): boolean {
  return !!(c.dirty[i] && c.pinned[i] && c.valid[i]);
}

/** "N of M pages dirty, holding K modified objects: X% of the Y MB they take is modified data",
 * and the pages being written. */
export function dirtySummary(d: DirtyPages): string {
  const head = `${d.dirty.toLocaleString()} of ${d.cached.toLocaleString()} pages dirty`;
  const writing = d.writing > 0 ? `; ${d.writing.toLocaleString()} more being written before their eviction` : '';
  if (d.dirty === 0) return `${head}${writing}`;
  const held = `${head}, holding ${d.objects.toLocaleString()} modified object${d.objects === 1 ? '' : 's'}`;
  return d.modifiedBytes !== null
    ? `${held}: ${fmtPct(d.share)} of the ${fmtBytes(d.bytes)} they take is modified data${writing}`
    : `${held}: ${fmtPct(d.share)} of their objects${writing}`;
}

/** The scenario's object size (B), or null when it does not say. */
export function objectBytesOf(scenario: ScenarioValues | null): number | null {
  const b = Number(scenario?.database?.object_bytes);
  return Number.isFinite(b) && b > 0 ? b : null;
}

/** What `objects` modified objects would take in a MOB (§5.3.1): each object with its overhead
 * (server.mob_object_overhead_bytes), the chunks' overhead left out; null when the scenario does
 * not give the sizes. */
export function mobBytesFor(objects: number, scenario: ScenarioValues | null): number | null {
  const object = objectBytesOf(scenario);
  const overhead = Number(scenario?.server?.mob_object_overhead_bytes);
  return object !== null && Number.isFinite(overhead) ? objects * (object + overhead) : null;
}

/** A PAGE page's state in words: clean, dirty with its modified share, or being written. */
export function pageState(c: CacheSnapshot, i: number, objectsPerPage: number): string {
  if (!c.dirty[i]) return 'clean';
  const k = c.dirtyObjects[i];
  const modified = `${k.toLocaleString()} of ${objectsPerPage.toLocaleString()} objects modified (${fmtPct(k / Math.max(1, objectsPerPage))})`;
  if (beingWritten(c, i)) return `dirty, being written before its eviction${k > 0 ? `; ${modified} again since` : ''}`;
  return `dirty: ${modified}, the whole page held until its eviction writes it`;
}
