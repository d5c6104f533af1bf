// The data disk (spec §3, §8.1.3): the platter from above turning at the true rate, the head arm
// at its cylinder over the (magnified) database band, the target sector of the active request and
// its seek / rotation / transfer phase; the FIFO queue; the breakdown of recent requests; and the
// head position over time.
import { useEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import type { Frame } from '../engine/types';
import { kindIds } from './lib/describe';
import { mobFrame, mobNames, type DiskSnapshot, type MobFrame, type MobNames } from './lib/mobFrame';
import type { ViewProps } from './contract';
import { Axis, drawAxis } from './lib/Axis';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from './lib/hooks';
import { bandMagnification, cylinderOf, cylinderRadius, requestPhase, screenAngle, targetAngle } from './lib/disk';
import { decodeCylinders, decodeDiskEnd, fmtMs } from './lib/format';
import { Ring } from './lib/ring';
import { pixel, scratchImage } from './lib/columns';
import './views.css';

const HEAD_ANGLE = 0; // the head sits at 3 o'clock
const PHASE_COLOURS = { seek: '#555555', rotation: '#b9b9b9' } as const;
const IDLE_COLOUR = '#9e9e9e';

interface Done {
  page: number;
  kind: number;
  seek: number;
  rotation: number;
  transfer: number;
  end: number;
}

interface HeadPt {
  t: number;
  cyl: number;
  kind: number; // request kind being served on the segment ending here, -1 idle
}

export default function DiskView({ frames, select, speed, selected, description }: ViewProps) {
  const platterBox = useRef<HTMLDivElement>(null);
  const platterCanvas = useRef<HTMLCanvasElement>(null);
  const traceBox = useRef<HTMLDivElement>(null);
  const traceCanvas = useRef<HTMLCanvasElement>(null);
  const traceYAxis = useRef<SVGGElement>(null);
  const pSize = useElementSize(platterBox);
  const tSize = useElementSize(traceBox);
  const tick = useFrameTick(frames, 200);
  const frame = tick && mobFrame(tick, description);
  const names = mobNames(description);
  const recent = useRef(new Ring<Done>(20));
  const head = useRef(new Ring<HeadPt>(4096));
  const pendingTo = useRef<{ to: number; kind: number }>({ to: 0, kind: -1 });
  const speedRef = useLatest(speed);

  useEffect(() => {
    const kinds = kindIds(description, ['disk_start', 'disk_end']);
    const draw = (fr: Frame) => {
      const f = mobFrame(fr, description);
      drawPlatter(platterCanvas.current, pSize.width, pSize.height, f);
      drawTrace(traceCanvas.current, traceYAxis.current, tSize.width, tSize.height, f, head.current, speedRef.current);
    };
    const unsub = frames.subscribe((f) => {
      if (f.reset) {
        recent.current.clear();
        head.current.clear();
        pendingTo.current = { to: mobFrame(f, description).disk.headCylinder, kind: -1 };
      }
      const tr = f.trace;
      for (let i = 0; i < tr.kind.length; i++) {
        const k = tr.kind[i];
        if (k === kinds.disk_start) {
          const { from, to } = decodeCylinders(tr.c[i]);
          head.current.push({ t: tr.t[i], cyl: from, kind: -1 });
          pendingTo.current = { to, kind: tr.a[i] };
        } else if (k === kinds.disk_end) {
          const d = decodeDiskEnd(tr.a[i], tr.b[i], tr.c[i]);
          recent.current.push({ page: tr.entity[i], kind: d.kind, seek: d.seekNs, rotation: d.rotationNs, transfer: d.transferNs, end: tr.t[i] });
          const p = pendingTo.current;
          head.current.push({ t: tr.t[i] - d.rotationNs - d.transferNs, cyl: p.to, kind: d.kind });
          head.current.push({ t: tr.t[i], cyl: p.to, kind: d.kind });
        }
      }
      draw(f);
    });
    const f = frames.latest();
    if (f) draw(f);
    return unsub;
  }, [frames, pSize.width, pSize.height, tSize.width, tSize.height, speedRef, description]);

  const d = frame?.disk;
  const active = d?.active ?? null;
  const phase = active && frame ? requestPhase(active, frame.nowNs) : null;
  const items = recent.current.toArray().reverse();
  const maxTotal = Math.max(10e6, ...items.map((r) => r.seek + r.rotation + r.transfer));
  const selRequest = selected?.kind === 'request' ? selected : null;

  return (
    <div className="sl-view" data-view="disk">
      <div className="sl-head">
        <h3 className="sl-title">Disk</h3>
        {d && frame && (
          <>
            <span className="sl-stat">
              head at cylinder <b>{d.headCylinder.toFixed(d.headCylinder % 1 ? 1 : 0)}</b> of {d.cylinders.toLocaleString()}
            </span>
            <span className="sl-stat">
              database band <b>{d.databaseCylinders}</b> cylinders
            </span>
            <span className="sl-stat">
              {(60e9 / d.revNs).toFixed(0)} RPM, {fmtMs(d.revNs, 2)} ms per revolution
            </span>
            <span className="sl-stat">
              {active ? (
                <>
                  <b style={{ color: names.requestColour[active.kind] }}>{names.requestName(active.kind)}</b> of page {active.page}:{' '}
                  <b>{phase?.phase}</b>
                </>
              ) : (
                'idle'
              )}
            </span>
          </>
        )}
      </div>
      <div style={{ display: 'flex', flex: '0 0 auto', minHeight: 0, borderBottom: '1px solid #eee' }}>
        <div
          className="sl-plot"
          ref={platterBox}
          style={{ flex: '0 0 44%', minWidth: 200, minHeight: 0, cursor: 'pointer' }}
          onClick={() => select({ kind: 'disk' })}
        >
          <canvas
            ref={platterCanvas}
            role="img"
            aria-label="Disk platter seen from above, rotating, with the head arm at its cylinder and the target sector of the current request"
          />
          {!frame && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
        </div>
        <div style={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', minWidth: 0, borderLeft: '1px solid #eee' }}>
          <section style={{ flex: 'none', padding: '4px 8px' }} aria-label="Disk queue">
            <div className="sl-muted" style={{ marginBottom: 3 }}>
              Serving, then queue (FIFO, {d?.queueKind.length ?? 0} waiting):
            </div>
            <div style={{ display: 'flex', flexWrap: 'wrap', alignContent: 'flex-start', gap: 3, height: 39, overflow: 'hidden' }}>
              {active && frame && (
                <button
                  type="button"
                  className="sl-chip"
                  style={{ background: names.requestColour[active.kind], boxShadow: '0 0 0 2px #111' }}
                  title={`${names.requestName(active.kind)} of page ${active.page}, ${phase?.phase} (click to inspect)`}
                  onClick={() => select({ kind: 'request', page: active.page, requestKind: active.kind, start: active.start })}
                >
                  ▶ {active.page}
                </button>
              )}
              {d &&
                Array.from(d.queueKind.slice(0, 40)).map((k, i) => (
                  <button
                    type="button"
                    key={i}
                    className="sl-chip"
                    style={{ background: names.requestColour[k] }}
                    title={`${names.requestName(k)} of page ${d.queuePage[i]}, position ${i + 1} in the queue`}
                    onClick={() => select({ kind: 'request', page: d.queuePage[i], requestKind: k, start: -1 })}
                  >
                    {d.queuePage[i]}
                  </button>
                ))}
              {d && d.queueKind.length > 40 && <span className="sl-muted">+{d.queueKind.length - 40} more</span>}
            </div>
          </section>
          <section style={{ flex: 'none', padding: '2px 8px 4px' }} aria-label="Seek, rotation and transfer of recent requests">
            <div className="sl-muted">Last {items.length} requests, newest first: seek · rotation · transfer (ms)</div>
            <Breakdown items={items} maxTotal={maxTotal} selRequest={selRequest} select={select} names={names} />
          </section>
        </div>
      </div>
      <section style={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', minHeight: 100, padding: '0 4px' }} aria-label="Head position over time">
        <div className="sl-muted" style={{ padding: '2px 4px' }}>
          Head position over time: cylinder against simulated time (ms)
        </div>
        <div className="sl-plot" ref={traceBox} style={{ minHeight: 70 }}>
          <canvas ref={traceCanvas} role="img" aria-label="Head position over time: cylinder against simulated time" />
          <svg className="sl-overlay" width={tSize.width} height={tSize.height} aria-hidden="true">
            <g ref={traceYAxis} transform={`translate(${TRACE_ML},0)`} />
            <text transform={`translate(10,${(tSize.height - TRACE_MB) / 2}) rotate(-90)`} textAnchor="middle" className="sl-axis-label">
              cylinder
            </text>
          </svg>
        </div>
      </section>
      <div className="sl-legend" aria-label="Legend">
        {names.request.map((n, i) => (
          <span key={n}>
            <i className="sl-swatch" style={{ background: names.requestColour[i] }} /> {n}
          </span>
        ))}
        <span>
          <i className="sl-swatch" style={{ background: PHASE_COLOURS.seek }} /> seek
        </span>
        <span>
          <i className="sl-swatch" style={{ background: PHASE_COLOURS.rotation }} /> rotational wait
        </span>
        <span className="sl-muted">transfer in the request&apos;s colour</span>
      </div>
    </div>
  );
}

const BAR_LABEL_W = 84;

function Breakdown({
  items,
  maxTotal,
  selRequest,
  select,
  names,
}: {
  items: Done[];
  maxTotal: number;
  selRequest: { page: number; requestKind: number; start: number } | null;
  select: ViewProps['select'];
  names: MobNames;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const rowH = 9;
  const top = 3; // room for the first label's ascenders
  const h = top + 20 * rowH + 22;
  const x = useMemo(() => d3.scaleLinear().domain([0, maxTotal / 1e6]).nice().range([BAR_LABEL_W, Math.max(BAR_LABEL_W + 20, width - 12)]), [maxTotal, width]);
  return (
    <div ref={ref} style={{ width: '100%' }}>
      {width > 0 && (
        <svg width={width} height={h} className="sl-overlay" style={{ position: 'static' }}>
          {items.map((r, i) => {
            const y = top + i * rowH;
            const s = x(r.seek / 1e6) - x(0);
            const ro = x(r.rotation / 1e6) - x(0);
            const tr = x(r.transfer / 1e6) - x(0);
            const start = r.end - r.seek - r.rotation - r.transfer;
            const sel = selRequest && selRequest.page === r.page && selRequest.requestKind === r.kind && selRequest.start === start;
            const label = `${names.requestName(r.kind)} of page ${r.page}: seek ${fmtMs(r.seek, 2)} ms, rotation ${fmtMs(r.rotation, 2)} ms, transfer ${fmtMs(r.transfer, 2)} ms`;
            return (
              <g
                key={r.end}
                transform={`translate(0,${y})`}
                tabIndex={0}
                role="button"
                aria-label={label}
                className="sl-focus"
                style={{ cursor: 'pointer' }}
                onClick={() => select({ kind: 'request', page: r.page, requestKind: r.kind, start })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    select({ kind: 'request', page: r.page, requestKind: r.kind, start });
                  }
                }}
              >
                <title>{label}</title>
                <text x={BAR_LABEL_W - 4} y={rowH - 2} textAnchor="end" style={{ fontSize: 10, fontWeight: sel ? 700 : 400 }}>
                  {['fetch', 'install', 'write'][r.kind] ?? '?'} p{r.page}
                </text>
                <rect x={x(0)} y={1} width={Math.max(0, s)} height={rowH - 2} fill={PHASE_COLOURS.seek} />
                <rect x={x(0) + s} y={1} width={Math.max(0, ro)} height={rowH - 2} fill={PHASE_COLOURS.rotation} />
                <rect x={x(0) + s + ro} y={1} width={Math.max(0, tr)} height={rowH - 2} fill={names.requestColour[r.kind]} />
                {sel && <rect x={x(0) - 1} y={0} width={s + ro + tr + 2} height={rowH} fill="none" stroke="#000" />}
              </g>
            );
          })}
          <Axis scale={x} orient="bottom" y={top + 20 * rowH + 2} ticks={Math.max(2, Math.floor((width - BAR_LABEL_W) / 50))} deps={x.domain()} />
        </svg>
      )}
    </div>
  );
}

// ---- platter ----

function drawPlatter(canvas: HTMLCanvasElement | null, width: number, height: number, f: MobFrame): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const d = f.disk;
  const PHASE_H = 34;
  const R = Math.max(20, Math.min(width - 40, height - PHASE_H - 30) / 2);
  const cx = 16 + R;
  const cy = 14 + R;
  const rOuter = R;
  const rInner = R * 0.22;
  const rad = (c: number) => cylinderRadius(c, d.cylinders, d.databaseCylinders, rOuter, rInner);
  // The fixed parts (platter, band, track hints) come from a cached bitmap; the spokes turn.
  const base = platterBase(width, height, cx, cy, rOuter, d.cylinders, d.databaseCylinders, rad);
  if (base) ctx.drawImage(base, 0, 0, width, height);
  else drawPlatterBase(ctx, cx, cy, rOuter, d.databaseCylinders, rad);
  // Spokes fixed to the platter so the rotation is visible; sector 0 is marked.
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(0,0,0,0.12)';
  ctx.beginPath();
  for (let k = 1; k < 12; k++) {
    const a = screenAngle(k / 12, d.angle, HEAD_ANGLE);
    ctx.moveTo(cx + Math.cos(a) * rInner, cy + Math.sin(a) * rInner);
    ctx.lineTo(cx + Math.cos(a) * rOuter, cy + Math.sin(a) * rOuter);
  }
  ctx.stroke();
  {
    const a = screenAngle(0, d.angle, HEAD_ANGLE);
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(cx + Math.cos(a) * rInner, cy + Math.sin(a) * rInner);
    ctx.lineTo(cx + Math.cos(a) * rOuter, cy + Math.sin(a) * rOuter);
    ctx.stroke();
  }
  // Spindle.
  ctx.fillStyle = '#888';
  ctx.beginPath();
  ctx.arc(cx, cy, rInner, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.font = '10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(`${(60e9 / d.revNs).toFixed(0)} RPM`, cx, cy + 3);
  // Queued requests' targets (faint), then the active one.
  const drawTarget = (addr: number, kind: number, alpha: number, len: number) => {
    const cyl = cylinderOf(addr, d);
    const phi = targetAngle(addr, d.trackBytes);
    const a0 = screenAngle(phi, d.angle, HEAD_ANGLE);
    const r = rad(cyl + 0.5);
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = f.names.requestColour[kind] ?? '#000';
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
  // Head arm: from the pivot outside the platter at 3 o'clock, radially in to the head.
  const rh = rad(d.headCylinder + 0.5);
  const hx = cx + Math.cos(HEAD_ANGLE) * rh;
  const hy = cy + Math.sin(HEAD_ANGLE) * rh;
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx + rOuter + 14, cy);
  ctx.lineTo(hx, hy);
  ctx.stroke();
  ctx.lineCap = 'butt';
  ctx.fillStyle = act ? f.names.requestColour[act.kind] : '#333';
  ctx.beginPath();
  ctx.arc(hx, hy, 5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#333';
  ctx.fillRect(cx + rOuter + 10, cy - 8, 8, 16);
  // Labels.
  ctx.textAlign = 'left';
  ctx.fillStyle = '#555';
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillText(`database band ×${bandMagnification(d.cylinders, d.databaseCylinders).toFixed(0)} radially`, 6, cy + R + 12);
  // Phase bar of the active request.
  const y = cy + R + 18;
  const w = Math.max(40, width - 12);
  ctx.fillStyle = '#f3f3f3';
  ctx.fillRect(6, y, w, 12);
  if (act) {
    const total = Math.max(1, act.end - act.start);
    const sx = (t: number) => 6 + ((t - act.start) / total) * w;
    ctx.fillStyle = PHASE_COLOURS.seek;
    ctx.fillRect(sx(act.start), y, sx(act.seekEnd) - sx(act.start), 12);
    ctx.fillStyle = PHASE_COLOURS.rotation;
    ctx.fillRect(sx(act.seekEnd), y, sx(act.rotationEnd) - sx(act.seekEnd), 12);
    ctx.fillStyle = f.names.requestColour[act.kind];
    ctx.fillRect(sx(act.rotationEnd), y, sx(act.end) - sx(act.rotationEnd), 12);
    const nowX = Math.min(6 + w, Math.max(6, sx(f.nowNs)));
    ctx.fillStyle = '#000';
    ctx.fillRect(nowX - 1, y - 3, 2, 18);
    ctx.fillStyle = '#333';
    ctx.fillText(
      `seek ${fmtMs(act.seekEnd - act.start, 2)} · rotation ${fmtMs(act.rotationEnd - act.seekEnd, 2)} · transfer ${fmtMs(act.end - act.rotationEnd, 2)} ms`,
      6,
      y + 24,
    );
  } else {
    ctx.fillStyle = '#777';
    ctx.fillText('idle: no request', 6, y + 24);
  }
}

/** Platter, database band and track hints: what does not turn. */
function drawPlatterBase(ctx: CanvasRenderingContext2D, cx: number, cy: number, rOuter: number, databaseCylinders: number, rad: (c: number) => number): void {
  ctx.fillStyle = '#dcdcdc';
  ctx.beginPath();
  ctx.arc(cx, cy, rOuter, 0, 2 * Math.PI);
  ctx.fill();
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
  cx: number,
  cy: number,
  rOuter: number,
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
  drawPlatterBase(ctx, cx, cy, rOuter, databaseCylinders, rad);
  baseCache = { key, canvas };
  return canvas;
}

// ---- head trace ----

const TRACE_ML = 40;
const TRACE_MB = 18;
const TRACE_MR = 18; // room for the last tick label of the time axis

function traceWindowNs(speed: number): number {
  // About four wall-clock seconds of simulated time, between 20 ms and 10 s.
  return Math.min(10e9, Math.max(20e6, 4 * (speed || 0)));
}

function drawTrace(
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
  const d: DiskSnapshot = f.disk;
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
  const cap = n - first + 2;
  const [xs, ys, kinds] = [new Float64Array(cap), new Float64Array(cap), new Int8Array(cap)];
  let m = 0;
  let lastT = -Infinity;
  const put = (t: number, cyl: number, kind: number) => {
    xs[m] = ox + kx * (t / 1e6);
    ys[m] = oy + ky * cyl;
    kinds[m] = kind;
    lastT = t;
    m++;
  };
  for (let i = first; i < n; i++) {
    const p = pts.get(i);
    put(p.t, p.cyl, p.kind);
  }
  const act = d.active;
  if (m > 0 && act && f.nowNs > act.seekEnd && act.seekEnd > lastT) put(act.seekEnd, act.toCylinder, act.kind);
  if (m > 0 && f.nowNs > lastT) put(f.nowNs, d.headCylinder, act && f.nowNs >= act.start ? act.kind : -1);
  const line: TraceLine = { x: xs.subarray(0, m), y: ys.subarray(0, m), kind: kinds.subarray(0, m), palette: tracePalette(f.names) };
  if (m > plot.w) drawTraceColumns(ctx, line, plot);
  else drawTraceSegments(ctx, line);
  ctx.restore();
  drawTimeAxis(ctx, x, height - TRACE_MB, Math.max(2, Math.floor(width / 80)), (v) => v.toFixed(win < 100e6 ? 1 : 0));
}

/** The head trace's points in CSS pixels, with the request kind of the segment ending at each. */
interface TraceLine {
  x: Float64Array;
  y: Float64Array;
  kind: Int8Array;
  palette: TracePalette;
}

/** The trace's colours by request kind + 1 (idle first), as CSS colours and as pixels. */
interface TracePalette {
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
 * cost a software canvas milliseconds a frame. */
function drawTraceColumns(
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
  // Device coordinates inside the plot.
  const dx = (i: number) => (line.x[i] - plot.x) * dpr;
  const dy = (i: number) => (line.y[i] - plot.y) * dpr;
  const rows = (y0: number, y1: number): [number, number] => [Math.max(0, Math.floor(y0 - half)), Math.min(H, Math.ceil(y1 + half))];
  const span = (c0: number, c1: number, y0: number, y1: number, colour: number) => {
    const [r0, r1] = rows(y0, y1);
    const from = Math.max(0, c0);
    const to = Math.min(W, c1);
    for (let r = r0; r < r1; r++) for (let i = r * W + from, end = r * W + to; i < end; i++) buf[i] = colour;
  };
  let col = Math.floor(dx(0));
  let top = dy(0);
  let bottom = top;
  const { pixels } = line.palette;
  const time = pixels.map(() => 0); // device pixels spent per kind (index kind + 1) in the column
  const flush = () => {
    let k = 0;
    for (let j = 1; j < time.length; j++) if (time[j] > time[k]) k = j;
    span(col, col + 1, top, bottom, pixels[k]);
    time.fill(0);
  };
  for (let i = 1; i < line.x.length; i++) {
    const xa = dx(i - 1);
    const xb = dx(i);
    const ya = dy(i - 1);
    const yb = dy(i);
    const k = line.kind[i] + 1;
    const cb = Math.floor(xb);
    if (cb !== col) {
      time[k] += col + 1 - xa;
      top = Math.min(top, ya);
      bottom = Math.max(bottom, ya);
      flush();
      if (cb > col + 1) span(col + 1, cb, ya, ya, pixels[k]); // a rest spanning whole columns
      col = cb;
      top = bottom = ya;
    }
    time[k] += xb - Math.max(xa, col);
    top = Math.min(top, ya, yb);
    bottom = Math.max(bottom, ya, yb);
  }
  flush();
  ctx.putImageData(img, Math.round(plot.x * dpr), Math.round(plot.y * dpr));
}

/** A bottom axis like d3.axisBottom (outer ticks 0), drawn on the canvas at y = `y0`. */
function drawTimeAxis(ctx: CanvasRenderingContext2D, x: d3.ScaleLinear<number, number>, y0: number, ticks: number, format: (v: number) => string): void {
  const [r0, r1] = x.range();
  ctx.strokeStyle = '#000';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(r0, y0 + 0.5);
  ctx.lineTo(r1, y0 + 0.5);
  for (const v of x.ticks(ticks)) {
    const px = Math.round(x(v)) + 0.5;
    ctx.moveTo(px, y0);
    ctx.lineTo(px, y0 + 6);
  }
  ctx.stroke();
  ctx.fillStyle = '#555';
  ctx.font = '10px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const v of x.ticks(ticks)) ctx.fillText(format(v), x(v), y0 + 9);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'start';
}
