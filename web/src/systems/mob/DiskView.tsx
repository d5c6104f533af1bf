// The data disk (spec §3, §8.1.3): the platter from above turning at the true rate, the head arm
// at its cylinder over the (magnified) database band, the target sector of the active request and
// its seek / rotation / transfer phase; the FIFO queue; the breakdown of recent requests; and the
// head position over time.
import { useEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import type { Frame } from '../../engine/types';
import { kindIds } from '../../views/lib/describe';
import { mobFrame, mobNames, type DiskSnapshot, type MobFrame, type MobNames } from './mobFrame';
import type { ViewProps } from '../../views/contract';
import { Axis } from '../../views/lib/Axis';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { bandMagnification, cylinderOf, cylinderRadius, requestPhase, screenAngle, targetAngle } from '../../views/lib/disk';
import { decodeCylinders, decodeDiskEnd, fmtMs } from '../../views/lib/format';
import { Ring } from '../../views/lib/ring';
import { drawTrace, TRACE_MB, TRACE_ML, type HeadPt } from './headTrace';
import '../../views/views.css';

const HEAD_ANGLE = 0; // the head sits at 3 o'clock
const PHASE_COLOURS = { seek: '#555555', rotation: '#b9b9b9' } as const;


export default function DiskView({ frames, select, speed, selected, description, inspectable }: ViewProps) {
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
  // From the engine's state, so every way of reaching this time shows the same requests.
  const items = (d?.recent ?? []).slice().reverse();
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
            <span
              className="sl-stat"
              title="The cylinders the database occupies. The platter is drawn with this band magnified across most of its radius, so the head's moves within it show: the radial scale is not uniform"
            >
              database band <b>{d.databaseCylinders}</b> cylinders (magnified)
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
                  title={`${names.requestName(active.kind)} of page ${active.page}, ${phase?.phase}${inspectable ? ' (click to inspect)' : ''}`}
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
  items: DiskSnapshot['recent'];
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
