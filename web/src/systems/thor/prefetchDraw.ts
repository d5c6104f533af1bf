// What the prefetch view (PrefetchView.tsx) draws, as plain functions of one Thor frame: its
// colours, the group-size chart's series (the k asked for, the objects shipped, the fraction of
// each group used so far), where k grew although the group before it is still mostly unused (the
// lag of the exponentially forgetting counters, spec 003 §2.4), what the next request would ask
// for, the segment strip's grid, and every label in words. Nothing here keeps state: each number
// is the frame's, so a paused, stepped or sought lab shows the engine's values at that moment.
import { valueColours } from '../../views/contract';
import type { PrefetchGroup, Prefetcher, SegmentCut, SlotState } from './thorFrame';

/** Marks: 3:1 or more on white (WCAG 1.4.11); TEXT colours 4.5:1 (prefetch.test checks both). */
export const COLOURS = {
  /** The k asked for, a step line. */
  k: '#08306b',
  /** The objects shipped, bars. */
  shipped: '#4f83b8',
  /** The fraction of a group used so far, dots and a line, and the used part of a group. */
  used: '#1b7837',
  /** Shipped, never used (so far). */
  unused: '#8a8a8a',
  threshold: '#b2182b',
  /** Where k grew although the group before is below the threshold. */
  lag: '#a6510b',
  /** The counters' ratio now, at the right edge. */
  ratio: '#6a3d9a',
  focus: '#1f6feb',
  selected: '#000000',
} as const;

/** What became of each object of the segment, by the engine's names (`segment.state`). */
export const SLOT_PALETTE: Readonly<Record<SlotState, string>> = {
  'outside the chunk': '#e3e3e3',
  requested: '#d35400',
  shipped: '#2166ac',
  'left out: sent recently': '#9970ab',
  'left out: big': '#8c6d1f',
};

/** The state colours in the engine's numbering of the values. */
export function slotColours(s: SegmentCut): string[] {
  return valueColours(s.stateNames, SLOT_PALETTE);
}

/** Black or white, whichever reads better on `fill` (the resident dot). */
export function inkOn(fill: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16) / 255);
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.55 ? '#111111' : '#ffffff';
}

/** The fraction of a group used so far (0 for an empty one). */
export function usedFraction(g: PrefetchGroup): number {
  return g.shipped > 0 ? g.used / g.shipped : 0;
}

/** Whether a fetch is in flight (its object and k are −1 when none is). */
export function inFlight(p: Prefetcher): boolean {
  return p.object >= 0 && p.k >= 0;
}

/** The fetch numbers the chart spans: the first group listed to the fetch in flight, or the
 * latest group when none is. */
export function fetchSpan(p: Prefetcher): [number, number] {
  const first = p.groups.length ? p.groups[0].number : p.fetches;
  return [first, inFlight(p) ? p.fetches : p.groups.length ? p.groups[p.groups.length - 1].number : p.fetches];
}

/** The k line's points: each group's k at its fetch number, and the fetch in flight's k. Its last
 * point is `size`, the k the latest request sent. */
export function kPoints(p: Prefetcher): { n: number; k: number; flying: boolean }[] {
  const pts = p.groups.map((g) => ({ n: g.number, k: g.k, flying: false }));
  if (inFlight(p)) pts.push({ n: p.fetches, k: p.k, flying: true });
  return pts;
}

/** A step line through `pts` (each held over its fetch number ± 0.5), as an SVG path. */
export function stepPath(pts: readonly { n: number; k: number }[], x: (n: number) => number, y: (k: number) => number): string {
  return pts.map((p, i) => `${i === 0 ? `M${x(p.n - 0.5)},${y(p.k)}` : `V${y(p.k)}`}H${x(p.n + 0.5)}`).join('');
}

/** The groups whose k grew although the group before them is, even now, used less than the
 * threshold: the request counted older, better-used groups the counters had only halved (the lag
 * §2.4's fetch 5 shows). The used fraction only grows, so it was below the threshold then too. */
export function lagGroups(p: Prefetcher): Set<number> {
  const out = new Set<number>();
  if (p.policy !== 'adaptive') return out;
  for (let i = 1; i < p.groups.length; i++) {
    const [before, g] = [p.groups[i - 1], p.groups[i]];
    if (g.k > before.k && before.shipped > 0 && usedFraction(before) < p.threshold) out.add(g.number);
  }
  return out;
}

/** What a miss now would ask for, by the rule (§5.2) on the counters now: null under a fixed k,
 * or while a fetch is in flight (its group's arrival changes the counters first). */
export function nextRequest(p: Prefetcher): { k: number; change: number; why: string } | null {
  if (p.policy !== 'adaptive' || inFlight(p)) return null;
  if (p.fetch <= 0) return { k: p.size, change: 0, why: 'no group yet: the first request keeps its size' };
  const grow = p.ratio >= p.threshold;
  const k = grow ? Math.min(p.size + p.step, p.max) : Math.max(p.size - p.step, p.min);
  const bound = k === p.size ? (grow ? ', already the largest' : ', already the smallest') : '';
  return { k, change: k - p.size, why: `use ÷ fetch ${p.ratio.toFixed(3)} ${grow ? '≥' : '<'} ${p.threshold}${bound}` };
}

/** The latest arrival's update of `fetch` (fetch := fetch/2 + N), undone from the frame: fetch
 * changes only at arrivals, and the latest arrival is the latest group's. */
