// The disk view's head trace (spec §8.1.3): the head's cylinder over the last stretch of
// simulated time, each segment in the colour of the request being served, drawn on a canvas.
import * as d3 from 'd3';
import type { Ring } from '../../views/lib/ring';
import type { MobDisk, MobFrame, MobNames } from './mobFrame';
import { pixel, scratchImage } from '../../views/lib/pixels';
import { drawAxis } from '../../views/lib/Axis';
import { prepareCanvas } from '../../views/lib/hooks';

const IDLE_COLOUR = '#9e9e9e';

/** A point of the head's path. */
export interface HeadPt {
  t: number;
  cyl: number;
  kind: number; // request kind being served on the segment ending here, -1 idle
}

export const TRACE_ML = 40;
export const TRACE_MB = 18;
const TRACE_MR = 18; // room for the last tick label of the time axis

function traceWindowNs(speed: number): number {
  // About four wall-clock seconds of simulated time, between 20 ms and 10 s.
  return Math.min(10e9, Math.max(20e6, 4 * (speed || 0)));
}

export function drawTrace(
  canvas: HTMLCanvasElement | null,
  yg: SVGGElement | null,
  width: number,
  height: number,
  f: MobFrame,
  pts: Ring<HeadPt>,
  speed: number,
): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const d: MobDisk = f.disk;
  const win = traceWindowNs(speed);
  // The last `win` of simulated time; before the run has lasted that long, [0, win].
  const t0 = Math.max(0, f.nowNs - win);
  const t1 = t0 + win;
  const x = d3.scaleLinear().domain([t0 / 1e6, t1 / 1e6]).range([TRACE_ML, width - TRACE_MR]);
  const y = d3.scaleLinear().domain([0, Math.max(1, d.databaseCylinders)]).range([height - TRACE_MB - 2, 6]);
  // The time axis scrolls every frame: drawn on the canvas (below), not as SVG ticks that d3 would
  // rebuild in the DOM each frame.
  drawAxis(yg, y, 'left', 4, (v) => String(v));
  const plot = { x: TRACE_ML, y: 6, w: width - TRACE_MR - TRACE_ML, h: height - TRACE_MB - 8 };
  ctx.fillStyle = TRACE_BG;
  ctx.fillRect(plot.x, plot.y, plot.w, plot.h);
  ctx.save();
  ctx.beginPath();
  ctx.rect(TRACE_ML, 0, width - TRACE_MR - TRACE_ML, height);
  ctx.clip();
  // The points to join: the last one before the window, those inside, and up to now (the head is
  // still moving or resting).
  const n = pts.size;
  // Find the first point inside the window (binary search: points are in time order).
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pts.get(mid).t < t0) lo = mid + 1;
    else hi = mid;
  }
  // The scales as plain linear maps: they run a few thousand times a frame.
  const [ox, kx] = [x(0), x(1) - x(0)];
  const [oy, ky] = [y(0), y(1) - y(0)];
  const first = Math.max(0, lo - 1);
  const { xs, ys, kinds } = traceBuffers(n - first + 2);
  let m = 0;
  for (let i = first; i < n; i++) {
    const p = pts.get(i);
    xs[m] = ox + kx * (p.t / 1e6);
    ys[m] = oy + ky * p.cyl;
    kinds[m++] = p.kind;
  }
  const put = (t: number, cyl: number, kind: number) => {
    xs[m] = ox + kx * (t / 1e6);
    ys[m] = oy + ky * cyl;
    kinds[m++] = kind;
  };
  let lastT = m > 0 ? pts.get(n - 1).t : -Infinity;
  const act = d.active;
  if (m > 0 && act && f.nowNs > act.seekEnd && act.seekEnd > lastT) {
    put(act.seekEnd, act.toCylinder, act.kind);
    lastT = act.seekEnd;
  }
  if (m > 0 && f.nowNs > lastT) put(f.nowNs, d.headCylinder, act && f.nowNs >= act.start ? act.kind : -1);
  const line: TraceLine = { x: xs.subarray(0, m), y: ys.subarray(0, m), kind: kinds.subarray(0, m), palette: tracePalette(f.names) };
  if (m > plot.w) drawTraceColumns(ctx, line, plot);
  else drawTraceSegments(ctx, line);
  ctx.restore();
  drawTimeAxis(ctx, x, height - TRACE_MB, Math.max(2, Math.floor(width / 80)), (v) => v.toFixed(win < 100e6 ? 1 : 0));
}

