// OSTEP's homework disk drawn as disk.py lays it out (file-disks/disk.py, its -G picture): three
// tracks, 0 the outer, each block an arc of its track labelled with its number, turning
// counter-clockwise under the head at 3 o'clock; the blocks the list asks for lit by where they are (waiting, in service,
// done); the arm at its track; the phase bar of the request in service beneath. Pure canvas work
// on a frame (DiskPlatter.tsx), and which block a point of the picture is on.
import { prepareCanvas } from '../../views/lib/hooks';
import { drawPhaseBar, PHASE_COLOURS } from '../../views/lib/diskPlatter';
import { drawDisc, drawHead, HEAD_ANGLE, type Platter } from '../../views/lib/platter';
import type { DiskRequest, DiskRunFrame, OstepDisk } from './requestsFrame';

/** How a block the list asks for is lit, by where its request is. */
export const BLOCK_FILL = { waiting: '#fde9a9', active: '#1b9e77', done: '#cfe3d8', idle: '#ffffff' } as const;
/** The phase bar's transfer colour (the lab's "fetch read" green: every request reads). */
export const TRANSFER_COLOUR = '#1b9e77';
/** Height of the phase bar and its line of text under the platter. */
export const PHASE_H = 40;

/** Where the platter goes in a `width` × `height` box. */
export function platterIn(width: number, height: number): Platter {
  const R = Math.max(30, Math.min(width - 44, height - PHASE_H - 20) / 2);
  return { cx: 12 + R, cy: 10 + R, rOuter: R, rInner: R * 0.2 };
}

/** Radius of the middle of `track` (fractional while the arm seeks), and a track's width. */
export function trackRadius(p: Platter, tracks: number, track: number): number {
  const w = (p.rOuter - p.rInner) / (tracks + 0.4);
  return p.rOuter - (track + 0.5) * w;
}

/** Screen angle (radians, clockwise from 3 o'clock) of platter angle `deg` (degrees) when the
 * platter stands at `at` degrees: disk.py's platter turns counter-clockwise, so the blocks still
 * to come lie clockwise of the head and rise towards it (its picture has the head at 9 o'clock;
 * the lab's disks have it at 3). */
const screen = (deg: number, at: number) => HEAD_ANGLE + ((deg - at) * Math.PI) / 180;

/** The request of `block` that matters most now: the one in service, else the first waiting,
 * else the last done. */
export function requestOf(requests: readonly DiskRequest[], block: number): DiskRequest | undefined {
  const mine = requests.filter((r) => r.block === block);
  return mine.find((r) => r.state !== 'waiting' && r.state !== 'done') ?? mine.find((r) => r.state === 'waiting') ?? mine.at(-1);
}

/** The whole picture for frame `f` (whose `ostep` is set). */
export function drawOstep(canvas: HTMLCanvasElement | null, width: number, height: number, f: DiskRunFrame, selectedBlock: number | null): void {
  const ctx = prepareCanvas(canvas, width, height);
  const o = f.ostep;
  if (!ctx || !o) return;
  const p = platterIn(width, height);
  drawDisc(ctx, p, '#e6e6e6', '#bdbdbd');
  const w = (p.rOuter - p.rInner) / (o.tracks + 0.4);
  const font = Math.max(8, Math.min(13, w * 0.42));
  for (let b = 0; b < o.blockTrack.length; b++) drawBlock(ctx, p, o, w, b, f, font, b === selectedBlock);
  // The hub: the platter's speed in disk.py's terms.
  ctx.fillStyle = '#8a8a8a';
  ctx.beginPath();
  ctx.arc(p.cx, p.cy, p.rInner, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = '10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(`${o.rotateSpeed}°/unit`, p.cx, p.cy + 3);
  const active = f.requests.find((r) => r.state === 'seek' || r.state === 'rotation' || r.state === 'transfer');
  drawHead(ctx, p, trackRadius(p, o.tracks, o.armTrack), '#333333', active ? PHASE_COLOURS.seek : '#333333');
  const act = active ? { start: active.start, seekEnd: active.seekEnd, rotationEnd: active.rotationEnd, end: active.end } : null;
  const u = (ns: number) => Math.round(ns / o.unitNs);
  const text = act
    ? `block ${active!.block}: seek ${u(act.seekEnd - act.start)} · rotate ${u(act.rotationEnd - act.seekEnd)} · transfer ${u(act.end - act.rotationEnd)} units`
    : f.requests.every((r) => r.state === 'done')
      ? `all ${f.requests.length} requests served in ${f.totals.total} units`
      : 'idle: the first request has not started';
  drawPhaseBar(ctx, 6, p.cy + p.rOuter + 14, Math.max(40, width - 12), act, TRANSFER_COLOUR, f.nowNs, text);
}

/** Block `b`: its arc on its track, filled by where its request is, and its number. */
function drawBlock(ctx: CanvasRenderingContext2D, p: Platter, o: OstepDisk, w: number, b: number, f: DiskRunFrame, font: number, selected: boolean): void {
  const r = trackRadius(p, o.tracks, o.blockTrack[b]);
  const [a0, a1] = [screen(o.blockAngle[b] - o.blockHalf[b], o.angle), screen(o.blockAngle[b] + o.blockHalf[b], o.angle)];
  const req = requestOf(f.requests, b);
  const fill = !req ? BLOCK_FILL.idle : req.state === 'waiting' ? BLOCK_FILL.waiting : req.state === 'done' ? BLOCK_FILL.done : BLOCK_FILL.active;
  ctx.fillStyle = fill;
  ctx.strokeStyle = selected ? '#000000' : '#9e9e9e';
  ctx.lineWidth = selected ? 2.5 : 1;
  ctx.beginPath();
  ctx.arc(p.cx, p.cy, r + w / 2, a0, a1);
  ctx.arc(p.cx, p.cy, r - w / 2, a1, a0, true);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  const mid = (a0 + a1) / 2;
  const [x, y] = [p.cx + Math.cos(mid) * r, p.cy + Math.sin(mid) * r];
  ctx.fillStyle = req && req.state !== 'waiting' && req.state !== 'done' ? '#ffffff' : '#222222';
  ctx.font = `${req ? 'bold ' : ''}${font}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.fillText(String(b), x, y + font * 0.35);
}

/** The block drawn at (x, y) of the picture, or null. */
export function blockAt(width: number, height: number, o: OstepDisk, x: number, y: number): number | null {
  const p = platterIn(width, height);
  const w = (p.rOuter - p.rInner) / (o.tracks + 0.4);
  const dist = Math.hypot(x - p.cx, y - p.cy);
  const track = Math.floor((p.rOuter - dist) / w);
  if (dist > p.rOuter || track < 0 || track >= o.tracks) return null;
  // The platter angle (degrees) of the point: the inverse of `screen`.
  const theta = Math.atan2(y - p.cy, x - p.cx);
  const deg = o.angle + ((theta - HEAD_ANGLE) * 180) / Math.PI;
  for (let b = 0; b < o.blockTrack.length; b++) {
    if (o.blockTrack[b] !== track) continue;
    const off = ((((deg - o.blockAngle[b]) % 360) + 540) % 360) - 180;
    if (Math.abs(off) <= o.blockHalf[b]) return b;
  }
  return null;
}
