// The pending pool on the platter (spec 001 §5.1 item 1): pure geometry, colours, words and the
// canvas painting of the PoolPlatter view. A polar platter: radius is the cylinder (cylinder 0 at
// the hub, the last at the rim), angle is the rotational position of a page's first sector, the
// head fixed at 3 o'clock and the platter turning under it at the frame's `disk.angle`. Every
// number comes from the frame (oplogFrame.ts); nothing here simulates.
import * as d3 from 'd3';
import { REQUEST_PALETTE } from '../../views/contract';
import { screenAngle } from '../../views/lib/disk';
import { drawDisc, drawHead, drawHub, drawSpokes, HEAD_ANGLE } from '../../views/lib/platter';
import { fmtMs } from '../../views/lib/format';
import { pagePlace, type DecisionsSnapshot, type DiskSnapshot, type OplogFrame, type PoolSnapshot } from './oplogFrame';

/** Colours: the chosen page as an installation read, the other policy's pick in ink, dirty pages
 * as page writes (contract.ts), the head dark. */
export const COLOURS = {
  chosen: REQUEST_PALETTE['installation read'],
  other: '#222222',
  dirty: REQUEST_PALETTE['page write'],
  head: '#222222',
  platter: '#f6f5f0',
  rim: '#9a9a9a',
  selected: '#000000',
} as const;
/** Dark orange text, 4.9:1 on white (contract.ts KIND_TEXT_PALETTE). */
export const CHOSEN_TEXT = '#a03f00';
/** Age colours: YlGnBu from its middle (every shade 2:1 or more on the platter) to its darkest. */
export const AGE_BINS = 24;
const AGE_FROM = 0.45;

export interface PlatterLayout {
  width: number;
  height: number;
  cx: number;
  cy: number;
  rOuter: number;
  rInner: number;
}

/** The platter in a `width` × `height` canvas: room on the right for the head's arm. */
export function platterLayout(width: number, height: number): PlatterLayout {
  const R = Math.max(20, Math.min(width - 40, height - 16) / 2);
  return { width, height, cx: 10 + R, cy: Math.max(8 + R, height / 2), rOuter: R, rInner: R * 0.16 };
}

/** Radius of (the middle of) cylinder `cyl`: cylinder 0 at the hub's edge, the last at the rim;
 * fractional cylinders (a head mid-seek) in between. */
export function cylinderRadius(cyl: number, cylinders: number, l: Pick<PlatterLayout, 'rInner' | 'rOuter'>): number {
  return l.rInner + ((cyl + 0.5) / Math.max(1, cylinders)) * (l.rOuter - l.rInner);
}

/** Where on the platter a page's first sector is, in revolutions: its angular slot's start. */
export function slotPhi(slot: number, pagesPerTrack: number): number {
  return slot / pagesPerTrack;
}

/** Screen point of angular slot `slot` of cylinder `cyl` with the platter at `angle` revolutions:
 * the slot passes under the head (screen angle HEAD_ANGLE) when angle = its phi (lib/disk.ts). */
export function placePoint(cyl: number, slot: number, disk: Pick<DiskSnapshot, 'cylinders' | 'pagesPerTrack' | 'angle'>, l: PlatterLayout): { x: number; y: number } {
  const r = cylinderRadius(cyl, disk.cylinders, l);
  const a = screenAngle(slotPhi(slot, disk.pagesPerTrack), disk.angle, HEAD_ANGLE);
  return { x: l.cx + Math.cos(a) * r, y: l.cy + Math.sin(a) * r };
}

/** Screen point of the head's axis at cylinder `cyl`. */
export function headPoint(cyl: number, cylinders: number, l: PlatterLayout): { x: number; y: number } {
  const r = cylinderRadius(cyl, cylinders, l);
  return { x: l.cx + Math.cos(HEAD_ANGLE) * r, y: l.cy + Math.sin(HEAD_ANGLE) * r };
}

