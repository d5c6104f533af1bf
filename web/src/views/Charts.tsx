// Charts over simulated time (spec §5): throughput, disk utilisation by request kind (stacked),
// MOB occupancy and the server cache hit ratio. The warm-up period is shaded.
import { useMemo, useRef, useState } from 'react';
import * as d3 from 'd3';
import type { MobSample as Sample } from './lib/mobFrame';
import { REQUEST_PALETTE, type ViewProps } from './contract';
import { Axis } from './lib/Axis';
import { EMPTY_MESSAGE, useElementSize, useSeries, useStarted } from './lib/hooks';
import './views.css';

interface Line {
  name: string;
  colour: string;
  value: (s: Sample) => number;
}

interface ChartSpec {
  title: string;
  unit: string;
  lines: Line[];
  stacked?: boolean;
  /** Fixed y maximum, or null for "nice max of the data". */
  yMax: number | null;
}

const CHARTS: ChartSpec[] = [
  { title: 'Throughput', unit: 'tx/s', yMax: null, lines: [{ name: 'committed transactions', colour: '#1f6feb', value: (s) => s.throughput_tps }] },
  {
    title: 'Disk utilisation by request kind',
    unit: '%',
    yMax: 100,
    stacked: true,
    lines: [
      { name: 'fetch read', colour: REQUEST_PALETTE['fetch read'], value: (s) => 100 * s.disk_utilisation.fetch_read },
      { name: 'installation read', colour: REQUEST_PALETTE['installation read'], value: (s) => 100 * s.disk_utilisation.install_read },
      { name: 'page write', colour: REQUEST_PALETTE['page write'], value: (s) => 100 * s.disk_utilisation.write },
    ],
  },
  { title: 'MOB occupancy', unit: '%', yMax: 100, lines: [{ name: 'MOB used / capacity', colour: '#8c510a', value: (s) => 100 * s.mob_occupancy }] },
  { title: 'Server cache hit ratio', unit: '%', yMax: 100, lines: [{ name: 'fetches served from memory', colour: '#238b45', value: (s) => 100 * s.server_cache_hit_ratio }] },
];

