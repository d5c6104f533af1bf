// What the HAC view draws, as functions of a HacFrame (hacFrame.ts) and the panel's size: the
// colours, the layout of the frames as a wrapped grid of 8 KB bars, a frame's objects as runs of
// pixel columns, the frames the compaction lane shows full width, and the canvas painting, with
// the effects of the steps (hacSteps.ts: the steps in words, their effects, where the step
// buttons seek). No DOM: the painters take a 2D context.
import { color, interpolateYlOrRd } from 'd3';
import { formatDuration } from '../../state/clock';
import { fmtBytes, fmtCount } from '../../views/lib/format';
import { scratch } from '../../views/lib/scratch';
import { frameCounts, frameKindText, named, NONE, objectAt, objectRow, type HacFrame, type ObjectsSnapshot } from './hacFrame';
import type { Effect } from './hacSteps';

/** Usage 0..15 on a sequential heat scale, pale (cold) to dark red (hot). */
export const USAGE_COLOURS: readonly string[] = Array.from({ length: 16 }, (_, u) => color(interpolateYlOrRd(0.08 + (0.92 * u) / 15))!.formatHex());
/** Class 16 of a pixel column: a copy not installed in its frame (hatched grey). */
export const NOT_INSTALLED = 16;
export const GREY = '#c8c8c8';
/** A frame's free bytes. */
export const EMPTY = '#f0f0f0';
const HATCH = '#7a7a7a';
/** Outline and mark colours (non-text: 3:1 on white or more) and the text colours naming them
 * (4.5:1 on white or more; hac.test.ts checks). */
export const INK = {
  intact: '#6b6b6b',
  compacted: '#283593',
  free: '#9e9e9e',
  incoming: '#2e7d32',
  target: '#d35400',
  victim: '#000000',
  selected: '#1f6feb',
  primary: '#8e24aa',
  secondary: '#00897b',
  objectBuffer: '#6d4c41',
  referenced: '#0d47a1',
} as const;
export const TEXT = { primary: '#6a1b9a', secondary: '#00695c', target: '#a03c00', incoming: '#1b5e20', muted: '#595959', body: '#222222' } as const;

/** The colour class of an object: its usage, or NOT_INSTALLED. */
export function objectClass(o: ObjectsSnapshot, row: number): number {
  return o.installed[row] ? Math.min(15, o.usage[row]) : NOT_INSTALLED;
}

/** A usage as the 4 bits the object header keeps: "1010 = 10". */
export function usageBits(u: number): string {
  return `${u.toString(2).padStart(4, '0')} = ${u}`;
}

// ---- Layout ----------------------------------------------------------------------------------

/** The frames as a wrapped grid of horizontal bars (frame i at column i mod cols, row i / cols). */
export interface GridLayout {
  cols: number;
  rows: number;
  cellW: number;
  cellH: number;
  /** Left of each cell: room for the scan pointers' marks. */
  gutter: number;
  barW: number;
  barH: number;
}

const MAX_BAR_H = 16;
/** Bars lower than this count for less: their colours are hard to tell apart, and a grid of a
 * few long hairlines reads worse than one of more, shorter bars. */
const LEGIBLE_BAR_H = 6;

/** The grid that fits `n` frames in width × height with the largest bars (at least 3 times as
 * wide as high, so each still reads as an 8 KB strip), bars under LEGIBLE_BAR_H px high counting
 * for less. */
export function gridLayout(n: number, width: number, height: number): GridLayout {
  let best: GridLayout | null = null;
  for (let cols = 1; cols <= Math.max(1, n); cols++) {
    const rows = Math.ceil(n / cols);
    const cellW = Math.floor(width / cols);
    const cellH = Math.min(MAX_BAR_H + 4, height / rows);
    const gutter = Math.min(6, Math.floor(cellW / 5));
    const barW = cellW - gutter - 1;
    const barH = Math.floor(Math.min(cellH - Math.max(1, cellH / 5), barW / 3));
    if (barW < 2 || barH < 1) continue;
    const g = { cols, rows, cellW, cellH, gutter, barW, barH };
    if (!best || legibleArea(g) > legibleArea(best)) best = g;
  }
  return best ?? { cols: Math.max(1, n), rows: 1, cellW: 1, cellH: 1, gutter: 0, barW: 1, barH: 1 };
}