// ---- age ----

/** The age scale's top, seconds: the oldest pending page's age, rounded up to a nice number. */
export function ageTopS(pool: PoolSnapshot, nowNs: number): number {
  let oldest = Infinity;
  for (let i = 0; i < pool.firstAt.length; i++) oldest = Math.min(oldest, pool.firstAt[i]);
  const max = oldest === Infinity ? 0 : (nowNs - oldest) / 1e9;
  return d3.scaleLinear().domain([0, Math.max(max, 0.01)]).nice(4).domain()[1];
}

/** The colour of a mark `ageS` old on a scale up to `topS`. */
export function ageColour(ageS: number, topS: number): string {
  const t = Math.max(0, Math.min(1, ageS / Math.max(topS, 1e-9)));
  return d3.interpolateYlGnBu(AGE_FROM + (1 - AGE_FROM) * t);
}

/** The bin (0 … AGE_BINS − 1) a mark `ageS` old is painted in. */
export function ageBin(ageS: number, topS: number): number {
  return Math.max(0, Math.min(AGE_BINS - 1, Math.floor((ageS / Math.max(topS, 1e-9)) * AGE_BINS)));
}

/** Each bin's colour: its middle's age. */
export function binColours(topS: number): string[] {
  return Array.from({ length: AGE_BINS }, (_, b) => ageColour(((b + 0.5) / AGE_BINS) * topS, topS));
}

// ---- marks ----

/** The pool's marks on screen: row i of the pool at (x[i], y[i]), in age bin[i]. */
export interface Marks {
  x: Float32Array;
  y: Float32Array;
  bin: Uint8Array;
  page: Uint32Array;
}

export function poolMarks(pool: PoolSnapshot, disk: DiskSnapshot, nowNs: number, topS: number, l: PlatterLayout): Marks {
  const n = pool.page.length;
  const m: Marks = { x: new Float32Array(n), y: new Float32Array(n), bin: new Uint8Array(n), page: pool.page };
  for (let i = 0; i < n; i++) {
    const p = placePoint(pool.cylinder[i], pool.slot[i], disk, l);
    m.x[i] = p.x;
    m.y[i] = p.y;
    m.bin[i] = ageBin((nowNs - pool.firstAt[i]) / 1e9, topS);
  }
  return m;
}

/** The mark nearest (x, y) within `radius` px, or −1; of equally near marks, the one painted last
 * (the oldest, painted on top). */
export function hitMark(m: Marks, x: number, y: number, radius = 6): number {
  let best = -1;
  let bestD = radius * radius;
  for (let i = 0; i < m.x.length; i++) {
    const d = (m.x[i] - x) ** 2 + (m.y[i] - y) ** 2;
    if (d < bestD || (d === bestD && best >= 0 && m.bin[i] >= m.bin[best])) {
      best = i;
      bestD = d;
    }
  }
  return best;
}

/** The cylinder and angular slot under screen point (x, y), or null off the recording surface:
 * the inverse of `placePoint` (a slot spans its page's sectors, from its start on). */
export function placeAt(disk: Pick<DiskSnapshot, 'cylinders' | 'pagesPerTrack' | 'angle'>, l: PlatterLayout, x: number, y: number): { cylinder: number; slot: number } | null {
  const r = Math.hypot(x - l.cx, y - l.cy);
  if (r < l.rInner || r > l.rOuter) return null;
  const cylinder = Math.min(disk.cylinders - 1, Math.floor(((r - l.rInner) / (l.rOuter - l.rInner)) * disk.cylinders));
  // screen = HEAD_ANGLE + (angle − phi)·2π, so phi = angle − (screen − HEAD_ANGLE)/2π.
  const phi = disk.angle - (Math.atan2(y - l.cy, x - l.cx) - HEAD_ANGLE) / (2 * Math.PI);
  const slot = Math.floor((((phi % 1) + 1) % 1) * disk.pagesPerTrack) % disk.pagesPerTrack;
  return { cylinder, slot };
}

