// The data disk (spec §3, §8.1.3): the platter from above turning at the true rate, the head arm
// at its cylinder over the (magnified) database band, the target sector of the active request and
// its seek / rotation / transfer phase; the FIFO queue; the breakdown of recent requests; and the
// head position over time.
import { useEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import type { Frame } from '../../engine/types';
import { kindIds } from '../../views/lib/describe';
import { mobFrame, mobNames, type MobDisk, type MobNames } from './mobFrame';
import type { ViewProps } from '../../views/contract';
import { Axis } from '../../views/lib/Axis';
import { EMPTY_MESSAGE, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { requestPhase } from '../../views/lib/disk';
import { decodeCylinders, decodeDiskEnd, fmtMs } from '../../views/lib/format';
import { Ring } from '../../views/lib/ring';
import { drawTrace, TRACE_MB, TRACE_ML, type HeadPt } from './headTrace';
import { drawPlatter, PHASE_COLOURS } from '../../views/lib/diskPlatter';
import '../../views/views.css';

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
      drawPlatter(platterCanvas.current, pSize.width, pSize.height, f.disk, f.names.requestColour, f.nowNs);
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
  items: MobDisk['recent'];
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

// ---- head trace ----