const legibleArea = (g: GridLayout) => g.barW * g.barH * Math.min(1, g.barH / LEGIBLE_BAR_H);

/** Frame i's bar in the grid (CSS px, relative to the grid's top left). */
export function barBox(g: GridLayout, i: number): { x: number; y: number; w: number; h: number } {
  return { x: (i % g.cols) * g.cellW + g.gutter, y: Math.floor(i / g.cols) * g.cellH + (g.cellH - g.barH) / 2, w: g.barW, h: g.barH };
}

/** The frame whose cell holds (x, y), or -1. */
export function frameAt(g: GridLayout, n: number, x: number, y: number): number {
  const col = Math.floor(x / g.cellW);
  const row = Math.floor(y / g.cellH);
  if (x < 0 || y < 0 || col >= g.cols) return -1;
  const i = row * g.cols + col;
  return i < n ? i : -1;
}

/** The canvas: the grid on top, the compaction lane, the fetch/replacement timeline at the bottom. */
export interface CanvasLayout {
  width: number;
  height: number;
  grid: GridLayout;
  gridY: number;
  laneY: number;
  laneRows: number;
  timelineY: number;
}

const LANE_LABEL = 15;
const LANE_BAR = 16;
export const LANE_ROW = LANE_LABEL + LANE_BAR + 6;
/** The lane's bars start here, and end as far from the right edge (room for their outlines). */
const LANE_X = 3;
const TIMELINE_H = 40;
const GRID_TOP = 14;

export function canvasLayout(frames: number, width: number, height: number, lane = true): CanvasLayout {
  // A page cache (FPC) has no compaction lane nor replacement timeline: the grid takes it all.
  const laneRows = !lane ? 0 : height >= 300 ? 3 : 2;
  const timelineY = lane ? height - TIMELINE_H : height;
  const laneY = lane ? timelineY - laneRows * LANE_ROW - 4 : height;
  const grid = gridLayout(frames, width, Math.max(20, laneY - GRID_TOP - 6));
  return { width, height, grid, gridY: GRID_TOP, laneY, laneRows, timelineY };
}

// ---- A frame's objects as pixel columns ------------------------------------------------------

/** Per pixel column of a bar `width` px wide: the class of the object covering most of it (-1:
 * none) and whether a modified object is in it. Arrays reused by the next call (a paint reads
 * each bar's before the next bar's). */
export function barColumns(o: ObjectsSnapshot, frame: number, frameBytes: number, width: number): { cls: Int8Array; modified: Uint8Array } {
  const cls = scratch('hac.bar.cls', Int8Array, width).fill(-1);
  const cover = scratch('hac.bar.cover', Float32Array, width);
  const modified = scratch('hac.bar.modified', Uint8Array, width);
  const scale = width / frameBytes;
  const { offset, bytes } = o;
  // Tens of thousands of objects a paint, each over a pixel or two: what is the object's is read
  // once, outside the loop over its columns.
  for (let i = o.first[frame], end = o.first[frame + 1]; i < end; i++) {
    const x0 = offset[i] * scale;
    const x1 = Math.min(width, (offset[i] + bytes[i]) * scale);
    const k = objectClass(o, i);
    const mod = o.modified[i];
    for (let c = x0 | 0, last = Math.min(width, Math.ceil(x1)); c < last; c++) {
      const part = Math.min(x1, c + 1) - Math.max(x0, c);
      if (part > cover[c]) {
        cover[c] = part;
        cls[c] = k;
      }
      if (mod) modified[c] = 1;
    }
  }
  return { cls, modified };
}

