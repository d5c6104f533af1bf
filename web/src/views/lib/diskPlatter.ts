// A drive's platter for any system's disk view (the MOB's DiskView, the disk system's platter
// under a drive preset): the platter turning under the head, the database band magnified, the
// request in service and the phase bar; pure canvas work on the disk component's sections.
import { prepareCanvas } from './hooks';
import { bandMagnification, cylinderOf, cylinderRadius, screenAngle, targetAngle, type RequestTimes } from './disk';
import type { DiskSnapshot } from './diskFrame';
import { drawDisc, drawHead, drawHub, drawSpokes, HEAD_ANGLE, type Platter } from './platter';
import { fmtMs } from './format';

export const PHASE_COLOURS = { seek: '#555555', rotation: '#b9b9b9' } as const;

/** The platter of disk `d` at `nowNs`, its head and the request in service (in `colours`, by
 * request kind), with the phase bar beneath. */
export function drawPlatter(canvas: HTMLCanvasElement | null, width: number, height: number, d: DiskSnapshot, colours: readonly string[], nowNs: number): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const PHASE_H = 34;
  const R = Math.max(20, Math.min(width - 40, height - PHASE_H - 30) / 2);
  const cx = 16 + R;
  const cy = 14 + R;
  const rOuter = R;
  const rInner = R * 0.22;
  const rad = (c: number) => cylinderRadius(c, d.cylinders, d.databaseCylinders, rOuter, rInner);
  const p = { cx, cy, rOuter, rInner };
  // The fixed parts (platter, band, track hints) come from a cached bitmap; the spokes turn.
  const base = platterBase(width, height, p, d.cylinders, d.databaseCylinders, rad);
  if (base) ctx.drawImage(base, 0, 0, width, height);
  else drawPlatterBase(ctx, p, d.databaseCylinders, rad);
  // Twelve spokes fixed to the platter so the rotation is visible; sector 0's darker.
  drawSpokes(ctx, p, d.angle, 12);
  drawHub(ctx, p, d.revNs, true);
  // Queued requests' targets (faint), then the active one.
  const drawTarget = (addr: number, kind: number, alpha: number, len: number) => {
    const cyl = cylinderOf(addr, d);
    const phi = targetAngle(addr, d.trackBytes);
    const a0 = screenAngle(phi, d.angle, HEAD_ANGLE);
    const r = rad(cyl + 0.5);
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = colours[kind] ?? '#000';
    ctx.lineWidth = 6;
    ctx.beginPath();
    // The sector run sweeps backwards in screen angle (it arrives later).
    ctx.arc(cx, cy, r, a0 - len * 2 * Math.PI, a0);
    ctx.stroke();
    ctx.globalAlpha = 1;
  };
  const act = d.active;
  if (act) {
    // The sectors the transfer reads or writes: its share of a revolution.
    const len = Math.min(1, (act.end - act.rotationEnd) / d.revNs);
    drawTarget(act.addr, act.kind, 1, Math.max(0.02, len));
  }
  drawHead(ctx, p, rad(d.headCylinder + 0.5), '#333333', act ? colours[act.kind] : '#333333');
  // Labels.
  ctx.textAlign = 'left';
  ctx.fillStyle = '#555';
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillText(`database band ×${bandMagnification(d.cylinders, d.databaseCylinders).toFixed(0)} radially`, 6, cy + R + 12);
  // Phase bar of the active request.
  const text = act
    ? `seek ${fmtMs(act.seekEnd - act.start, 2)} · rotation ${fmtMs(act.rotationEnd - act.seekEnd, 2)} · transfer ${fmtMs(act.end - act.rotationEnd, 2)} ms`
    : 'idle: no request';
  drawPhaseBar(ctx, 6, cy + R + 18, Math.max(40, width - 12), act, act ? colours[act.kind] : '#000', nowNs, text);
}

/** The phase bar of request `act` (its seek, rotation and transfer in proportion, `now` marked,
 * `text` beneath), at (x, y), `w` wide; an empty bar and `text` when idle. */
export function drawPhaseBar(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, act: RequestTimes | null, transferColour: string, nowNs: number, text: string): void {
  ctx.fillStyle = '#f3f3f3';
  ctx.fillRect(x, y, w, 12);
  ctx.textAlign = 'left';
  ctx.font = '10px system-ui, sans-serif';
  if (act) {
    const total = Math.max(1, act.end - act.start);
    const sx = (t: number) => x + ((t - act.start) / total) * w;
    ctx.fillStyle = PHASE_COLOURS.seek;
    ctx.fillRect(sx(act.start), y, sx(act.seekEnd) - sx(act.start), 12);
    ctx.fillStyle = PHASE_COLOURS.rotation;
    ctx.fillRect(sx(act.seekEnd), y, sx(act.rotationEnd) - sx(act.seekEnd), 12);
    ctx.fillStyle = transferColour;
    ctx.fillRect(sx(act.rotationEnd), y, sx(act.end) - sx(act.rotationEnd), 12);
    const nowX = Math.min(x + w, Math.max(x, sx(nowNs)));
    ctx.fillStyle = '#000';
    ctx.fillRect(nowX - 1, y - 3, 2, 18);
    ctx.fillStyle = '#333';
  } else {
    ctx.fillStyle = '#777';
  }
  ctx.fillText(text, x, y + 24);
}

/** Platter, database band and track hints: what does not turn. */
function drawPlatterBase(ctx: CanvasRenderingContext2D, p: Platter, databaseCylinders: number, rad: (c: number) => number): void {
  const { cx, cy } = p;
  drawDisc(ctx, p, '#dcdcdc');
  // Database band (magnified).
  ctx.fillStyle = '#f2f2e6';
  ctx.beginPath();
  ctx.arc(cx, cy, rad(0), 0, 2 * Math.PI);
  ctx.arc(cx, cy, rad(databaseCylinders), 0, 2 * Math.PI, true);
  ctx.fill();
  // Track hints inside the band.
  ctx.strokeStyle = 'rgba(0,0,0,0.07)';
  ctx.lineWidth = 1;
  const step = Math.max(1, Math.ceil(databaseCylinders / 12));
  for (let c = step; c < databaseCylinders; c += step) {
    ctx.beginPath();
    ctx.arc(cx, cy, rad(c), 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.25)';
  ctx.beginPath();
  ctx.arc(cx, cy, rad(databaseCylinders), 0, 2 * Math.PI);
  ctx.stroke();
}

let baseCache: { key: string; canvas: HTMLCanvasElement } | null = null;

/** The static platter drawn once into an offscreen canvas (redrawn when size or geometry change). */
function platterBase(
  width: number,
  height: number,
  p: Platter,
  cylinders: number,
  databaseCylinders: number,
  rad: (c: number) => number,
): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null;
  const dpr = window.devicePixelRatio || 1;
  const key = `${width}|${height}|${dpr}|${cylinders}|${databaseCylinders}`;
  if (baseCache?.key === key) return baseCache.canvas;
  const canvas = document.createElement('canvas');
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return null;
  drawPlatterBase(ctx, p, databaseCylinders, rad);
  baseCache = { key, canvas };
  return canvas;
}
