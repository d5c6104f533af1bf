// The FE heap view's utilisation chart (spec 003 §5.1 item 4): from-space (MB) over simulated
// time (s) from the run's samples, a sawtooth of fills and collections; the cache and the trigger
// as reference lines, from-space's mean over the samples dashed, and §6.4's 38% of the cache
// (T1 medium) dotted beside it; a collection's start ticked on the time axis, and the frame's
// from-space now as a dot. The pointer or the arrow keys move a cursor over the samples.
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import * as d3 from 'd3';
import { Axis } from '../../views/lib/Axis';
import { collectionTimes, MARK, MB, meanUsedMb, PAPER, thinSawtooth, type HeapSample } from './heapDraw';

const M = { l: 36, r: 10, t: 8, b: 28 };
export const CHART_COLOURS = { line: '#222222', mean: '#1b7837', paper: '#7b3294', cache: '#6b6b6b', collection: MARK.pointer } as const;

export interface ChartProps {
  samples: readonly HeapSample[];
  /** The frame's time (s) and from-space (bytes): the dot at the end. */
  nowS: number;
  usedBytes: number;
  capacity: number;
  trigger: number;
  width: number;
  height: number;
}

/** The chart's figures, as the legend and its accessible name give them. */
export function chartFigures(p: Pick<ChartProps, 'samples' | 'capacity' | 'usedBytes'>) {
  const mean = meanUsedMb(p.samples);
  const cacheMb = p.capacity / MB;
  return { mean, meanShare: mean === null ? null : mean / cacheMb, paperMb: PAPER.used * cacheMb, nowMb: p.usedBytes / MB, cacheMb };
}

export function HeapChart(p: ChartProps) {
  const { samples, nowS, width, height } = p;
  const [cursor, setCursor] = useState<number | null>(null);
  const f = chartFigures(p);
  const iw = Math.max(20, width - M.l - M.r);
  const ih = Math.max(20, height - M.t - M.b);
  const data = thinSawtooth(samples, iw);
  const tMax = Math.max(nowS, data.length ? data[data.length - 1].t_s : 0, 1e-3);
  const x = d3.scaleLinear().domain([0, tMax]).range([0, iw]);
  const y = d3.scaleLinear().domain([0, f.cacheMb]).nice().range([ih, 0]);
  const path = d3.line<HeapSample>().x((s) => x(s.t_s)).y((s) => y(s.heap_mb))(data) ?? '';
  const ticks = collectionTimes(samples);
  const hs = cursor !== null && cursor < data.length ? data[cursor] : null;
  const refs = [
    { key: 'cache', v: f.cacheMb, colour: CHART_COLOURS.cache, dash: undefined, text: `cache ${f.cacheMb.toFixed(0)} MB`, end: true },
    { key: 'trigger', v: p.trigger / MB, colour: MARK.trigger, dash: '5,3', text: `trigger ${(p.trigger / MB).toFixed(2)}`, end: true },
    // The paper's line is labelled at the left, the mean's at the right: they are often close.
    { key: 'paper', v: f.paperMb, colour: CHART_COLOURS.paper, dash: '1,3', text: `paper 38%`, end: false },
    ...(f.mean === null ? [] : [{ key: 'mean', v: f.mean, colour: CHART_COLOURS.mean, dash: '6,3', text: `mean ${f.mean.toFixed(2)}`, end: true }]),
  ];
  const onMove = (e: MouseEvent<SVGRectElement>) => {
    if (!data.length) return;
    const r = e.currentTarget.getBoundingClientRect();
    setCursor(d3.bisector((s: HeapSample) => s.t_s).center(data, x.invert(e.clientX - r.left)));
  };
  const onKey = (e: KeyboardEvent) => {
    if (!data.length) return;
    const last = data.length - 1;
    const at = cursor ?? last;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last, Escape: null }[e.key];
    if (to === undefined) return;
    // The cursor's keys are not the lab's too (→ steps an event, Home goes to 0 s).
    e.preventDefault();
    e.stopPropagation();
    setCursor(to === null ? null : Math.min(last, Math.max(0, to)));
  };
  const pct = (v: number | null) => (v === null ? 'none yet' : `${(v * 100).toFixed(0)}%`);
  const label =
    `From-space (MB) over simulated time (s), ${samples.length} samples: now ${f.nowMb.toFixed(2)} MB of the ${f.cacheMb.toFixed(0)} MB cache; ` +
    `mean ${f.mean === null ? 'none yet' : `${f.mean.toFixed(2)} MB`} (${pct(f.meanShare)} of the cache) against the paper's 38% (${f.paperMb.toFixed(1)} MB, T1 medium); ` +
    `trigger ${(p.trigger / MB).toFixed(2)} MB; ${ticks.length} collections begun. Left and right arrow keys move the cursor.`;
  return (
    <div className="heap-chart sl-focus" style={{ width, height }} tabIndex={0} role="group" aria-label={label} data-testid="heap-chart" onKeyDown={onKey} onBlur={() => setCursor(null)}>
      <svg width={width} height={height} className="sl-overlay" aria-hidden="true">
        <g transform={`translate(${M.l},${M.t})`}>
          {refs.map((r) => (
            <g key={r.key} data-testid={`heap-chart-${r.key}`} data-mb={r.v.toFixed(4)}>
              <line x1={0} x2={iw} y1={y(r.v)} y2={y(r.v)} stroke={r.colour} strokeWidth={1.2} strokeDasharray={r.dash} />
              <text x={r.end ? iw - 2 : 2} y={y(r.v) - 2} textAnchor={r.end ? 'end' : 'start'} style={{ fontSize: 9, fill: r.colour }} className="heap-chart-ref">
                {r.text}
              </text>
            </g>
          ))}
          <path d={path} fill="none" stroke={CHART_COLOURS.line} strokeWidth={1.5} data-testid="heap-chart-line" data-points={data.length} />
          {data.length < iw / 8 &&
            data.map((s, i) => <circle key={i} cx={x(s.t_s)} cy={y(s.heap_mb)} r={1.8} fill={CHART_COLOURS.line} />)}
          {ticks.map((t) => (
            <path key={t} d={`M${x(t)},${ih}l-3,6h6z`} fill={CHART_COLOURS.collection} className="heap-chart-gc" />
          ))}
          <circle cx={x(nowS)} cy={y(f.nowMb)} r={3.2} fill="#fff" stroke={CHART_COLOURS.line} strokeWidth={1.5} data-testid="heap-chart-now" />
          <Axis scale={x} orient="bottom" y={ih} ticks={Math.max(2, Math.floor(iw / 55))} deps={x.domain()} />
          <Axis scale={y} orient="left" ticks={Math.max(2, Math.floor(ih / 24))} deps={y.domain()} />
          <text x={-M.l + 2} y={-1} className="sl-axis-label" style={{ fontSize: 10 }}>
            MB
          </text>
          <text x={iw} y={ih + 26} textAnchor="end" className="sl-axis-label" style={{ fontSize: 10 }}>
            simulated time (s)
          </text>
          {hs && <line x1={x(hs.t_s)} x2={x(hs.t_s)} y1={0} y2={ih} stroke="#333" strokeDasharray="2,2" />}
          <rect width={iw} height={ih} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setCursor(null)} />
        </g>
      </svg>
      {hs && (
        <div className="sl-tooltip" role="status" style={{ left: Math.max(0, Math.min(M.l + x(hs.t_s) + 8, width - 170)), top: M.t }}>
          t = {hs.t_s.toFixed(2)} s: from-space {hs.heap_mb.toFixed(2)} MB, {hs.collections} collections begun
        </div>
      )}
    </div>
  );
}