/** Rectangles to fill, grouped by class (17 fills a paint, whatever the number of objects). */
class Batches {
  readonly rects: number[][] = Array.from({ length: 17 }, () => []);
  readonly marks: number[] = [];
  add(k: number, x: number, y: number, w: number, h: number) {
    this.rects[k].push(x, y, w, h);
  }
  /** Runs of equal columns of a bar at (x, y). */
  addColumns(cols: { cls: Int8Array; modified: Uint8Array }, x: number, y: number, h: number) {
    const { cls, modified } = cols;
    for (let c = 0; c < cls.length; ) {
      let e = c + 1;
      while (e < cls.length && cls[e] === cls[c]) e++;
      if (cls[c] >= 0) this.add(cls[c], x + c, y, e - c, h);
      c = e;
    }
    for (let c = 0; c < modified.length; c++) if (modified[c]) this.marks.push(x + c, y - 1, 1, 3);
  }
  fill(ctx: CanvasRenderingContext2D) {
    this.rects.forEach((r, k) => {
      if (r.length === 0) return;
      ctx.fillStyle = k === NOT_INSTALLED ? hatch(ctx) : USAGE_COLOURS[k];
      ctx.beginPath();
      for (let i = 0; i < r.length; i += 4) ctx.rect(r[i], r[i + 1], r[i + 2], r[i + 3]);
      ctx.fill();
    });
    ctx.fillStyle = '#000';
    for (let i = 0; i < this.marks.length; i += 4) ctx.fillRect(this.marks[i], this.marks[i + 1], this.marks[i + 2], this.marks[i + 3]);
  }
}

const patterns = new WeakMap<CanvasRenderingContext2D, CanvasPattern | string>();
/** Grey with dark diagonal hatching: an object copy not installed here. */
function hatch(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  let p = patterns.get(ctx);
  if (p === undefined) {
    p = GREY;
    if (typeof document !== 'undefined') {
      const tile = document.createElement('canvas');
      tile.width = tile.height = 4;
      const t = tile.getContext('2d');
      if (t) {
        t.fillStyle = GREY;
        t.fillRect(0, 0, 4, 4);
        t.fillStyle = HATCH;
        for (let i = 0; i < 4; i++) t.fillRect(i, 3 - i, 1, 1);
        p = ctx.createPattern(tile, 'repeat') ?? GREY;
      }
    }
    patterns.set(ctx, p);
  }
  return p;
}

// ---- Which frames the compaction lane shows ---------------------------------------------------

export type LaneRole = 'victim' | 'next victim' | 'target' | 'home page' | 'selected' | 'freed' | 'incoming';
export interface LaneFrame {
  frame: number;
  role: LaneRole;
}

/** The frames the compaction lane draws full width, most telling first: the victim being
 * compacted (before the first, the one the pending steps select), the target, the home page of an
 * object moving home, the selected frame, the frame freed last, the frame awaiting the page. */
export function laneFrames(h: HacFrame, selected: number, rows: number): LaneFrame[] {
  const r = h.replacement;
  const kinds = h.names.stepKind;
  let freed = -1;
  let next = -1;
  for (let i = 0; i < r.kind.length; i++) {
    const k = kinds[r.kind[i]];
    if (i <= r.step && k === 'frame freed') freed = r.stepFrame[i];
    if (i > r.step && k === 'victim selected' && next < 0) next = r.stepFrame[i];
  }
  const current = r.step >= 0 && r.step < r.kind.length ? r.step : -1;
  const home = current >= 0 && kinds[r.kind[current]] === 'move home' ? r.to[current] : -1;
  const wanted: LaneFrame[] = [
    r.victim >= 0 ? { frame: r.victim, role: 'victim' } : { frame: next, role: 'next victim' },
    { frame: h.client.target, role: 'target' },
    { frame: home, role: 'home page' },
    { frame: selected, role: 'selected' },
    { frame: freed, role: 'freed' },
    { frame: h.client.incoming.indexOf(1), role: 'incoming' },
  ];
  const out: LaneFrame[] = [];
  for (const w of wanted) {
    if (w.frame >= 0 && w.frame < h.client.frames && !out.some((o) => o.frame === w.frame)) out.push(w);
  }
  return out.slice(0, rows);
}

