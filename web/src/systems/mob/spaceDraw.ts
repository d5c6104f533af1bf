// The disk-space view's painting (SpaceView.tsx): the regions' grid, the magnified region and the
// pages at their homes, pure canvas work on a snapshot and the view's marks. Rectangles grouped by
// colour, one pass per style (a software canvas pays for every style switch).
import * as d3 from 'd3';
import { REQUEST_PALETTE } from '../../views/contract';
import { prepareCanvas } from '../../views/lib/hooks';
import { fmtBytes } from '../../views/lib/format';
import { cellAt, MARGIN, xOf, type Grid, type Strip, type Strips } from './spaceLayout';
import { fragmentsOfPage, regionsOfPage, type SpaceSnapshot } from './spaceFrame';

/** The view's colours. Marks read at 3:1 or more on white, text at 4.5:1 (space.test.ts checks). */
export const SPACE_COLOURS = {
  live: '#2166ac',
  dead: '#858585',
  empty: '#ececec',
  freeEdge: '#8f8f8f',
  header: '#08306b',
  writing: REQUEST_PALETTE['page write'],
  victim: '#c2410c',
  output: '#1a7f37',
  lit: '#000000',
  focus: '#1f6feb',
  home: '#d4d4d4',
  text: '#555555',
} as const;

/** What the view lights: the page whose fragments (and home) light up, the regions and fragment
 * rows under the pointer or the keyboard's focus, the picked ones, and the magnified region. */
export interface Marks {
  litPage: number;
  hoverRegion: number;
  focusRegion: number;
  selectedRegion: number;
  detailRegion: number;
  hoverRow: number;
  focusRow: number;
  focusPage: number;
}

/** The first caption that fits `width` px in the context's font. */
function fitText(ctx: CanvasRenderingContext2D, width: number, captions: string[]): string {
  return captions.find((t) => ctx.measureText(t).width <= width) ?? captions[captions.length - 1];
}

/** Cell i's bar outlined `width` px wide, `grow` px outside it. */
function outlineCell(ctx: CanvasRenderingContext2D, g: Grid, i: number, colour: string, width: number, grow: number): void {
  if (i < 0 || i >= g.n) return;
  const { x, y } = cellAt(g, i);
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.strokeRect(x - grow + width / 2, y + g.lane - grow + width / 2, g.cellW + 2 * grow - width, g.barH + 2 * grow - width);
}

/** Every region as a bar in disk order: live bytes at the bottom, dead above, then empty; free
 * regions white and outlined; the region being written outlined in the page-write colour; the
 * latest cleaning's victims marked above their bars and its outputs below. */
export function drawRegions(canvas: HTMLCanvasElement | null, g: Grid, s: SpaceSnapshot, m: Marks): void {
  const ctx = prepareCanvas(canvas, g.width, g.height);
  if (!ctx) return;
  const C = SPACE_COLOURS;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = C.text;
  const rb = fmtBytes(s.regionBytes);
  ctx.fillText(fitText(ctx, g.width - MARGIN, [`${g.n} regions of ${rb} in disk order; each bar: live, dead, empty bytes`, `${g.n} regions of ${rb}, in disk order`, `${g.n} regions`]), MARGIN, 11);
  const h = (bytes: number) => (bytes / Math.max(1, s.regionBytes)) * g.barH;
  const bars = (colour: string, height: (r: number) => number, base: (r: number) => number) => {
    ctx.fillStyle = colour;
    for (let r = 0; r < g.n; r++) {
      if (s.state[r] === s.states.free) continue;
      const hh = height(r);
      if (hh <= 0) continue;
      const { x, y } = cellAt(g, r);
      ctx.fillRect(x, y + g.lane + g.barH - base(r) - hh, g.cellW, hh);
    }
  };
  bars(C.empty, () => g.barH, () => 0);
  bars(C.dead, (r) => h(s.fill[r]) - h(s.live[r]), (r) => h(s.live[r]));
  bars(C.live, (r) => h(s.live[r]), () => 0);
  // Free regions: white, outlined.
  ctx.strokeStyle = C.freeEdge;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let r = 0; r < g.n; r++) {
    if (s.state[r] !== s.states.free) continue;
    const { x, y } = cellAt(g, r);
    ctx.rect(x + 0.5, y + g.lane + 0.5, g.cellW - 1, g.barH - 1);
  }
  ctx.stroke();
  // The latest cleaning: its victims marked above their bars, its outputs below.
  for (const [colour, mark, dy] of [
    [C.victim, s.cleaned, 0],
    [C.output, s.output, g.lane + g.barH + 1],
  ] as const) {
    ctx.fillStyle = colour;
    for (let r = 0; r < g.n; r++) {
      if (!mark[r]) continue;
      const { x, y } = cellAt(g, r);
      ctx.fillRect(x, y + dy, g.cellW, 3);
    }
  }
  outlineCell(ctx, g, s.writingRegion, C.writing, 2, 0);
  // The regions holding the lit page's fragments.
  for (const r of regionsOfPage(s, m.litPage)) outlineCell(ctx, g, r, C.lit, 2, 2);
  outlineCell(ctx, g, m.selectedRegion, C.focus, 2, 2);
  outlineCell(ctx, g, m.hoverRegion, C.lit, 1, 1);
  outlineCell(ctx, g, m.focusRegion, C.focus, 1.5, 1);
  // The magnified region: a caret beneath its bar.
  if (m.detailRegion >= 0 && m.detailRegion < g.n) {
    const { x, y } = cellAt(g, m.detailRegion);
    const cx = x + g.cellW / 2;
    const by = y + g.lane + g.barH + 4;
    ctx.fillStyle = C.lit;
    ctx.beginPath();
    ctx.moveTo(cx, by);
    ctx.lineTo(cx - 4, by + 4);
    ctx.lineTo(cx + 4, by + 4);
    ctx.fill();
  }
}