export default function Charts({ frames }: ViewProps) {
  const store = useSeries(frames);
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const started = useStarted(frames);

  // The MOB system's samples: this view is the MOB's (its description lists it).
  const samples = store.samples as Sample[];
  const warmupEnd = store.warmupEnd();
  // A tall, narrow panel stacks the four charts (wide time axes); otherwise a 2 × 2 grid.
  const cols = size.width < size.height * 0.8 ? 1 : 2;
  const rows = Math.ceil(CHARTS.length / cols);
  const cw = Math.floor(size.width / cols);
  const ch = Math.floor(size.height / rows);
  return (
    <div className="sl-view" data-view="charts">
      <div className="sl-head">
        <h3 className="sl-title">Charts over simulated time</h3>
        <span className="sl-stat">
          <i className="sl-swatch" style={{ background: '#e9e9e9' }} /> warm-up (not measured)
        </span>
        <span className="sl-stat">
          samples <b>{samples.length}</b>
        </span>
        {/* In the header, not over the empty axes. */}
        {!started && <span className="sl-stat">{EMPTY_MESSAGE}</span>}
        {started && samples.length === 0 && <span className="sl-stat">Waiting for the first sample…</span>}
      </div>
      <div className="sl-plot" ref={box} style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)`, minHeight: 300 }}>
        {cw > 0 &&
          CHARTS.map((spec) => (
            <Chart key={spec.title} spec={spec} samples={samples} warmupEnd={warmupEnd} width={cw} height={ch} version={store.version} />
          ))}
      </div>
    </div>
  );
}

const M = { l: 44, r: 12, t: 22, b: 32 };
const LEGEND_ROW = 14;

/** Legend entries flowed left to right, wrapping to new rows (widths estimated from the text). */
function legendLayout(lines: Line[], width: number): { x: number; row: number }[] {
  const out: { x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const l of lines) {
    const w = 13 + l.name.length * 5.8 + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    out.push({ x, row });
    x += w;
  }
  return out;
}

function Chart({
  spec,
  samples,
  warmupEnd,
  width,
  height,
  version,
}: {
  spec: ChartSpec;
  samples: Sample[];
  warmupEnd: number | null;
  width: number;
  height: number;
  version: number;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const iw = Math.max(10, width - M.l - M.r);
  const legend = spec.lines.length > 1 ? legendLayout(spec.lines, width - 8) : [];
  const legendH = legend.length ? (legend[legend.length - 1].row + 1) * LEGEND_ROW + 2 : 0;
  const ih = Math.max(10, height - M.t - M.b - legendH);
  // Thin the data to about two points per pixel.
  const data = useMemo(() => {
    const k = Math.max(1, Math.ceil(samples.length / (2 * iw)));
    if (k === 1) return samples.slice();
    const out: Sample[] = [];
    for (let i = 0; i < samples.length; i += k) out.push(samples[i]);
    if (out[out.length - 1] !== samples[samples.length - 1]) out.push(samples[samples.length - 1]);
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [samples, version, iw]);
  const tMax = data.length ? data[data.length - 1].t_s : 1;
  const tMin = data.length ? Math.min(0, data[0].t_s) : 0;
  const x = d3.scaleLinear().domain([tMin, Math.max(tMax, tMin + 1e-3)]).range([0, iw]);
  const yMaxData = d3.max(data, (s) => (spec.stacked ? d3.sum(spec.lines, (l) => l.value(s)) : d3.max(spec.lines, (l) => l.value(s)) ?? 0)) ?? 0;
  const y = d3
    .scaleLinear()
    .domain([0, spec.yMax ?? Math.max(1, yMaxData * 1.1)])
    .nice()
    .range([ih, 0]);

  const paths = useMemo(() => {
    if (spec.stacked) {
      const keys = spec.lines.map((_, i) => i);
      const stack = d3.stack<Sample, number>().keys(keys).value((s, k) => spec.lines[k].value(s));
      const series = stack(data);
      const area = d3
        .area<d3.SeriesPoint<Sample>>()
        .x((p) => x(p.data.t_s))
        .y0((p) => y(p[0]))
        .y1((p) => y(p[1]));
      return series.map((s, i) => ({ d: area(s) ?? '', colour: spec.lines[i].colour, fill: true }));
    }
    return spec.lines.map((l) => ({
      d:
        d3
          .line<Sample>()
          .x((s) => x(s.t_s))
          .y((s) => y(l.value(s)))(data) ?? '',
      colour: l.colour,
      fill: false,
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, iw, ih, x.domain()[1], y.domain()[1]]);

  const onMove = (e: React.MouseEvent<SVGRectElement>) => {
    if (!data.length) return;
    const r = e.currentTarget.getBoundingClientRect();
    const t = x.invert(e.clientX - r.left);
    const i = Math.min(data.length - 1, Math.max(0, d3.bisector((s: Sample) => s.t_s).center(data, t)));
    setHover(i);
  };
  const hs = hover !== null && hover < data.length ? data[hover] : null;
  const warmX = warmupEnd !== null ? x(Math.min(warmupEnd, tMax)) : 0;

  return (
    <div style={{ position: 'relative', width, height }}>
      <svg width={width} height={height} className="sl-overlay" role="img" aria-label={`${spec.title} (${spec.unit}) over simulated time (s)`}>
        <text x={6} y={14} style={{ fontWeight: 600 }}>
          {spec.title} ({spec.unit})
        </text>
        <g transform={`translate(${M.l},${M.t})`}>
          {warmupEnd !== null && warmX > 0 && (
            <rect x={0} y={0} width={warmX} height={ih} fill="#e9e9e9" />
          )}
          {paths.map((p, i) =>
            p.fill ? (
              <path key={i} d={p.d} fill={p.colour} fillOpacity={0.85} stroke="none" />
            ) : (
              <path key={i} d={p.d} fill="none" stroke={p.colour} strokeWidth={1.6} />
            ),
          )}
          {/* After the data, on a white backing, so the data never hides it. */}
          {warmupEnd !== null && warmX > 50 && (
            <text x={4} y={12} className="sl-warmup-label" data-testid="warmup-label">
              warm-up
            </text>
          )}
          <Axis scale={x} orient="bottom" y={ih} ticks={Math.max(2, Math.floor(iw / 60))} deps={x.domain()} />
          <Axis scale={y} orient="left" ticks={Math.max(2, Math.floor(ih / 28))} deps={y.domain()} />
          <text x={iw} y={ih + 28} textAnchor="end" className="sl-axis-label">
            simulated time (s)
          </text>
          {hs && (
            <line x1={x(hs.t_s)} x2={x(hs.t_s)} y1={0} y2={ih} stroke="#333" strokeDasharray="2,2" />
          )}
          <rect
            width={iw}
            height={ih}
            fill="transparent"
            onMouseMove={onMove}
            onMouseLeave={() => setHover(null)}
          />
        </g>
        {spec.lines.length > 1 && (
          <g transform={`translate(6,${M.t + ih + M.b + 11})`}>
            {spec.lines.map((l, i) => (
              <g key={l.name} transform={`translate(${legend[i].x},${legend[i].row * LEGEND_ROW})`}>
                <rect x={0} y={-9} width={10} height={10} fill={l.colour} />
                <text x={13} y={0} style={{ fontSize: 10 }}>
                  {l.name}
                </text>
              </g>
            ))}
          </g>
        )}
      </svg>
      {hs && (
        <div className="sl-tooltip" style={{ left: Math.min(M.l + x(hs.t_s) + 8, width - 170), top: M.t + 4 }}>
          <div>
            t = {hs.t_s.toFixed(2)} s{hs.measuring ? '' : ' (warm-up)'}
          </div>
          {spec.lines.map((l) => (
            <div key={l.name}>
              {l.name}: {l.value(hs).toFixed(1)} {spec.unit}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
