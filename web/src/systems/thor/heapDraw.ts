// The FE heap view's geometry and words (HeapView.tsx): the arena's 480 bins laid out as a strip
// wrapped into rows, each bin a stacked bar of its bytes by kind; the free pointer, the trigger
// and the limit on it; a bin, the phase and the collections in words; and the figures of the
// series (from-space over time) and of the collections against §6.4's 7.7 MB, 1.4 MB and 38%.
import type { Sample } from '../../engine/types';
import { fmtBytes, fmtMB } from '../../views/lib/format';
import type { CollectionRow, FeHeap, HeapBins } from './thorFrame';

/** MB as the engine counts them (2^20 bytes: the paper's 12 MB cache is 12 × 2^20 bytes). */
export const MB = 1048576;

/** §6.4, T1 on the medium database: mean from-space before a collection and to-space after, MB,
 * and the cache's mean use, their mean over the 12 MB cache. */
export const PAPER = { fromMb: 7.7, toMb: 1.4, used: 0.38, cacheMb: 12 } as const;

export interface HeapKind {
  key: keyof HeapBins;
  label: string;
  /** Fill (or, for the hollow surrogates and hatched holes, the outline / hatch colour). */
  colour: string;
  /** How it is filled: solid, hollow (white inside a coloured outline) or hatched. */
  fill: 'solid' | 'hollow' | 'hatch';
  about: string;
}

/** The kinds of bytes a bin holds, bottom of its bar first (the legend's order). Each reads at
 * 3:1 or more on white (WCAG 1.4.11; the test checks). */
export const HEAP_KINDS: readonly HeapKind[] = [
  { key: 'swizzled', label: 'used (swizzled)', colour: '#238b45', fill: 'solid', about: 'objects the traversal has used: their references are pointers' },
  { key: 'unswizzled', label: 'fetched, not yet used', colour: '#7f7f7f', fill: 'solid', about: 'objects of a prefetch group not used yet: still unswizzled' },
  { key: 'modified', label: 'modified', colour: '#d62728', fill: 'solid', about: 'objects the running transaction modified: never shrunk' },
  { key: 'full', label: 'full surrogate →', colour: '#6a51a3', fill: 'solid', about: 'surrogates pointing to the object, which arrived after them' },
  { key: 'surrogate', label: 'empty surrogate', colour: '#d95f02', fill: 'hollow', about: 'surrogates of objects referred to but not resident' },
  { key: 'hole', label: 'hole (shrunk, freed by the GC)', colour: '#8c6d31', fill: 'hatch', about: 'what shrinking freed of an object, free at the next collection' },
  { key: 'toSpace', label: 'to-space', colour: '#2171b5', fill: 'solid', about: 'cells the collection has copied so far' },
];

/** Marks on the strip and the chart; as text they read at 4.5:1 on white. */
export const MARK = { pointer: '#111111', trigger: '#a04a00', limit: '#a50f15', free: '#ffffff', edge: '#9a9a9a', focus: '#1f6feb' } as const;

export interface StripLayout {
  rows: number;
  /** Bins a row. */
  perRow: number;
  width: number;
  height: number;
  left: number;
  binW: number;
  /** Band above each bar (the marks' labels), the bar, the axis under it. */
  band: number;
  barH: number;
  axisH: number;
  rowH: number;
}

/** The strip for `bins` bins in `width` CSS px: 4 rows (12 MB reads 3 MB a row, left to right,
 * top to bottom). */
export function stripLayout(width: number, bins: number): StripLayout {
  const rows = bins % 4 === 0 ? 4 : 1;
  const left = 8;
  const w = Math.max(60, width);
  const perRow = Math.ceil(bins / rows);
  const band = 10;
  const barH = 22;
  const axisH = 13;
  return { rows, perRow, width: w, height: rows * (band + barH + axisH) + 2, left, binW: (w - 2 * left) / perRow, band, barH, axisH, rowH: band + barH + axisH };
}

/** The top of row `r`'s bar. */
export function barTop(l: StripLayout, r: number): number {
  return r * l.rowH + l.band;
}