/** Ticks under a strip with their values, and the unit at its right end (a value that would run
 * into the unit is left out). */
function axis(ctx: CanvasRenderingContext2D, st: Strip, max: number, unit: string): void {
  const x = d3.scaleLinear().domain([0, max]).range([st.x0, st.x0 + st.width]);
  const ticks = x.ticks(Math.max(2, Math.floor(st.width / 60)));
  const y = st.y + st.h;
  ctx.fillStyle = '#999';
  for (const t of ticks) ctx.fillRect(Math.round(x(t)) - 0.5, y, 1, 3);
  ctx.fillStyle = SPACE_COLOURS.text;
  const end = st.x0 + st.width;
  ctx.textAlign = 'right';
  ctx.fillText(unit, end, y + 12);
  const room = end - ctx.measureText(unit).width - 4;
  for (const t of ticks) {
    const w = ctx.measureText(String(t)).width;
    const left = t === 0 ? x(t) : x(t) - w / 2;
    if (left + w > room) continue;
    ctx.textAlign = t === 0 ? 'left' : 'center';
    ctx.fillText(String(t), x(t), y + 12);
  }
  ctx.textAlign = 'start';
}

/** The magnified region (its live fragments by offset, labelled by page) and the pages at their
 * homes under the read-optimized layout, with the lit page marked on both. */
export function drawStrips(canvas: HTMLCanvasElement | null, width: number, st: Strips, s: SpaceSnapshot, m: Marks): void {
  const ctx = prepareCanvas(canvas, width, st.height);
  if (!ctx) return;
  ctx.font = '10px system-ui, sans-serif';
  drawRegion(ctx, st.region, s, m);
  drawHomes(ctx, st.homes, s, m);
}

function drawRegion(ctx: CanvasRenderingContext2D, st: Strip, s: SpaceSnapshot, m: Marks): void {
  const C = SPACE_COLOURS;
  const r = m.detailRegion;
  const f = s.fragments;
  const n = r >= 0 ? s.regionStart[r + 1] - s.regionStart[r] : 0;
  const free = r >= 0 && s.state[r] === s.states.free;
  const roles = r < 0 ? [] : [r === s.writingRegion ? 'being written' : '', s.cleaned[r] ? 'cleaned' : '', s.output[r] ? "the cleaning's output" : ''];
  const what = [free ? 'free' : `${n} fragment${n === 1 ? '' : 's'} with live data`, ...roles].filter(Boolean).join(', ');
  ctx.fillStyle = C.text;
  ctx.fillText(
    fitText(ctx, st.width, [`Region ${r} magnified (${what}): its fragments by offset, labelled by page`, `Region ${r} (${what}), by offset`, `Region ${r}`]),
    st.x0,
    st.y - 4,
  );
  const { y, h } = st;
  ctx.fillStyle = C.empty;
  ctx.fillRect(st.x0, y, st.width, h);
  if (r < 0) return;
  if (free) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(st.x0, y, st.width, h);
  } else {
    // Written bytes are dead unless a live fragment covers them.
    ctx.fillStyle = C.dead;
    ctx.fillRect(st.x0, y, xOf(st, s.fill[r]) - st.x0, h);
    ctx.fillStyle = C.live;
    for (let i = s.regionStart[r]; i < s.regionStart[r + 1]; i++) ctx.fillRect(xOf(st, f.offset[i]), y, Math.max(1, xOf(st, f.offset[i] + f.bytes[i]) - xOf(st, f.offset[i]) - 1), h);
    // A fragment holding its page's current header: the header's cap at its start.
    ctx.fillStyle = C.header;
    for (let i = s.regionStart[r]; i < s.regionStart[r + 1]; i++) if (f.header[i]) ctx.fillRect(xOf(st, f.offset[i]), y, 3, h);
    ctx.fillStyle = '#fff';
    for (let i = s.regionStart[r]; i < s.regionStart[r + 1]; i++) {
      const x0 = xOf(st, f.offset[i]);
      const label = `p${f.page[i]}`;
      if (xOf(st, f.offset[i] + f.bytes[i]) - x0 >= ctx.measureText(label).width + 8) ctx.fillText(label, x0 + 5, y + h / 2 + 3.5);
    }
  }
  ctx.strokeStyle = free ? C.freeEdge : r === s.writingRegion ? C.writing : '#bbb';
  ctx.lineWidth = free || r !== s.writingRegion ? 1 : 2;
  ctx.strokeRect(st.x0 + 0.5, y + 0.5, st.width - 1, h - 1);
  const box = (i: number, colour: string, w: number) => {
    if (i < 0 || f.region[i] !== r) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = w;
    const x0 = xOf(st, f.offset[i]);
    ctx.strokeRect(x0 - 1 + w / 2, y - 2 + w / 2, Math.max(2, xOf(st, f.offset[i] + f.bytes[i]) - x0 + 2 - w), h + 4 - w);
  };
  for (const row of fragmentsOfPage(s, m.litPage)) box(row, C.lit, 2);
  box(m.hoverRow, C.lit, 1);
  box(m.focusRow, C.focus, 2);
  axis(ctx, st, s.regionBytes / 1024, 'KB');
}