/** The dirty cell (cylinder × slot) under (x, y) when it holds dirty pages, or null. */
export function hitDirty(cells: Uint8Array, disk: DiskSnapshot, l: PlatterLayout, x: number, y: number): { cylinder: number; slot: number; count: number } | null {
  const at = placeAt(disk, l, x, y);
  if (!at) return null;
  const count = cells[at.cylinder * disk.pagesPerTrack + at.slot];
  return count ? { ...at, count } : null;
}

/** How many marks lie within `radius` px of (x, y). */
export function marksNear(m: Marks, x: number, y: number, radius = 3): number {
  let n = 0;
  for (let i = 0; i < m.x.length; i++) if ((m.x[i] - x) ** 2 + (m.y[i] - y) ** 2 <= radius * radius) n++;
  return n;
}

// ---- decisions ----

export interface Decision {
  /** Row in the decisions section (oldest first). */
  index: number;
  /** The pool it chose from: 'installation read' or 'page write'. */
  op: string;
  at: number;
  fromCylinder: number;
  fromTime: number;
  chosen: number;
  chosenNs: number;
  /** The other policy's pick and its positioning time; −1 where none (write-back). */
  other: number;
  otherNs: number;
  candidates: number;
  examined: number;
}

export function decisionAt(d: DecisionsSnapshot, i: number, ops: readonly string[]): Decision {
  return {
    index: i,
    op: ops[d.op[i]] ?? `op ${d.op[i]}`,
    at: d.at[i],
    fromCylinder: d.fromCylinder[i],
    fromTime: d.fromTime[i],
    chosen: d.chosen[i],
    chosenNs: d.chosenNs[i],
    other: d.other[i],
    otherNs: d.otherNs[i],
    candidates: d.candidates[i],
    examined: d.examined[i],
  };
}

/** The newest decision (of pool `op` when given), or null. */
export function latestDecision(d: DecisionsSnapshot, ops: readonly string[], op?: string): Decision | null {
  for (let i = d.at.length - 1; i >= 0; i--) if (op === undefined || ops[d.op[i]] === op) return decisionAt(d, i, ops);
  return null;
}

/** The last `n` decisions, newest first. */
export function recentDecisions(d: DecisionsSnapshot, ops: readonly string[], n: number): Decision[] {
  const out: Decision[] = [];
  for (let i = d.at.length - 1; i >= 0 && out.length < n; i--) out.push(decisionAt(d, i, ops));
  return out;
}

/** The platter's angle at `tNs`, revolutions in [0, 1), from the frame's angle at `nowNs`: the
 * platter turns at a constant rate (the engine's `platter_angle`). */
export function angleAt(disk: Pick<DiskSnapshot, 'angle' | 'revNs'>, nowNs: number, tNs: number): number {
  const a = (disk.angle + (tNs - nowNs) / disk.revNs) % 1;
  return a < 0 ? a + 1 : a;
}

/** Where a decision's pages are drawn: as the platter stands when the head is free to start it
 * (`fromTime`, the state its positioning times are measured from), the head on `fromCylinder` at
 * 3 o'clock; a page with a rotational wait of w is w/rev of a turn counter-clockwise of the head. */
export function decisionPlaces(
  dec: Decision,
  disk: DiskSnapshot,
  nowNs: number,
  l: PlatterLayout,
): { angle: number; from: { x: number; y: number }; chosen: { x: number; y: number }; other: { x: number; y: number } | null } {
  const at = { ...disk, angle: angleAt(disk, nowNs, dec.fromTime) };
  const place = (p: number) => {
    const q = pagePlace(p, disk);
    return placePoint(q.cylinder, q.slot, at, l);
  };
  return { angle: at.angle, from: headPoint(dec.fromCylinder, disk.cylinders, l), chosen: place(dec.chosen), other: dec.other >= 0 ? place(dec.other) : null };
}

