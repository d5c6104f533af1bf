// Layout and statistics of the MOB's scan list (thesis §3.1.4).
import type { MobSnapshot } from './bufferFrame';

/** Overhead the simulator charges per chunk (thesis §4.3.2). */
export const CHUNK_OVERHEAD = 16;

export interface MobLayout {
  /** Byte offset (from the head of the log) where each chunk starts, and its size in bytes. */
  start: Float64Array;
  size: Float64Array;
  /** Estimated bytes one buffered modification occupies (object + 16 B overhead). */
  bytesPerModification: number;
  liveModifications: number;
  liveChunks: number;
  /** Byte offset where the flusher's scan of the oldest `scanFrac` of capacity ends. */
  scanEnd: number;
  /** Index one past the last chunk the scan window covers. */
  scanChunks: number;
}

/** What drawing the scan list needs besides each chunk's place (which it walks in order). */
export type MobGeometry = Omit<MobLayout, 'start' | 'size'>;

/** A live chunk's bytes: its modifications at `bpm` bytes each, plus the chunk's overhead. */
export function chunkBytes(count: number, bpm: number): number {
  return count * bpm + CHUNK_OVERHEAD;
}

/**
 * The bytes per modification, recovered from usedBytes (a chunk with n live modifications
 * occupies n × (bytes per modification) + 16 B; chunks whose modifications were all superseded
 * or written occupy nothing: they are the holes), and where the flusher's scan of the oldest
 * `scanFrac` of capacity ends.
 */
export function mobGeometry(m: MobSnapshot): MobGeometry {
  const counts = m.chunkCount;
  const n = counts.length;
  let mods = 0;
  let live = 0;
  for (let i = 0; i < n; i++) {
    const c = counts[i];
    mods += c;
    live += (c | -c) >>> 31; // 1 when c > 0: no branch, which holes among live chunks mispredict
  }
  const bpm = mods > 0 ? Math.max(0, (m.usedBytes - CHUNK_OVERHEAD * live) / mods) : 0;
  // find_pages: accumulate live chunks until the target is reached (inclusive).
  const target = m.scanFrac * m.capacityBytes;
  let x = 0;
  let scanEnd = 0;
  let scanChunks = 0;
  for (let i = 0; i < n && scanEnd < target; i++) {
    const c = counts[i];
    if (c === 0) continue;
    x += chunkBytes(c, bpm);
    scanEnd = x;
    scanChunks = i + 1;
  }
  return { bytesPerModification: bpm, liveModifications: mods, liveChunks: live, scanEnd, scanChunks };
}

/** Every chunk's place along the log in bytes (mobGeometry's rule), for finding the chunk under
 * the pointer. */
export function layoutMob(m: MobSnapshot, reuse?: MobLayout): MobLayout {
  const g = mobGeometry(m);
  const n = m.chunkCount.length;
  // Tens of thousands of chunks: reuse the previous layout's buffers (with headroom) instead of
  // leaving two large arrays to the garbage collector each time.
  const start = buffer(reuse?.start, n);
  const size = buffer(reuse?.size, n);
  let x = 0;
  for (let i = 0; i < n; i++) {
    const c = m.chunkCount[i];
    const s = c > 0 ? chunkBytes(c, g.bytesPerModification) : 0;
    start[i] = x;
    size[i] = s;
    x += s;
  }
  return { ...g, start, size };
}

/** An n-element view of `prev`'s buffer when it is big enough, else of a new one with headroom. */
function buffer(prev: Float64Array | undefined, n: number): Float64Array {
  if (prev && prev.buffer.byteLength >= n * 8) return new Float64Array(prev.buffer, 0, n);
  return new Float64Array(Math.ceil(n * 1.5) + 16).subarray(0, n);
}

/** Index of the chunk covering byte offset `x` (binary search), or -1. Holes are skipped. */
export function chunkAt(layout: MobLayout, x: number): number {
  const { start, size } = layout;
  let lo = 0;
  let hi = start.length - 1;
  if (hi < 0 || x < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (start[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  // Several chunks may start at the same offset (holes); take the last live one starting there.
  let i = lo;
  while (i >= 0 && size[i] === 0) i--;
  if (i < 0) return -1;
  return x < start[i] + size[i] ? i : -1;
}

/** Pending modifications per page across the whole scan list. */
export function pendingByPage(m: MobSnapshot): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < m.chunkPage.length; i++) {
    const c = m.chunkCount[i];
    if (c > 0) out.set(m.chunkPage[i], (out.get(m.chunkPage[i]) ?? 0) + c);
  }
  return out;
}

/** Indices of the chunks of one page, in log order. */
export function chunksOfPage(m: MobSnapshot, page: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < m.chunkPage.length; i++) if (m.chunkPage[i] === page) out.push(i);
  return out;
}

/** Modifications per page write (NaN before the first write). */
export function perPageWrite(modifications: number, pageWrites: number): number {
  return pageWrites > 0 ? modifications / pageWrites : NaN;
}