/** The points of the trace being drawn, reused from frame to frame (grown as needed): a few
 * thousand a frame would otherwise be left to the garbage collector. */
let buffers = { xs: new Float64Array(0), ys: new Float64Array(0), kinds: new Int8Array(0) };

function traceBuffers(n: number): typeof buffers {
  if (buffers.xs.length < n) {
    const cap = Math.max(n, 2 * buffers.xs.length);
    buffers = { xs: new Float64Array(cap), ys: new Float64Array(cap), kinds: new Int8Array(cap) };
  }
  return buffers;
}

/** The head trace's points in CSS pixels, with the request kind of the segment ending at each. */
export interface TraceLine {
  x: Float64Array;
  y: Float64Array;
  kind: Int8Array;
  palette: TracePalette;
}

/** The trace's colours by request kind + 1 (idle first), as CSS colours and as pixels. */
export interface TracePalette {
  css: readonly string[];
  pixels: readonly number[];
}

const palettes = new WeakMap<MobNames, TracePalette>();

function tracePalette(names: MobNames): TracePalette {
  let p = palettes.get(names);
  if (!p) {
    const css = [IDLE_COLOUR, ...names.requestColour];
    p = { css, pixels: css.map(pixel) };
    palettes.set(names, p);
  }
  return p;
}

const TRACE_LW = 1.5;
const TRACE_BG = '#fafafa';
const PLOT_PIXEL = pixel(TRACE_BG);

/** Each segment of the head trace, exactly. A software canvas pays dearly for stroked paths and
 * little for axis-aligned rectangles: a rest (horizontal) or a seek narrower than two pixels is a
 * rectangle; only visibly sloped seeks (slow motion) are stroked. */
function drawTraceSegments(ctx: CanvasRenderingContext2D, { x, y, kind, palette }: TraceLine): void {
  ctx.lineWidth = TRACE_LW;
  ctx.lineCap = 'round';
  let style = ''; // setting a style parses a colour: only when it changes
  for (let i = 1; i < x.length; i++) {
    const [xa, xb, ya, yb] = [x[i - 1], x[i], y[i - 1], y[i]];
    const colour = palette.css[kind[i] + 1];
    if (colour !== style) ctx.fillStyle = ctx.strokeStyle = style = colour;
    if (ya === yb) ctx.fillRect(xa, ya - TRACE_LW / 2, xb - xa, TRACE_LW);
    else if (xb - xa < 2) ctx.fillRect(xa - TRACE_LW / 2, Math.min(ya, yb) - TRACE_LW / 2, Math.max(TRACE_LW, xb - xa + TRACE_LW), Math.abs(yb - ya) + TRACE_LW);
    else {
      ctx.beginPath();
      ctx.moveTo(xa, ya);
      ctx.lineTo(xb, yb);
      ctx.stroke();
    }
  }
}

/** More segments than pixel columns (long windows, fast-forward): one bar per device-pixel
 * column from the lowest to the highest cylinder the head visited there, in the colour of the kind
 * it spent most of the column on, and rests longer than a column as lines. Written as pixels into
 * the plot area (`plot`, CSS px) with one putImageData: thousands of fillRects and style switches
 * cost a software canvas milliseconds a frame. One pass over the points without closures or
 * allocation: it runs on every frame over thousands of points. */