/** How long a step's effect (hacSteps.ts `stepEffects`) plays, wall-clock ms. */
export const EFFECT_MS = 700;

// ---- Painting ---------------------------------------------------------------------------------

export interface Marks {
  hover: number;
  focus: number;
  selected: number;
  /** An object row to outline (the hovered one). */
  object: number;
}

/** Where an object of frame `frame` at `offset` is drawn: in the lane when its frame is there. */
function place(l: CanvasLayout, lane: LaneFrame[], frameBytes: number, frame: number, offset: number, bytes: number) {
  const k = lane.findIndex((x) => x.frame === frame);
  if (k >= 0) {
    const w = l.width - 2 * LANE_X;
    return { x: LANE_X + (offset / frameBytes) * w, y: l.laneY + k * LANE_ROW + LANE_LABEL, w: Math.max(1, (bytes / frameBytes) * w), h: LANE_BAR };
  }
  const b = barBox(l.grid, frame);
  return { x: b.x + (offset / frameBytes) * b.w, y: l.gridY + b.y, w: Math.max(1, (bytes / frameBytes) * b.w), h: b.h };
}

/** The canvas under the effects: the grid's caption, the grid, the lane and the timeline. */
export function paint(ctx: CanvasRenderingContext2D, h: HacFrame, l: CanvasLayout, lane: LaneFrame[], marks: Marks): void {
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = TEXT.muted;
  ctx.fillText(fitText(ctx, gridCaption(h), l.width), 0, 10);
  paintGrid(ctx, h, l, marks);
  if (l.laneRows === 0) return;
  paintLane(ctx, h, l, lane, marks);
  paintTimeline(ctx, h, l);
}

/** The effects in flight at wall time `wallMs` (objects fading out, flying to their place), over
 * what `paint` drew. */
export function paintEffects(ctx: CanvasRenderingContext2D, h: HacFrame, l: CanvasLayout, lane: LaneFrame[], effects: readonly Effect[], wallMs: number): void {
  if (l.laneRows === 0) return;
  for (const e of effects) {
    const p = (wallMs - e.start) / EFFECT_MS;
    if (p < 0 || p >= 1) continue;
    const a = place(l, lane, h.client.frameBytes, e.from.frame, e.from.offset, e.bytes);
    const b = e.to ? place(l, lane, h.client.frameBytes, e.to.frame, e.to.offset, e.bytes) : a;
    const q = e.to ? 1 - (1 - p) ** 3 : 0;
    const x = a.x + (b.x - a.x) * q;
    const y = a.y + (b.y - a.y) * q;
    const w = Math.max(2, a.w);
    ctx.globalAlpha = e.kind === 'discard' ? 1 - p : 1;
    ctx.fillStyle = e.cls === NOT_INSTALLED ? GREY : USAGE_COLOURS[e.cls];
    ctx.fillRect(x, y, w, a.h);
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 1;
    ctx.strokeRect(x - 0.5, y - 0.5, w + 1, a.h + 1);
  }
  ctx.globalAlpha = 1;
}

function outline(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, hh: number, colour: string, width: number, dash: number[] = []) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.strokeRect(x - width / 2, y - width / 2, w + width, hh + width);
  ctx.setLineDash([]);
}

/** Frame f's contents in a bar: its objects when it has detail, else its used bytes coloured by
 * its threshold T with the share of objects not installed hatched. */