/** Where arena address `bytes` is on the strip: its row and x (the arena's end at the end of
 * the last row). */
export function addressAt(l: StripLayout, binBytes: number, bytes: number): { row: number; x: number } {
  const b = Math.max(0, bytes / binBytes);
  const row = Math.min(l.rows - 1, Math.floor(b / l.perRow));
  return { row, x: l.left + (b - row * l.perRow) * l.binW };
}

/** The bin at strip point (x, y), or -1 outside the bars. */
export function binAt(l: StripLayout, bins: number, x: number, y: number): number {
  const row = Math.floor(y / l.rowH);
  const inRow = y - row * l.rowH;
  if (row < 0 || row >= l.rows || inRow < l.band - 2 || inRow > l.band + l.barH + 2) return -1;
  const c = Math.floor((x - l.left) / l.binW);
  if (c < 0 || c >= l.perRow) return -1;
  const i = row * l.perRow + c;
  return i < bins ? i : -1;
}

/** The bytes bin `i` holds, by kind, in HEAP_KINDS' order. */
export function binBytes(h: FeHeap, i: number): number[] {
  return HEAP_KINDS.map((k) => h.bins[k.key][i]);
}

/** One SVG path a kind: a rectangle a bin, stacked in HEAP_KINDS' order from the bar's bottom,
 * its height the kind's share of the bin's bytes. */
export function kindPaths(h: FeHeap, l: StripLayout): string[] {
  const n = h.bins.swizzled.length;
  const parts: string[][] = HEAP_KINDS.map(() => []);
  const w = Math.max(0.5, l.binW);
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / l.perRow);
    const x = l.left + (i - row * l.perRow) * l.binW;
    const bottom = barTop(l, row) + l.barH;
    let y = bottom;
    HEAP_KINDS.forEach((k, j) => {
      const b = h.bins[k.key][i];
      if (b <= 0) return;
      const hgt = Math.min(1, b / h.binBytes) * l.barH;
      y -= hgt;
      parts[j].push(`M${r2(x)},${r2(y)}h${r2(w)}v${r2(hgt)}h${r2(-w)}z`);
    });
  }
  return parts.map((p) => p.join(''));
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** The arena's bytes by kind, summed over the bins. */
export function kindTotals(h: FeHeap): Record<keyof HeapBins, number> {
  const out = {} as Record<keyof HeapBins, number>;
  for (const k of HEAP_KINDS) out[k.key] = h.bins[k.key].reduce((a, b) => a + b, 0);
  return out;
}

/** MB with 2 decimals and the unit. */
export const mb = (bytes: number, digits = 2) => `${fmtMB(bytes, digits)} MB`;

/** Bin `i` in words: its address range, its bytes by kind, free bytes, and the marks in it. */
export function binLabel(h: FeHeap, i: number): string {
  const from = i * h.binBytes;
  const to = (i + 1) * h.binBytes;
  const bytes = binBytes(h, i);
  const held = HEAP_KINDS.flatMap((k, j) => (bytes[j] > 0.5 ? [`${k.label} ${fmtBytes(bytes[j])}`] : []));
  const free = Math.max(0, h.binBytes - bytes.reduce((a, b) => a + b, 0));
  if (free > 0.5) held.push(`free ${fmtBytes(free)}`);
  const marks = [
    [h.used, 'the free pointer'],
    [h.trigger, 'the trigger'],
    [h.limit, 'the limit'],
  ].flatMap(([at, name]) => ((at as number) >= from && (at as number) < to ? [`${name} at ${mb(at as number, 3)}`] : []));
  return `bin ${i + 1} of ${h.bins.swizzled.length}: ${fmtMB(from, 3)}–${fmtMB(to, 3)} MB; ${held.join(', ')}${marks.length ? `; ${marks.join(', ')}` : ''}`;
}

/** The collection's phase in words, its name first (before the colon): between collections,
 * or where the one under way is. */