export function drawTraceColumns(
  ctx: CanvasRenderingContext2D,
  line: TraceLine,
  plot: { x: number; y: number; w: number; h: number },
): void {
  const dpr = window.devicePixelRatio || 1;
  const W = Math.max(1, Math.round(plot.w * dpr));
  const H = Math.max(1, Math.round(plot.h * dpr));
  const img = scratchImage(W, H);
  const buf = new Uint32Array(img.data.buffer);
  buf.fill(PLOT_PIXEL);
  const half = Math.max(1, Math.round(TRACE_LW * dpr)) / 2;
  const { x, y, kind } = line;
  const { pixels } = line.palette;
  // Device pixels spent per kind (index kind + 1) in the current column.
  const time = kindTime(pixels.length);
  // Device coordinates inside the plot: point i - 1 (a) and point i (b).
  let xa = (x[0] - plot.x) * dpr;
  let ya = (y[0] - plot.y) * dpr;
  let col = Math.floor(xa);
  let top = ya;
  let bottom = top;
  for (let i = 1; i < x.length; i++) {
    const xb = (x[i] - plot.x) * dpr;
    const yb = (y[i] - plot.y) * dpr;
    const k = kind[i] + 1;
    const cb = Math.floor(xb);
    if (cb !== col) {
      time[k] += col + 1 - xa;
      top = Math.min(top, ya);
      bottom = Math.max(bottom, ya);
      fillSpan(buf, W, H, col, col + 1, top - half, bottom + half, pixels[mostTime(time)]);
      if (cb > col + 1) fillSpan(buf, W, H, col + 1, cb, ya - half, ya + half, pixels[k]); // a rest spanning whole columns
      col = cb;
      top = bottom = ya;
    }
    time[k] += xb - Math.max(xa, col);
    top = Math.min(top, ya, yb);
    bottom = Math.max(bottom, ya, yb);
    xa = xb;
    ya = yb;
  }
  fillSpan(buf, W, H, col, col + 1, top - half, bottom + half, pixels[mostTime(time)]);
  ctx.putImageData(img, Math.round(plot.x * dpr), Math.round(plot.y * dpr));
}

let times = new Float64Array(0);

/** The per-kind times of a column, zeroed, reused from frame to frame. */
function kindTime(kinds: number): Float64Array {
  if (times.length !== kinds) times = new Float64Array(kinds);
  else times.fill(0);
  return times;
}

/** The kind (index) with the most time in the column (the first of equals); zeroes the times
 * for the next column. */
function mostTime(time: Float64Array): number {
  let k = 0;
  for (let j = 1; j < time.length; j++) if (time[j] > time[k]) k = j;
  time.fill(0);
  return k;
}

/** Columns [c0, c1) from row floor(y0) to ceil(y1), clipped to the W × H pixels, in `colour`. */
function fillSpan(buf: Uint32Array, W: number, H: number, c0: number, c1: number, y0: number, y1: number, colour: number): void {
  const r0 = Math.max(0, Math.floor(y0));
  const r1 = Math.min(H, Math.ceil(y1));
  const from = Math.max(0, c0);
  const to = Math.min(W, c1);
  if (from >= to) return;
  for (let r = r0; r < r1; r++) {
    if (to - from === 1) buf[r * W + from] = colour;
    else buf.fill(colour, r * W + from, r * W + to);
  }
}

/** A bottom axis like d3.axisBottom (outer ticks 0), drawn on the canvas at y = `y0`. */
function drawTimeAxis(ctx: CanvasRenderingContext2D, x: d3.ScaleLinear<number, number>, y0: number, ticks: number, format: (v: number) => string): void {
  const [r0, r1] = x.range();
  const values = x.ticks(ticks);
  ctx.strokeStyle = '#000';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(r0, y0 + 0.5);
  ctx.lineTo(r1, y0 + 0.5);
  for (const v of values) {
    const px = Math.round(x(v)) + 0.5;
    ctx.moveTo(px, y0);
    ctx.lineTo(px, y0 + 6);
  }
  ctx.stroke();
  ctx.fillStyle = '#555';
  ctx.font = '10px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const v of values) ctx.fillText(format(v), x(v), y0 + 9);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'start';
}