function addFrame(batch: Batches, h: HacFrame, f: number, x: number, y: number, w: number, hh: number) {
  const c = h.client;
  if (c.detail[f]) {
    batch.addColumns(barColumns(h.objects, f, c.frameBytes, Math.max(1, Math.round(w))), x, y, hh);
    return;
  }
  const used = (Math.min(c.used[f], c.frameBytes) / c.frameBytes) * w;
  const installed = c.objects[f] ? (used * c.installed[f]) / c.objects[f] : 0;
  if (installed > 0) batch.add(Math.min(15, c.t[f]), x, y, installed, hh);
  if (used > installed) batch.add(NOT_INSTALLED, x + installed, y, used - installed, hh);
}

/** Frame f's outline by kind, and in the grid (`rings`) the target's and the victim's rings. */
function frameOutline(ctx: CanvasRenderingContext2D, h: HacFrame, f: number, x: number, y: number, w: number, hh: number, rings: boolean) {
  const kind = h.names.frameKind[h.client.kind[f]];
  if (h.client.incoming[f]) outline(ctx, x, y, w, hh, INK.incoming, 1.5, [3, 2]);
  else if (kind === 'compacted') outline(ctx, x, y, w, hh, INK.compacted, 1.5);
  else if (kind === 'intact') outline(ctx, x, y, w, hh, INK.intact, 1);
  else if (kind === 'object buffer') outline(ctx, x, y, w, hh, INK.objectBuffer, 1.5, [5, 2]);
  else outline(ctx, x, y, w, hh, INK.free, 1, [1, 2]);
  if (rings && f === h.client.target) outline(ctx, x - 2, y - 2, w + 4, hh + 4, INK.target, 2);
  if (rings && f === h.replacement.victim) outline(ctx, x - 2, y - 2, w + 4, hh + 4, INK.victim, 2, [4, 2]);
  if (h.client.pinned[f]) {
    ctx.fillStyle = '#000';
    ctx.fillRect(x + w - 3, y + hh - 3, 3, 3);
  }
  if (h.client.referenced[f]) {
    ctx.fillStyle = INK.referenced;
    ctx.fillRect(x, y, 4, Math.min(4, hh));
  }
}

/** The grid's caption: how many frames, in which order (GOM: its two buffers). */
export function gridCaption(h: HacFrame): string {
  const c = h.client;
  const size = fmtBytes(c.frameBytes);
  if (c.policy === 'gom') {
    const rows = frameCounts(h)['object buffer'] ?? 0;
    return `${fmtCount(c.frames - rows)} page frames of ${size}, then the object buffer in ${fmtCount(rows)} rows of ${size}, row by row`;
  }
  return `${fmtCount(c.frames)} frames of ${size}, in ${c.policy === 'hac' ? 'scan' : 'frame'} order, row by row`;
}