/** Whether the design keeps a pending pool (absorbing and opportunistic servers defer
 * installation reads; spec §2.7). */
export function hasPool(design: string): boolean {
  return design === 'absorbing' || design === 'opportunistic';
}

/** Why the design has no pool to draw, in words. */
export function noPoolReason(design: string): string {
  if (design === 'page')
    return 'The page server has no pending pool: clients ship whole modified pages, so the server never reads a page to install a modification (§4.3). Only write-back is scheduled: tick “show dirty pages” to see its pool.';
  if (design === 'basic')
    return 'The basic object server has no pending pool: it issues each installation read the moment the commit arrives, first in first out with the fetch reads, so nothing waits to be scheduled (§4.3). Set server.design to "absorbing" or "opportunistic" to see the pool.';
  return `The ${design} server keeps no pending pool.`;
}

/** The policies of a decision: who chose, and whose pick it passed over. An opportunistic server
 * reads by shortest positioning time and the oldest page is the other pick; an absorbing one
 * reads the oldest and the SPTF page is what it passed over; write-back is always SPTF. */
export function policies(design: string, op: string): { chosen: string; other: string | null } {
  if (op !== 'installation read') return { chosen: 'SPTF', other: null };
  return design === 'absorbing' ? { chosen: 'oldest-first', other: 'SPTF' } : { chosen: 'SPTF', other: 'oldest-first' };
}

