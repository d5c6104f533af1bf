// The OO7 panel's geometry, pure: the assembly hierarchy as an icicle (one row per level, each
// assembly as wide as its share of the base assemblies), the runs of equal state a row is drawn
// with, hit tests, the panel's split between the tree and the composite part, and the composite
// part's atomic parts on a ring (part i's first connection in OO7's generator leads to i + 1).
import { NONE } from './oo7Frame';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Icicle {
  n: number;
  rows: number;
  /** Assembly i spans [x0[i], x1[i]) of the unit width, in row row[i] (its level − 1). */
  x0: Float64Array;
  x1: Float64Array;
  row: Uint8Array;
  /** The assemblies of each row, left to right. */
  byRow: Uint32Array[];
  /** Leaves (base assemblies) in all. */
  leaves: number;
  /** The columns it was laid out from, to tell whether a frame's tree is the same one. */
  parent: Uint32Array;
}

/** The icicle of a tree given in depth-first pre-order (parent before child, the root first with
 * parent NONE) with levels from 1 at the root. Throws on a tree not in that order. */
export function icicle(parent: Uint32Array, level: Uint8Array): Icicle {
  const n = parent.length;
  if (level.length !== n) throw new Error(`${n} parents but ${level.length} levels`);
  const leaves = new Float64Array(n);
  let rows = 0;
  for (let i = 0; i < n; i++) {
    const p = parent[i];
    const ok = i === 0 ? p === NONE && level[0] === 1 : p < i && level[i] === level[p] + 1;
    if (!ok) {
      throw new Error(`assembly ${i}: parent ${p} is not an earlier assembly one level up (depth-first order)`);
    }
    rows = Math.max(rows, level[i]);
  }
  for (let i = n - 1; i >= 0; i--) {
    if (leaves[i] === 0) leaves[i] = 1;
    if (i > 0) leaves[parent[i]] += leaves[i];
  }
  const total = n > 0 ? leaves[0] : 0;
  const x0 = new Float64Array(n);
  const x1 = new Float64Array(n);
  const cursor = new Float64Array(n);
  const row = new Uint8Array(n);
  const count = new Uint32Array(rows);
  for (let i = 0; i < n; i++) {
    const p = parent[i];
    const start = i === 0 ? 0 : cursor[p];
    if (i > 0) cursor[p] += leaves[i];
    cursor[i] = start;
    x0[i] = start / total;
    x1[i] = (start + leaves[i]) / total;
    row[i] = level[i] - 1;
    count[row[i]]++;
  }
  const byRow = Array.from(count, (c) => new Uint32Array(c));
  count.fill(0);
  for (let i = 0; i < n; i++) byRow[row[i]][count[row[i]]++] = i;
  return { n, rows, x0, x1, row, byRow, leaves: total, parent };
}

/** Whether `t` is the icicle of these columns (a database's hierarchy does not change). */
export function sameTree(t: Icicle | null, parent: Uint32Array): t is Icicle {
  if (!t || t.parent.length !== parent.length) return false;
  for (let i = 0; i < parent.length; i++) if (t.parent[i] !== parent[i]) return false;
  return true;
}

/** A stretch of one row whose assemblies all have the same state, in pixels from the row's left. */
export interface Run {
  row: number;
  x0: number;
  x1: number;
  state: number;
}

/** Each row as runs of equal state, `width` pixels wide: a few rectangles a row, however many
 * assemblies it holds (a depth-first walk leaves walked ones left of the path, the rest right). */
export function stateRuns(t: Icicle, state: Uint8Array, width: number): Run[] {
  const runs: Run[] = [];
  for (let r = 0; r < t.rows; r++) {
    let cur: Run | null = null;
    for (const i of t.byRow[r]) {
      if (cur && cur.state === state[i]) cur.x1 = t.x1[i] * width;
      else {
        cur = { row: r, x0: t.x0[i] * width, x1: t.x1[i] * width, state: state[i] };
        runs.push(cur);
      }
    }
  }
  return runs;
}

/** Where to draw the borders between neighbouring assemblies: in the rows whose assemblies are at
 * least `minPx` wide, the left edge of each but the first. */