export function phaseText(h: FeHeap): string {
  switch (h.phase) {
    case 'none':
      return h.used > h.trigger
        ? 'past the trigger: a collection begins at the next safe point, between client calls'
        : 'no collection: each group arriving is appended at the free pointer';
    case 'shrinking':
      return `shrinking: the oldest prefetch groups into empty surrogates, ${mb(kindTotals(h).hole)} of holes so far`;
    case 'copying':
      return `copying: what the roots reach, into to-space, ${mb(h.to)} so far`;
    case 'sweeping the ROT':
      return `sweeping the ROT: dropping the entries of the cells not copied; to-space ${mb(h.to)}, then the flip`;
    default:
      return h.phase;
  }
}

/** The collections done (the section's rows) and whether one is under way (the counter counts
 * it from its start). */
export function collectionCounts(h: FeHeap, rows: readonly CollectionRow[]): { done: number; underWay: boolean } {
  return { done: rows.length, underWay: h.phase !== 'none' };
}

/** The strip in one sentence, for its accessible name. */
export function heapSummary(h: FeHeap): string {
  const t = kindTotals(h);
  const parts = HEAP_KINDS.flatMap((k) => (k.key !== 'toSpace' && t[k.key] > 0.5 ? [`${k.label} ${mb(t[k.key])}`] : []));
  const to = h.phase === 'copying' || h.phase === 'sweeping the ROT' ? `; to-space ${mb(h.to)} after it` : '';
  return `The ${mb(h.capacity)} arena in ${h.bins.swizzled.length} bins of ${fmtBytes(h.binBytes)}: from-space ${mb(h.used)} up to the free pointer (${parts.join(', ')})${to}; trigger ${mb(h.trigger)}, limit ${mb(h.limit)}`;
}

/** What the chart reads of a sample (metrics.rs `Sample`). */
export interface HeapSample extends Sample {
  heap_mb: number;
  collections: number;
}

/** From-space's mean over the samples (taken at even intervals, so a mean over time), MB; null
 * before the first. */
export function meanUsedMb(samples: readonly Sample[]): number | null {
  if (samples.length === 0) return null;
  let sum = 0;
  for (const s of samples) sum += (s as HeapSample).heap_mb;
  return sum / samples.length;
}

/** The samples' times at which a collection had begun since the sample before. */
export function collectionTimes(samples: readonly Sample[]): number[] {
  const out: number[] = [];
  let prev = 0;
  for (const s of samples) {
    const c = (s as HeapSample).collections;
    if (c > prev) out.push(s.t_s);
    prev = c;
  }
  return out;
}

/** The collections' mean from-space before and to-space after, bytes, and the cache's mean use
 * as §6.4 reckons it: their mean over the cache. Null before the first collection. */
export function collectionMeans(rows: readonly CollectionRow[], capacity: number): { from: number; to: number; used: number } | null {
  if (rows.length === 0) return null;
  const from = rows.reduce((a, r) => a + r.from, 0) / rows.length;
  const to = rows.reduce((a, r) => a + r.to, 0) / rows.length;
  return { from, to, used: (from + to) / 2 / capacity };
}

/** A thinned copy of `samples` for `px` pixels: each pixel's first, lowest, highest and last
 * sample, so the sawtooth's peaks and troughs survive. */
export function thinSawtooth<S extends HeapSample>(samples: readonly S[], px: number): S[] {
  const buckets = Math.max(1, Math.floor(px));
  if (samples.length <= 4 * buckets) return samples.slice();
  const t0 = samples[0].t_s;
  const span = Math.max(1e-9, samples[samples.length - 1].t_s - t0);
  const bucket = (s: S) => Math.min(buckets - 1, Math.floor(((s.t_s - t0) / span) * buckets));
  const out: S[] = [];
  let start = 0;
  while (start < samples.length) {
    const b = bucket(samples[start]);
    let stop = start;
    let lo = start;
    let hi = start;
    while (stop < samples.length && bucket(samples[stop]) === b) {
      if (samples[stop].heap_mb < samples[lo].heap_mb) lo = stop;
      if (samples[stop].heap_mb > samples[hi].heap_mb) hi = stop;
      stop++;
    }
    for (const i of [...new Set([start, lo, hi, stop - 1])].sort((x, y) => x - y)) out.push(samples[i]);
    start = stop;
  }
  return out;
}