export function lastArrival(p: Prefetcher): { number: number; n: number; half: number; before: number } | null {
  const g = p.groups[p.groups.length - 1];
  if (p.policy !== 'adaptive' || !g) return null;
  const half = p.fetch - g.shipped;
  return { number: g.number, n: g.shipped, half, before: 2 * half };
}

/** The fetch in flight in words. */
export function fetchStatus(p: Prefetcher): string {
  if (!inFlight(p)) return 'No fetch in flight: the traversal runs on the objects the FE holds.';
  return `Fetch ${p.fetches.toLocaleString()}: object ${p.object}, k = ${p.k}: ${p.phase}.`;
}

/** A group in words: the tooltip, the readout and its button's label. */
export function groupLabel(g: PrefetchGroup, lag = false): string {
  const never = g.shipped - g.used;
  const pct = g.shipped ? ` (${Math.round(100 * usedFraction(g))}% used)` : '';
  return `fetch ${g.number}: k ${g.k} asked, ${g.shipped} shipped, ${g.used} used, ${never} never used${pct}, arrived at ${(g.arrived / 1e9).toFixed(3)} s${lag ? '; k grew although the group before is below the threshold' : ''}`;
}

/** The group with fetch number `n`, if listed. */
export function groupOf(p: Prefetcher, n: number): PrefetchGroup | undefined {
  const first = p.groups[0]?.number ?? 0;
  const g = p.groups[n - first];
  return g?.number === n ? g : undefined;
}

/** Whether the segment strip has a fetch to show. */
export function hasSegment(s: SegmentCut): boolean {
  return s.segment >= 0 && s.objects.length > 0;
}

/** The segment strip's caption: "segment S, fetch F, k = K: chunk a–b". */
export function segmentCaption(s: SegmentCut, p: Prefetcher): string {
  const flying = inFlight(p) && s.fetch === p.fetches ? `, ${p.phase}` : '';
  return `segment ${s.segment}, fetch ${s.fetch}${flying}, k = ${s.k}: chunk ${s.chunkFrom}–${s.chunkTo - 1} (${s.chunkTo - s.chunkFrom} of ${s.objects.length} objects)`;
}

/** Objects of the segment in each state, in the engine's numbering, and those resident. */
export function segmentCounts(s: SegmentCut): { byState: number[]; resident: number } {
  const byState = s.stateNames.map(() => 0);
  let resident = 0;
  for (let i = 0; i < s.state.length; i++) {
    byState[s.state[i]] = (byState[s.state[i]] ?? 0) + 1;
    resident += s.resident[i];
  }
  return { byState, resident };
}

/** An object of the segment in words. */
export function slotLabel(s: SegmentCut, slot: number): string {
  const state = s.stateNames[s.state[slot]] ?? `state ${s.state[slot]}`;
  const kind = s.kinds[s.kind[slot]] ?? `kind ${s.kind[slot]}`;
  return `slot ${slot}: object ${s.objects[slot]}, ${kind}, ${s.bytes[slot]} B, ${state}${s.resident[slot] ? ', resident at the FE' : ', not resident'}`;
}

/** The strip's grid: cells of `cell` px a `pitch` apart, `cols` a row. */
export interface StripGrid {
  cols: number;
  rows: number;
  cell: number;
  pitch: number;
  height: number;
}

/** Top of the first row: room for the chunk boundary ticks above it. */
export const STRIP_TOP = 5;

export function stripGrid(n: number, width: number): StripGrid {
  const pitch = width >= 420 ? 9 : 8;
  const cols = Math.max(8, Math.floor(width / pitch));
  const rows = Math.max(1, Math.ceil(n / cols));
  return { cols, rows, cell: pitch - 1, pitch, height: STRIP_TOP + rows * pitch + 2 };
}

/** Where slot `i` is drawn. */
export function cellAt(g: StripGrid, i: number): { x: number; y: number } {
  return { x: (i % g.cols) * g.pitch, y: STRIP_TOP + Math.floor(i / g.cols) * g.pitch };
}

/** The outline of slots [from, to) in the wrapped grid, as an SVG path: one shape, like a text
 * selection (two when the range's rows do not overlap). */
export function rangeOutline(g: StripGrid, from: number, to: number): string {
  if (to <= from) return '';
  const P = g.pitch;
  const X = (c: number) => c * P - 1;
  const Y = (r: number) => STRIP_TOP + r * P - 1;
  const [r0, c0] = [Math.floor(from / g.cols), from % g.cols];
  const [r1, c1] = [Math.floor((to - 1) / g.cols), ((to - 1) % g.cols) + 1];
  const rect = (xa: number, ya: number, xb: number, yb: number) => `M${xa},${ya}H${xb}V${yb}H${xa}Z`;
  if (r0 === r1) return rect(X(c0), Y(r0), X(c1), Y(r0 + 1));
  if (r1 === r0 + 1 && c1 <= c0) return rect(X(c0), Y(r0), X(g.cols), Y(r0 + 1)) + rect(X(0), Y(r1), X(c1), Y(r1 + 1));
  return `M${X(c0)},${Y(r0)}H${X(g.cols)}V${Y(r1)}H${X(c1)}V${Y(r1 + 1)}H${X(0)}V${Y(r0 + 1)}H${X(c0)}Z`;
}

/** The aligned k-chunk boundaries inside the segment (multiples of k, §5.2): they move as k does. */
export function chunkBoundaries(s: SegmentCut): number[] {
  if (s.k <= 0) return [];
  const out = [];
  for (let b = s.k; b < s.objects.length; b += s.k) out.push(b);
  return out;
}