export function separators(t: Icicle, width: number, minPx = 4): { row: number; x: number }[] {
  const out: { row: number; x: number }[] = [];
  for (let r = 0; r < t.rows; r++) {
    const ids = t.byRow[r];
    const narrowest = ids.reduce((m, i) => Math.min(m, (t.x1[i] - t.x0[i]) * width), Infinity);
    if (narrowest < minPx) continue;
    for (let k = 1; k < ids.length; k++) out.push({ row: r, x: t.x0[ids[k]] * width });
  }
  return out;
}

/** The assembly of row `row` under horizontal fraction `fx` ∈ [0, 1), or -1. */
export function nodeAt(t: Icicle, row: number, fx: number): number {
  if (row < 0 || row >= t.rows || fx < 0 || fx >= 1) return -1;
  const ids = t.byRow[row];
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const i = ids[mid];
    if (fx < t.x0[i]) hi = mid - 1;
    else if (fx >= t.x1[i]) lo = mid + 1;
    else return i;
  }
  return -1;
}

/** Left margin of the tree for its row labels, and the tallest a row gets (px). */
const LABEL_W = 52;
const MAX_ROW_H = 30;
/** Space above the tree and the graph for their captions, two lines (px). */
export const CAPTION_H = 30;
/** Space under the composite part's ring for its visit count (px). */
export const FOOT_H = 18;

/** The narrowest the icicle's bars get beside the ring before the panel stacks them, and the
 * shortest its rows get when stacked (px). */
const MIN_BARS_W = 150;
const MIN_ROW_H = 10;

/** The panel's plot split between a tree of `rows` levels and the composite part: side by side
 * when that gives the ring more room and leaves the tree's bars at least MIN_BARS_W wide, else the
 * tree above, with rows of at least MIN_ROW_H. */
export function panelLayout(width: number, height: number, rows: number): { tree: Rect; graph: Rect; side: boolean } {
  const ringRoom = (w: number, h: number) => Math.min(w, h - CAPTION_H - FOOT_H);
  const treeH = (rowH: number) => CAPTION_H + rows * rowH + 14;
  const th = Math.round(Math.min(Math.max(height * 0.45, treeH(MIN_ROW_H)), treeH(MAX_ROW_H), height * 0.7));
  const tw = Math.round(width * 0.58);
  const side = tw - LABEL_W - 8 >= MIN_BARS_W && ringRoom(width - tw, height) > ringRoom(width, height - th);
  if (side) return { tree: { x: 0, y: 0, w: tw, h: height }, graph: { x: tw, y: 0, w: width - tw, h: height }, side };
  return { tree: { x: 0, y: 0, w: width, h: th }, graph: { x: 0, y: th, w: width, h: height - th }, side };
}

/** The icicle's rows inside the tree's rectangle: left edge, top, width, row height. */
export function treePlot(r: Rect, rows: number): { x: number; y: number; w: number; rowH: number } {
  const x = r.x + LABEL_W;
  const y = r.y + CAPTION_H;
  const rowH = Math.max(4, Math.min(MAX_ROW_H, Math.floor((r.h - CAPTION_H - 14) / Math.max(1, rows))));
  return { x, y, w: Math.max(10, r.w - LABEL_W - 8), rowH };
}

export interface Ring {
  n: number;
  cx: number;
  cy: number;
  r: number;
  /** Radius of a part's disc. */
  nodeR: number;
  x: Float64Array;
  y: Float64Array;
}

/** `n` atomic parts on a circle inside `rect` (between its caption and its foot), part 0 at the
 * top, clockwise. */
export function ringLayout(n: number, rect: Rect): Ring {
  const h = rect.h - CAPTION_H - FOOT_H;
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + CAPTION_H + h / 2;
  const room = Math.max(0, Math.min(rect.w, h) / 2 - 14);
  const nodeR = n > 0 ? Math.max(1.5, Math.min(9, ((Math.PI * room) / n) * 0.7)) : 0;
  const r = Math.max(0, room - nodeR);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    x[i] = cx + r * Math.cos(a);
    y[i] = cy + r * Math.sin(a);
  }
  return { n, cx, cy, r, nodeR, x, y };
}

/** The part whose disc (widened to 6 px for small discs) contains (px, py), or -1. */
export function partAt(ring: Ring, px: number, py: number): number {
  const reach = Math.max(ring.nodeR, 6);
  let best = -1;
  let bestD = reach * reach;
  for (let i = 0; i < ring.n; i++) {
    const d = (ring.x[i] - px) ** 2 + (ring.y[i] - py) ** 2;
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  }
  return best;
}