function drawHomes(ctx: CanvasRenderingContext2D, st: Strip, s: SpaceSnapshot, m: Marks): void {
  const C = SPACE_COLOURS;
  const pb = fmtBytes(s.pageBytes);
  const p = m.litPage;
  const lit = p >= 0 && p < s.pages ? `; page ${p} at ${fmtBytes(p * s.pageBytes)}` : '';
  ctx.fillStyle = C.text;
  ctx.fillText(
    fitText(ctx, st.width, [`Read-optimized, for contrast: each page whole at one home, page × ${pb}${lit}`, `Read-optimized: page homes, page × ${pb}${lit}`, `Page homes${lit}`]),
    st.x0,
    st.y - 4,
  );
  ctx.fillStyle = C.home;
  ctx.fillRect(st.x0, st.y, st.width, st.h);
  const px = st.width / Math.max(1, s.pages);
  const w = Math.max(2, px);
  if (p >= 0 && p < s.pages) {
    ctx.fillStyle = C.lit;
    ctx.fillRect(Math.min(st.x0 + st.width - w, st.x0 + p * px), st.y - 4, w, st.h + 8);
  }
  if (m.focusPage >= 0 && m.focusPage < s.pages) {
    ctx.strokeStyle = C.focus;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(st.x0 + m.focusPage * px - 2, st.y - 5, w + 4, st.h + 10);
  }
  axis(ctx, st, (s.pages * s.pageBytes) / 1048576, 'MB');
}

/** What the pages' grid lights: the lit page, and the cells under the pointer and the focus. */
export interface PageMarks {
  litPage: number;
  hover: number;
  focus: number;
}

/** The read-optimized layout's disk: every page at its home in address order, the flusher's pass
 * marked beneath its pages, the page the disk is serving in its request's colour. */
export function drawPages(
  canvas: HTMLCanvasElement | null,
  g: Grid,
  s: SpaceSnapshot,
  m: PageMarks,
  disk: { batch: Uint32Array; active: { page: number; colour: string } | null },
): void {
  const ctx = prepareCanvas(canvas, g.width, g.height);
  if (!ctx) return;
  const C = SPACE_COLOURS;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = C.text;
  const pb = fmtBytes(s.pageBytes);
  ctx.fillText(fitText(ctx, g.width - MARGIN, [`${g.n.toLocaleString()} pages in address order, each whole at its home, page × ${pb}`, `${g.n.toLocaleString()} pages at their homes`, 'Page homes']), MARGIN, 11);
  const cell = (i: number, dy: number, h: number) => {
    const { x, y } = cellAt(g, i);
    ctx.fillRect(x, y + g.lane + dy, g.cellW, h);
  };
  ctx.fillStyle = C.home;
  for (let i = 0; i < g.n; i++) cell(i, 0, g.barH);
  ctx.fillStyle = C.lit;
  const band = Math.max(2, Math.round(g.barH / 3));
  for (const p of disk.batch) if (p < g.n) cell(p, g.barH - band, band);
  if (disk.active && disk.active.page < g.n) {
    ctx.fillStyle = disk.active.colour;
    cell(disk.active.page, 0, g.barH);
  }
  outlineCell(ctx, g, m.litPage, C.lit, 2, 2);
  outlineCell(ctx, g, m.hover, C.lit, 1, 1);
  outlineCell(ctx, g, m.focus, C.focus, 1.5, 1);
}
