// The cache view's painting (CacheView.tsx): the LRU grid of the server's page frames, one square
// per frame, and each cached page's description, apart from the component. Under PAGE (page
// shipping, §5.1) a page is coloured clean or dirty, a dirty page's modified share filled within
// its whole square; otherwise by its area, a dirty page (the flusher's write under way) marked by
// a dark corner.
import { prepareCanvas } from '../../views/lib/hooks';
import type { CacheSnapshot, MobNames } from './mobFrame';
import type { PageAreas } from '../../views/lib/mob/pages';
import { PAGE_COLOURS, pageState } from './pageShipping';

/** The caption's height above the grid (px). */
export const GRID_TOP = 16;

/** Where the grid stands and what it marks. */
export interface CacheGrid {
  /** Frames drawn, cells a row, cell side (px). */
  cap: number;
  perRow: number;
  cell: number;
  selPage: number;
  hover: number;
  focus: number;
}

/** Cached page `i` in words: its page, area or PAGE state, LRU position, pin and read. */
export function cellLabel(c: CacheSnapshot, i: number, areas: PageAreas, names: MobNames, objectsPerPage: number): string {
  const p = c.pages[i];
  const reading = !c.valid[i];
  if (c.architecture === 'page') return `page ${p}, LRU position ${i + 1}${reading ? ', being read' : ''}, ${pageState(c, i, objectsPerPage)}`;
  const area = areas.get(p);
  const pinned = !!c.pinned[i];
  const dirty = !!c.dirty[i];
  return `page ${p}${area !== undefined ? `, ${names.areaName(area)}` : ''}, LRU position ${i + 1}${pinned ? ', pinned' : ''}${reading ? ', being read' : ''}${dirty ? ', dirty (modifications installed, being written)' : ''}`;
}

/** The LRU grid: one square per frame of the cache, row by row, most recent first. Drawn in
 * passes that each set one style (a software canvas pays for every style switch and path). */
export function drawCache(
  canvas: HTMLCanvasElement | null,
  width: number,
  height: number,
  c: CacheSnapshot,
  names: MobNames,
  areas: PageAreas,
  objectsPerPage: number,
  g: CacheGrid,
): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const { cap, perRow, cell } = g;
  const side = cell - 3;
  const page = c.architecture === 'page';
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = '#666';
  ctx.textAlign = 'left';
  // The caption that fits the width (issue 24, item 13: cut to "row by ro" at 1440).
  const captions = ['most → least recently used, row by row', 'most → least recently used', 'MRU → LRU'];
  ctx.fillText(captions.find((t) => ctx.measureText(t).width <= width) ?? captions[captions.length - 1], 0, 10);
  const n = Math.min(cap, c.pages.length);
  const x = (i: number) => (i % perRow) * cell;
  const y = (i: number) => GRID_TOP + Math.floor(i / perRow) * cell;
  // Empty frames.
  ctx.fillStyle = '#f4f4f4';
  for (let i = n; i < cap; i++) ctx.fillRect(x(i) + 1, y(i) + 1, side, side);
  ctx.strokeStyle = '#e4e4e4';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = n; i < cap; i++) ctx.rect(x(i) + 1.5, y(i) + 1.5, cell - 4, cell - 4);
  ctx.stroke();
  // Cached pages by colour: under PAGE clean or dirty (held whole), else one per area, then one
  // for an area not yet known; pages being read are faded.
  const palette = page ? [PAGE_COLOURS.clean, PAGE_COLOURS.held] : [...names.areaColour, '#bdbdbd'];
  const unknown = names.area.length;
  const colourOf = page ? (i: number) => c.dirty[i] : (i: number) => areas.get(c.pages[i]) ?? unknown;
  for (const reading of [false, true]) {
    ctx.globalAlpha = reading ? 0.35 : 1;
    palette.forEach((colour, k) => {
      ctx.fillStyle = colour;
      for (let i = 0; i < n; i++) if (!c.valid[i] === reading && colourOf(i) === k) ctx.fillRect(x(i) + 1, y(i) + 1, side, side);
    });
  }
  ctx.globalAlpha = 1;
  // PAGE: a dirty page's modified objects, their share of its square filled from the bottom (at
  // least a pixel's row, so a page holding one modified object still shows it).
  if (page) {
    ctx.fillStyle = PAGE_COLOURS.modified;
    for (let i = 0; i < n; i++) {
      const k = c.dirtyObjects[i];
      if (k === 0) continue;
      const h = Math.max(1, Math.round((side * k) / Math.max(1, objectsPerPage)));
      ctx.fillRect(x(i) + 1, y(i) + 1 + side - h, side, h);
    }
  }
  // Pinned (black) and selected (blue) outlines; dashed while the page is being read.
  for (let i = 0; i < n; i++) {
    const sel = c.pages[i] === g.selPage;
    if (!sel && !c.pinned[i]) continue;
    ctx.strokeStyle = sel ? '#1f6feb' : '#111';
    ctx.lineWidth = sel ? 3 : 2;
    ctx.setLineDash(c.valid[i] ? [] : [3, 2]);
    ctx.strokeRect(x(i) + 1, y(i) + 1, side, side);
  }
  ctx.setLineDash([]);
  // Dirty (not under PAGE, whose squares say it): a dark corner, the page written back next.
  ctx.fillStyle = '#111';
  const corner = Math.max(4, side / 3);
  ctx.beginPath();
  for (let i = 0; i < n && !page; i++) {
    if (!c.dirty[i]) continue;
    ctx.moveTo(x(i) + 1 + side - corner, y(i) + 1);
    ctx.lineTo(x(i) + 1 + side, y(i) + 1);
    ctx.lineTo(x(i) + 1 + side, y(i) + 1 + corner);
  }
  ctx.fill();
  for (const i of [g.hover, g.focus]) {
    if (i < 0 || i >= cap) continue;
    ctx.strokeStyle = i === g.focus ? '#1f6feb' : '#000';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x(i) - 0.5, y(i) - 0.5, cell, cell);
  }
  // Page numbers: white on the area colours, dark on PAGE's light squares and on the faded cells
  // being read; only where the longest one fits its cell.
  let widest = 0;
  for (let i = 0; i < n; i++) widest = Math.max(widest, c.pages[i]);
  ctx.font = '9px system-ui, sans-serif';
  if (ctx.measureText(String(widest)).width > side - 2) return;
  ctx.textAlign = 'center';
  for (const reading of [false, true]) {
    ctx.fillStyle = reading || page ? '#333' : '#fff';
    for (let i = 0; i < n; i++) if (!c.valid[i] === reading) ctx.fillText(String(c.pages[i]), x(i) + cell / 2 - 1, y(i) + cell / 2 + 3);
  }
  ctx.textAlign = 'start';
}
