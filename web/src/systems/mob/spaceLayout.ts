// Where the disk-space view (SpaceView.tsx) puts things, apart from the painting (spaceDraw.ts):
// the grids in disk order (the write-optimized layout's regions, or the read-optimized layout's
// pages at their homes), a magnified region's fragments along its bytes and the strip of page
// homes beneath it; with the hit tests and the keyboard's moves.
import type { SpaceSnapshot } from './spaceFrame';

/** Left and right margin of the grids and the strips (CSS px). */
export const MARGIN = 10;
/** The caption line above a grid. */
export const GRID_TOP = 16;

/** A grid's cells: a bar between a lane above it and room below it (CSS px), the bar's height
 * bounds, and the widest pitch tried. */
export interface Shape {
  lane: number;
  below: number;
  minBar: number;
  maxBar: number;
  maxPitch: number;
}

/** A region: above its bar a lane for its mark as a victim of the latest cleaning; below it one for
 * its mark as the cleaning's output, then room for the caret under the magnified region. */
export const REGION_SHAPE: Shape = { lane: 5, below: 9, minBar: 12, maxBar: 32, maxPitch: 16 };
/** A page at its home: a small cell. */
export const PAGE_SHAPE: Shape = { lane: 2, below: 2, minBar: 6, maxBar: 14, maxPitch: 12 };

const MIN_PITCH = 3;

/** A grid: item i at column i % perRow, row i / perRow, its bar `barH` high. */
export interface Grid {
  n: number;
  lane: number;
  pitchX: number;
  cellW: number;
  barH: number;
  pitchY: number;
  perRow: number;
  rows: number;
  /** The grid's whole size, caption included. */
  width: number;
  height: number;
}

/** The grid of `n` cells of `shape`: the widest whose rows fit `width` × `height` with bars at
 * least `minBar` high (the box scrolls when even the narrowest do not). */
export function fitGrid(n: number, width: number, height: number, shape: Shape): Grid {
  const usable = Math.max(1, width - 2 * MARGIN);
  const at = (pitch: number): Grid => {
    const perRow = Math.max(1, Math.floor(usable / pitch));
    const rows = Math.ceil(n / perRow);
    const room = Math.floor((height - GRID_TOP) / Math.max(1, rows)) - shape.lane - shape.below;
    const barH = Math.max(shape.minBar, Math.min(shape.maxBar, room));
    const pitchY = shape.lane + barH + shape.below;
    return { n, lane: shape.lane, pitchX: pitch, cellW: pitch >= 6 ? pitch - 2 : pitch - 1, barH, pitchY, perRow, rows, width: perRow * pitch + 2 * MARGIN, height: GRID_TOP + rows * pitchY };
  };
  for (let pitch = shape.maxPitch; pitch > MIN_PITCH; pitch--) {
    const g = at(pitch);
    if (g.height <= height) return g;
  }
  return at(MIN_PITCH);
}

/** The top left of cell i's lane; its bar starts `lane` below. */
export function cellAt(g: Grid, i: number): { x: number; y: number } {
  return { x: MARGIN + (i % g.perRow) * g.pitchX, y: GRID_TOP + Math.floor(i / g.perRow) * g.pitchY };
}

/** The cell under (x, y), or -1. */
export function indexAt(g: Grid, x: number, y: number): number {
  if (x < MARGIN || y < GRID_TOP) return -1;
  const col = Math.floor((x - MARGIN) / g.pitchX);
  const i = Math.floor((y - GRID_TOP) / g.pitchY) * g.perRow + col;
  return col < g.perRow && i < g.n ? i : -1;
}

/** Where `key` moves the keyboard's focus from cell `cur` (arrows, Home, End), or undefined for a
 * key that does not move it. */
export function gridStep(g: Grid, key: string, cur: number): number | undefined {
  const next = { ArrowRight: cur + 1, ArrowLeft: cur - 1, ArrowDown: cur + g.perRow, ArrowUp: cur - g.perRow, Home: 0, End: g.n - 1 }[key];
  return next === undefined ? undefined : Math.max(0, Math.min(g.n - 1, next));
}

/** A strip over `bytes` bytes, `width` px from x0, its bar from y to y + h. */
export interface Strip {
  x0: number;
  width: number;
  y: number;
  h: number;
  bytes: number;
}

export const xOf = (s: Strip, b: number): number => s.x0 + (b / Math.max(1, s.bytes)) * s.width;

/** The strips beneath the regions' grid, at `width` px: the magnified region and the pages'
 * homes, each with a caption above and its axis below. */
export interface Strips {
  region: Strip;
  homes: Strip;
  height: number;
}

const CAPTION = 15;
const AXIS = 19;

export function layoutStrips(s: SpaceSnapshot, width: number): Strips {
  const w = Math.max(10, width - 2 * MARGIN);
  const region = { x0: MARGIN, width: w, y: CAPTION, h: 26, bytes: s.regionBytes };
  const homes = { x0: MARGIN, width: w, y: region.y + region.h + AXIS + CAPTION, h: 12, bytes: s.pages * s.pageBytes };
  return { region, homes, height: homes.y + homes.h + AXIS };
}

/** The fragment row of region `r` whose bytes hold the byte under x on `strip`, or -1. */
export function fragmentAtX(s: SpaceSnapshot, r: number, strip: Strip, x: number): number {
  if (r < 0 || r >= s.fill.length) return -1;
  const b = ((x - strip.x0) / strip.width) * strip.bytes;
  const f = s.fragments;
  for (let i = s.regionStart[r]; i < s.regionStart[r + 1]; i++) if (b >= f.offset[i] && b < f.offset[i] + f.bytes[i]) return i;
  return -1;
}

/** The page whose home holds the byte under x on the homes strip, or -1. */
export function pageAtX(s: SpaceSnapshot, strip: Strip, x: number): number {
  const p = Math.floor(((x - strip.x0) / strip.width) * s.pages);
  return x >= strip.x0 && p >= 0 && p < s.pages ? p : -1;
}