function paintGrid(ctx: CanvasRenderingContext2D, h: HacFrame, l: CanvasLayout, marks: Marks) {
  const g = l.grid;
  const n = h.client.frames;
  const batch = new Batches();
  ctx.fillStyle = EMPTY;
  for (let f = 0; f < n; f++) {
    const b = barBox(g, f);
    ctx.fillRect(b.x, l.gridY + b.y, b.w, b.h);
    addFrame(batch, h, f, b.x, l.gridY + b.y, b.w, b.h);
  }
  batch.fill(ctx);
  for (let f = 0; f < n; f++) {
    const b = barBox(g, f);
    // Bars too small for every outline keep those of the frames that are not plain intact pages.
    const plain = h.names.frameKind[h.client.kind[f]] === 'intact' && !h.client.incoming[f] && !h.client.referenced[f];
    if (g.barH >= 5 || !plain || f === h.client.target || f === h.replacement.victim) frameOutline(ctx, h, f, b.x, l.gridY + b.y, b.w, b.h, true);
  }
  // The scan pointers: a triangle in the gutter before their frame, the primary in its colour.
  const p = h.pointers;
  for (let i = p.frame.length - 1; i >= 0; i--) {
    if (p.frame[i] >= n) continue;
    const b = barBox(g, p.frame[i]);
    const y = l.gridY + b.y + b.h / 2;
    const s = Math.max(3, Math.min(6, g.cellH / 2));
    ctx.fillStyle = p.primary[i] ? INK.primary : INK.secondary;
    ctx.fillRect(b.x - 1, l.gridY + b.y - 1, 2, b.h + 2);
    ctx.beginPath();
    ctx.moveTo(b.x - 1, y);
    ctx.lineTo(b.x - 1 - s, y - s);
    ctx.lineTo(b.x - 1 - s, y + s);
    ctx.fill();
  }
  for (const [f, colour, width] of [
    [marks.selected, INK.selected, 2.5],
    [marks.focus, INK.selected, 1.5],
    [marks.hover, '#000', 1.5],
  ] as const) {
    if (f < 0 || f >= n) continue;
    const b = barBox(g, f);
    outline(ctx, b.x - 3, l.gridY + b.y - 3, b.w + 6, b.h + 6, colour, width);
  }
}

function laneLabel(h: HacFrame, lf: LaneFrame): string {
  const c = h.client;
  const f = lf.frame;
  const th = c.kind[f] === named(h.names.frameKind, 'free') ? '' : `, T ${c.t[f]}`;
  const role = lf.role === 'victim' && h.replacement.threshold >= 0 ? `victim (compacting at T ${h.replacement.threshold})` : lf.role;
  return `${role}: frame ${f}, ${frameKindText(h, f)}, ${fmtBytes(c.used[f])} used, ${c.objects[f]} objects${th}`;
}

const ROLE_TEXT: Record<LaneRole, string> = {
  victim: TEXT.body,
  target: TEXT.target,
  'next victim': TEXT.body,
  'home page': TEXT.body,
  selected: '#174ea6',
  incoming: TEXT.incoming,
  freed: TEXT.body,
};

/** The lane: a few frames full width, each object at its offset, the hovered one outlined. */
function paintLane(ctx: CanvasRenderingContext2D, h: HacFrame, l: CanvasLayout, lane: LaneFrame[], marks: Marks) {
  const w = l.width - 2 * LANE_X;
  const fb = h.client.frameBytes;
  const o = h.objects;
  const batch = new Batches();
  ctx.font = '11px system-ui, sans-serif';
  lane.forEach((lf, k) => {
    const y = l.laneY + k * LANE_ROW;
    ctx.fillStyle = ROLE_TEXT[lf.role];
    ctx.fillText(fitText(ctx, laneLabel(h, lf), l.width), 0, y + 11);
    ctx.fillStyle = EMPTY;
    ctx.fillRect(LANE_X, y + LANE_LABEL, w, LANE_BAR);
    if (h.client.detail[lf.frame]) {
      for (let i = o.first[lf.frame]; i < o.first[lf.frame + 1]; i++) {
        const x = LANE_X + (o.offset[i] / fb) * w;
        const ow = (o.bytes[i] / fb) * w;
        batch.add(objectClass(o, i), x, y + LANE_LABEL, ow > 2.5 ? ow - 0.5 : Math.max(ow, 0.75), LANE_BAR);
        if (o.modified[i]) batch.marks.push(x, y + LANE_LABEL - 1, Math.max(1, ow - 0.5), 3);
      }
    } else addFrame(batch, h, lf.frame, LANE_X, y + LANE_LABEL, w, LANE_BAR);
  });
  batch.fill(ctx);
  lane.forEach((lf, k) => frameOutline(ctx, h, lf.frame, LANE_X, l.laneY + k * LANE_ROW + LANE_LABEL, w, LANE_BAR, false));
  const cur = currentObject(h);
  for (const [row, colour] of [
    [cur, '#000'],
    [marks.object, INK.selected],
  ] as const) {
    if (row < 0) continue;
    const p = place(l, lane, fb, o.frame[row], o.offset[row], o.bytes[row]);
    outline(ctx, p.x, p.y, Math.max(2, p.w), p.h, colour, 2);
  }
}