export interface Readout {
  chosenPolicy: string;
  otherPolicy: string | null;
  chosenMs: string;
  otherMs: string | null;
  /** |other − chosen| of the times as shown, ms (what SPTF saves, or what oldest-first pays). */
  savingMs: string | null;
  sentence: string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A decision in words, its times in ms with 2 decimals. */
export function readout(design: string, dec: Decision): Readout {
  const pol = policies(design, dec.op);
  const chosenMs = fmtMs(dec.chosenNs, 2);
  const what = dec.op === 'installation read' ? 'installation read' : 'write-back';
  if (!pol.other || dec.other < 0) {
    const sentence = `${pol.chosen} ${what} chose page ${dec.chosen} of ${dec.candidates.toLocaleString('en-US')}: ${chosenMs} ms to position.`;
    return { chosenPolicy: pol.chosen, otherPolicy: null, chosenMs, otherMs: null, savingMs: null, sentence };
  }
  const otherMs = fmtMs(dec.otherNs, 2);
  // The difference of the two times as shown, so the sentence adds up (within 0.01 ms of the
  // difference of the exact times).
  const savingMs = (Math.abs(Math.round(dec.otherNs / 1e4) - Math.round(dec.chosenNs / 1e4)) / 100).toFixed(2);
  const tail = pol.chosen === 'SPTF' ? `saving ${savingMs} ms` : `SPTF would have saved ${savingMs} ms`;
  const sentence = `${cap(pol.chosen)} chose page ${dec.chosen}: ${chosenMs} ms; ${pol.other} would have taken page ${dec.other}: ${otherMs} ms: ${tail}.`;
  return { chosenPolicy: pol.chosen, otherPolicy: pol.other, chosenMs, otherMs, savingMs, sentence };
}

// ---- painting ----

export interface PaintOptions {
  showDirty: boolean;
  selectedPage: number;
  hoverPage: number;
  /** The decision to draw, when the caller shows it in words too (the words' frame's): the
   * labels on the platter and the words say the same times (issue 24, item 13: they lagged each
   * other during play). Without it, the frame's latest. */
  decision?: Decision | null;
}

const MARK_R = 1.9;
/** Dirty cells' opacity by their count of dirty pages: 1, 2, 3 or more. */
export const DIRTY_SHADES: readonly (readonly [number, number, number])[] = [
  [1, 1, 0.22],
  [2, 2, 0.4],
  [3, 255, 0.6],
];

/** Paints the platter, its marks, the head and the latest installation-read decision; returns
 * the marks drawn (for hit tests). */
export function paintPlatter(ctx: CanvasRenderingContext2D, f: OplogFrame, nowNs: number, ops: readonly string[], l: PlatterLayout, o: PaintOptions): Marks {
  const d = f.disk;
  const { cx, cy, rOuter, rInner } = l;
  const rad = (c: number) => cylinderRadius(c, d.cylinders, l);
  // The platter and rings every 500 cylinders (they do not turn).
  drawDisc(ctx, l, COLOURS.platter, COLOURS.rim);
  ctx.strokeStyle = 'rgba(0,0,0,0.08)';
  for (let c = 500; c < d.cylinders; c += 500) {
    ctx.beginPath();
    ctx.arc(cx, cy, rad(c), 0, 2 * Math.PI);
    ctx.stroke();
  }
  // Slot boundaries turn with the platter; slot 0's is darker.
  drawSpokes(ctx, l, d.angle, d.pagesPerTrack);
  // Dirty pages awaiting write-back, beneath the pool: each cell (cylinder × slot) with dirty
  // pages as the arc of a page's sectors, from the slot's start on, darker with more pages.
  if (o.showDirty) {
    const per = d.pagesPerTrack;
    const span = (2 * Math.PI) / per;
    ctx.strokeStyle = COLOURS.dirty;
    ctx.lineWidth = Math.max(1.2, (rOuter - rInner) / d.cylinders);
    for (const [min, max, alpha] of DIRTY_SHADES) {
      ctx.globalAlpha = alpha;
      ctx.beginPath();
      for (let k = 0; k < f.dirty.cells.length; k++) {
        const n = f.dirty.cells[k];
        if (n < min || n > max) continue;
        const r = rad(Math.floor(k / per));
        const a = screenAngle(slotPhi(k % per, per), d.angle, HEAD_ANGLE);
        ctx.moveTo(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
        // Later sectors of the page are at larger phi: counter-clockwise on screen.
        ctx.arc(cx, cy, r, a, a - span * 0.9, true);
      }
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }
  // The pool, youngest first so the oldest are on top.
  const topS = ageTopS(f.pool, nowNs);
  const m = poolMarks(f.pool, d, nowNs, topS, l);
  const colours = binColours(topS);
  for (let b = 0; b < AGE_BINS; b++) {
    ctx.fillStyle = colours[b];
    ctx.beginPath();
    for (let i = 0; i < m.x.length; i++) {
      if (m.bin[i] !== b) continue;
      ctx.moveTo(m.x[i] + MARK_R, m.y[i]);
      ctx.arc(m.x[i], m.y[i], MARK_R, 0, 2 * Math.PI);
    }
    ctx.fill();
  }
  drawHub(ctx, l, d.revNs, rInner > 30);
  // Cylinder labels down the 6 o'clock radius, with ticks (they do not turn): 0 at the hub, the
  // last at the rim, every 500 between where there is room.
  ctx.font = '10px system-ui, sans-serif';
  ctx.strokeStyle = '#555555';
  ctx.lineWidth = 1;
  const last = d.cylinders - 1;
  for (const c of [0, 500, 1000, 1500, last]) {
    if (c > last || (c !== last && c !== 0 && rad(last) - rad(c) < 14)) continue;
    const y = c === last ? cy + rOuter - 4 : cy + rad(c);
    if (c !== last) line(ctx, cx - 3, y, cx + 3, y);
    haloText(ctx, c === 0 ? 'cylinder 0' : String(c), cx + 6, c === 0 ? y + 10 : y + 3.5, '#333333', 'left');
  }
  // Queued requests (outlined squares), the active request (a ring), in their colours.
  const opColour = (op: string) => REQUEST_PALETTE[op] ?? '#777777';
  ctx.lineWidth = 1.5;
  for (let i = 0; i < d.queuePage.length; i++) {
    const q = pagePlace(d.queuePage[i], d);
    const p = placePoint(q.cylinder, q.slot, d, l);
    ctx.strokeStyle = opColour(ops[d.queueOp[i]]);
    ctx.strokeRect(p.x - 4, p.y - 4, 8, 8);
  }
  if (d.active) {
    const q = pagePlace(d.active.page, d);
    const p = placePoint(q.cylinder, q.slot, d, l);
    ctx.strokeStyle = opColour(d.active.op);
    ctx.lineWidth = 3;
    ring(ctx, p.x, p.y, 7);
  }
  // The latest installation-read decision, drawn as the platter stands when the head is free to
  // start it: a solid line from the head there to the chosen page and a dashed one to the other
  // policy's pick, each with its positioning time.
  const dec = o.decision !== undefined ? o.decision : latestDecision(f.decisions, ops, 'installation read');
  if (dec) {
    const at = decisionPlaces(dec, d, nowNs, l);
    const { from, chosen: cp } = at;
    const labels: [number, number, string, string][] = [];
    if (at.other) {
      const op = at.other;
      ctx.strokeStyle = COLOURS.other;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([5, 4]);
      line(ctx, from.x, from.y, op.x, op.y);
      ctx.setLineDash([]);
      ctx.lineWidth = 2;
      ring(ctx, op.x, op.y, 6);
      labels.push([op.x, op.y, `${fmtMs(dec.otherNs, 2)} ms`, COLOURS.other]);
    }
    ctx.strokeStyle = COLOURS.chosen;
    ctx.lineWidth = 2.5;
    line(ctx, from.x, from.y, cp.x, cp.y);
    ctx.fillStyle = COLOURS.chosen;
    ctx.beginPath();
    ctx.arc(cp.x, cp.y, 5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    ring(ctx, cp.x, cp.y, 5);
    labels.push([cp.x, cp.y, `${fmtMs(dec.chosenNs, 2)} ms`, CHOSEN_TEXT]);
    // Where the head is free: a hollow dot on the head's axis.
    ctx.strokeStyle = COLOURS.head;
    ctx.lineWidth = 1.5;
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(from.x, from.y, 4, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    for (const [x, y, text, colour] of labels) {
      const w = ctx.measureText(text).width;
      const left = Math.max(2, Math.min(l.width - w - 2, x > cx ? x + 9 : x - 9 - w));
      haloText(ctx, text, left, Math.max(11, y - 7), colour, 'left');
    }
  }
  // The selected and hovered pages.
  for (const [page, colour, r] of [
    [o.selectedPage, COLOURS.selected, 8],
    [o.hoverPage, '#1f6feb', 6],
  ] as const) {
    if (page < 0) continue;
    const q = pagePlace(page, d);
    const p = placePoint(q.cylinder, q.slot, d, l);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ring(ctx, p.x, p.y, r);
  }
  drawHead(ctx, l, rad(d.headCylinder), COLOURS.head, d.active ? opColour(d.active.op) : COLOURS.head);
  return m;
}

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.stroke();
}

/** Text on a white halo, so it reads over the marks. */
function haloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, colour: string, align: CanvasTextAlign = 'center'): void {
  ctx.textAlign = align;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'rgba(255,255,255,0.92)';
  ctx.lineWidth = 3.5;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** Pending page `row` of the pool in words: its place, entries and age at `nowNs`. */
export function pageLabel(f: OplogFrame, row: number, nowNs: number): string {
  const p = f.pool;
  const e = p.entries[row];
  const age = (nowNs - p.firstAt[row]) / 1e9;
  return `page ${p.page[row]}: cylinder ${p.cylinder[row]}, slot ${p.slot[row]}, ${e} log entr${e === 1 ? 'y' : 'ies'}, age ${age.toFixed(3)} s`;
}
