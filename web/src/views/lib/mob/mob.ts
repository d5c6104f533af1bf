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

/**
 * Lay the chunks out along the log in bytes: a chunk with n live modifications occupies
 * n × (bytes per modification) + 16 B; chunks whose modifications were all superseded or written
 * occupy nothing (they are the holes). The bytes per modification is recovered from usedBytes.
 */
export function layoutMob(m: MobSnapshot, reuse?: MobLayout): MobLayout {
  const n = m.chunkCount.length;
  let mods = 0;
  let live = 0;
  for (let i = 0; i < n; i++) {
    const c = m.chunkCount[i];
    mods += c;
    if (c > 0) live++;
  }
  const bpm = mods > 0 ? Math.max(0, (m.usedBytes - CHUNK_OVERHEAD * live) / mods) : 0;
  // Every frame lays out tens of thousands of chunks: reuse the previous layout's buffers (with
  // headroom) instead of leaving two large arrays to the garbage collector each time.
  const start = buffer(reuse?.start, n);
  const size = buffer(reuse?.size, n);
  let x = 0;
  const target = m.scanFrac * m.capacityBytes;
  let scanEnd = 0;
  let scanChunks = 0;
  for (let i = 0; i < n; i++) {
    const c = m.chunkCount[i];
    const s = c > 0 ? c * bpm + CHUNK_OVERHEAD : 0;
    start[i] = x;
    size[i] = s;
    x += s;
    // find_pages: accumulate live chunks until the target is reached (inclusive).
    if (scanEnd < target && c > 0) {
      scanEnd = x;
      scanChunks = i + 1;
    }
  }
  return { start, size, bytesPerModification: bpm, liveModifications: mods, liveChunks: live, scanEnd, scanChunks };
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