/** The object row the current step is about, where it is now (a move's destination), or -1. */
export function currentObject(h: HacFrame): number {
  const r = h.replacement;
  if (r.step < 0 || r.step >= r.kind.length || r.object[r.step] === NONE) return -1;
  return objectRow(h.objects, r.to[r.step] !== NONE ? r.to[r.step] : r.stepFrame[r.step], r.object[r.step]);
}

/** The fetch and the replacement on one time axis, the steps as ticks, now as a line. */
function paintTimeline(ctx: CanvasRenderingContext2D, h: HacFrame, l: CanvasLayout) {
  const r = h.replacement;
  if (r.page < 0) return;
  const now = h.nowNs / 1e9;
  const t0 = r.sentS;
  const t1 = Math.max(r.replyS, r.endS, now, t0 + 1e-9);
  const left = 78;
  const w = l.width - left - 4;
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * w;
  const y = l.timelineY + 6;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = TEXT.body;
  ctx.fillText('fetch', 0, y + 8);
  ctx.fillText(r.background ? 'replacement' : 'replacement (FG)', 0, y + 22);
  ctx.fillStyle = '#90a4ae';
  ctx.fillRect(x(t0), y, x(r.replyS < 0 ? Math.min(now, t1) : r.replyS) - x(t0), 9);
  if (r.startS >= 0) {
    ctx.fillStyle = '#ffe0b2';
    ctx.fillRect(x(r.startS), y + 14, Math.max(1, x(r.endS < 0 ? t1 : r.endS) - x(r.startS)), 9);
    ctx.fillStyle = INK.target;
    for (let i = 0; i < r.tS.length; i++) if (r.tS[i] >= 0) ctx.fillRect(x(r.tS[i]), y + 14, 1, 9);
  }
  ctx.fillStyle = '#000';
  ctx.fillRect(x(Math.min(now, t1)) - 0.5, y - 3, 1.5, 29);
  ctx.fillStyle = TEXT.muted;
  ctx.textAlign = 'right';
  ctx.fillText(`+${formatDuration((t1 - t0) * 1e9)} after the fetch was sent`, l.width - 2, y + 33);
  ctx.textAlign = 'left';
}

/** `s` cut with an ellipsis to fit `w` px. */
function fitText(ctx: CanvasRenderingContext2D, s: string, w: number): string {
  if (ctx.measureText(s).width <= w) return s;
  let n = s.length;
  while (n > 4 && ctx.measureText(`${s.slice(0, n)}…`).width > w) n--;
  return `${s.slice(0, n)}…`;
}

/** What is under (x, y): a frame and, where the frame has detail, an object row (-1: none). */
export function hitTest(h: HacFrame, l: CanvasLayout, lane: LaneFrame[], x: number, y: number): { frame: number; row: number } {
  const fb = h.client.frameBytes;
  if (y >= l.laneY && y < l.laneY + lane.length * LANE_ROW) {
    const k = Math.floor((y - l.laneY) / LANE_ROW);
    const frame = lane[k].frame;
    const inBar = y - l.laneY - k * LANE_ROW >= LANE_LABEL;
    return { frame, row: inBar && h.client.detail[frame] ? objectAt(h.objects, frame, ((x - LANE_X) / (l.width - 2 * LANE_X)) * fb) : -1 };
  }
  const frame = frameAt(l.grid, h.client.frames, x, y - l.gridY);
  if (frame < 0) return { frame, row: -1 };
  const b = barBox(l.grid, frame);
  return { frame, row: h.client.detail[frame] ? objectAt(h.objects, frame, ((x - b.x) / b.w) * fb) : -1 };
}

