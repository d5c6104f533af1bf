// The platter every disk view draws (spec 000 §3.3, the disk component's geometry): the disc,
// which does not turn; radial lines fixed to the platter, which turn with it (sector or slot
// boundaries, the first darker, so the rotation is visible); the hub with the spindle's speed;
// and the head's arm from its pivot beyond the rim at 3 o'clock in to its cylinder. A system's
// view draws its own things between them (the MOB's targets, the log's pending pages).
import { screenAngle } from './disk';

/** The head sits at 3 o'clock (screen angle 0); the platter turns clockwise under it. */
export const HEAD_ANGLE = 0;

/** Where the platter is drawn, CSS px: its centre and the radii of its rim and its hub. */
export interface Platter {
  cx: number;
  cy: number;
  rOuter: number;
  rInner: number;
}

/** The disc, with a rim line when `rim` is given. */
export function drawDisc(ctx: CanvasRenderingContext2D, p: Platter, fill: string, rim?: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(p.cx, p.cy, p.rOuter, 0, 2 * Math.PI);
  ctx.fill();
  if (rim) {
    ctx.strokeStyle = rim;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

/** `count` boundaries fixed to the platter at angular positions k / count, the platter at
 * `angle` (revolutions): boundary 0 darker. */
export function drawSpokes(ctx: CanvasRenderingContext2D, p: Platter, angle: number, count: number): void {
  for (let k = count - 1; k >= 0; k--) {
    const a = screenAngle(k / count, angle, HEAD_ANGLE);
    ctx.strokeStyle = k === 0 ? 'rgba(0,0,0,0.45)' : 'rgba(0,0,0,0.1)';
    ctx.lineWidth = k === 0 ? 1.75 : 1;
    ctx.beginPath();
    ctx.moveTo(p.cx + Math.cos(a) * p.rInner, p.cy + Math.sin(a) * p.rInner);
    ctx.lineTo(p.cx + Math.cos(a) * p.rOuter, p.cy + Math.sin(a) * p.rOuter);
    ctx.stroke();
  }
}

/** The hub, with the spindle's speed on it when `label`. */
export function drawHub(ctx: CanvasRenderingContext2D, p: Platter, revNs: number, label: boolean): void {
  ctx.fillStyle = '#8a8a8a';
  ctx.beginPath();
  ctx.arc(p.cx, p.cy, p.rInner, 0, 2 * Math.PI);
  ctx.fill();
  if (!label) return;
  ctx.fillStyle = '#ffffff';
  ctx.font = '10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(`${(60e9 / revNs).toFixed(0)} RPM`, p.cx, p.cy + 3);
}

/** The head at radius `r`: its arm in `ink` from the pivot, the head filled with `colour` (the
 * request it serves, or the ink when idle). */
export function drawHead(ctx: CanvasRenderingContext2D, p: Platter, r: number, ink: string, colour: string): void {
  const hx = p.cx + Math.cos(HEAD_ANGLE) * r;
  const hy = p.cy + Math.sin(HEAD_ANGLE) * r;
  ctx.strokeStyle = ink;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(p.cx + p.rOuter + 14, p.cy);
  ctx.lineTo(hx, hy);
  ctx.stroke();
  ctx.lineCap = 'butt';
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(hx, hy, 5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = ink;
  ctx.fillRect(p.cx + p.rOuter + 10, p.cy - 8, 8, 16);
}
