// One chart over simulated time (s) of a system's samples: lines (with gaps where a value is
// null) or stacked areas, the warm-up shaded, both axes with units, a legend, the latest value of
// each series, and a cursor with a tooltip that the pointer or the arrow keys move.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import * as d3 from 'd3';
import type { Sample } from '../../engine/types';
import { Axis } from './Axis';

export interface ChartLine<S> {
  name: string;
  colour: string;
  /** The value's unit where it is not the chart's. */
  unit?: string;
  /** The value at sample `s`, or null where the sample has none (drawn as a gap). */
  value: (s: S) => number | null;
}

export interface ChartSpec<S> {
  /** A stable key (test ids, React keys). */
  key: string;
  title: string;
  unit: string;
  lines: ChartLine<S>[];
  /** Decimals of the values shown. */
  digits: number;
  stacked?: boolean;
  /** Fixed y maximum, or null for a nice maximum of the data. */
  yMax: number | null;
  /** A sentence under the legend, e.g. what a gap means. */
  note?: string;
}

const M = { l: 48, r: 12, t: 24, b: 30 };
const LEGEND_ROW = 14;
export const WARMUP_FILL = '#e9e9e9';

/** Legend entries flowed left to right, wrapping to new rows (widths estimated from the text). */
function legendLayout(names: string[], width: number): { x: number; row: number }[] {
  let x = 0;
  let row = 0;
  return names.map((name) => {
    const w = 13 + name.length * 5.8 + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const at = { x, row };
    x += w;
    return at;
  });
}

/** A value as the chart shows it: `digits` decimals, thousands separated. */
export function formatValue(v: number, digits: number): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The last sample's value of `line`, or the latest one it has, with its time. */
export function latestValue<S extends Sample>(samples: readonly S[], line: ChartLine<S>): { v: number; t: number } | null {
  for (let i = samples.length - 1; i >= 0; i--) {
    const v = line.value(samples[i]);
    if (v !== null) return { v, t: samples[i].t_s };
  }
  return null;
}

/** About two samples per pixel: every k-th one, and the last. */
function thin<S>(samples: readonly S[], iw: number): S[] {
  const k = Math.max(1, Math.ceil(samples.length / (2 * iw)));
  if (k === 1) return samples.slice();
  const out: S[] = [];
  for (let i = 0; i < samples.length; i += k) out.push(samples[i]);
  if (out[out.length - 1] !== samples[samples.length - 1]) out.push(samples[samples.length - 1]);
  return out;
}

export function TimeChart<S extends Sample>({
  spec,
  samples,
  warmupEnd,
  width,
  height,
  version,
}: {
  spec: ChartSpec<S>;
  samples: readonly S[];
  warmupEnd: number | null;
  width: number;
  height: number;
  /** Changes whenever `samples` does (SeriesStore.version). */
  version: number;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const clipId = useId();
  const iw = Math.max(10, width - M.l - M.r);
  const fmt = (v: number | null) => (v === null ? 'none' : formatValue(v, spec.digits));
  // Several lines: each legend entry ends with its latest value (one line: the title has it).
  const entries = spec.lines.map((l) => (spec.lines.length > 1 ? `${l.name} ${fmt(latestValue(samples, l)?.v ?? null)}` : l.name));
  const legend = legendLayout(entries, width - 8);
  const legendH = (legend[legend.length - 1].row + 1) * LEGEND_ROW + (spec.note ? LEGEND_ROW : 0) + 2;
  const ih = Math.max(10, height - M.t - M.b - legendH);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => thin(samples, iw), [samples, version, iw]);
  const tMax = data.length ? data[data.length - 1].t_s : 1;
  const tMin = data.length ? Math.min(0, data[0].t_s) : 0;
  const x = d3.scaleLinear().domain([tMin, Math.max(tMax, tMin + 1e-3)]).range([0, iw]);
  const total = (s: S) => (spec.stacked ? d3.sum(spec.lines, (l) => l.value(s) ?? 0) : (d3.max(spec.lines, (l) => l.value(s) ?? 0) ?? 0));
  const yMaxData = d3.max(data, total) ?? 0;
  const y = d3
    .scaleLinear()
    .domain([0, spec.yMax ?? Math.max(1, yMaxData * 1.1)])
    .nice()
    .range([ih, 0]);

  const paths = useMemo(() => {
    if (spec.stacked) {
      const stack = d3
        .stack<S, number>()
        .keys(spec.lines.map((_, i) => i))
        .value((s, k) => spec.lines[k].value(s) ?? 0);
      const area = d3
        .area<d3.SeriesPoint<S>>()
        .x((p) => x(p.data.t_s))
        .y0((p) => y(p[0]))
        .y1((p) => y(p[1]));
      return stack(data).map((s, i) => ({ d: area(s) ?? '', colour: spec.lines[i].colour, fill: true }));
    }
    return spec.lines.map((l) => ({
      d:
        d3
          .line<S>()
          .defined((s) => l.value(s) !== null)
          .x((s) => x(s.t_s))
          .y((s) => y(l.value(s) ?? 0))(data) ?? '',
      colour: l.colour,
      fill: false,
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, iw, ih, x.domain()[1], y.domain()[1]]);

  // Points stand alone between gaps (or when there are few): mark them so they show.
  const dots = spec.stacked
    ? []
    : spec.lines.flatMap((l) =>
        data.flatMap((s, i) => {
          const v = l.value(s);
          const alone = data.length < iw / 8 || ((i === 0 || l.value(data[i - 1]) === null) && (i === data.length - 1 || l.value(data[i + 1]) === null));
          return v !== null && alone ? [{ cx: x(s.t_s), cy: y(v), colour: l.colour }] : [];
        }),
      );

  const onMove = (e: React.MouseEvent<SVGRectElement>) => {
    if (!data.length) return;
    const r = e.currentTarget.getBoundingClientRect();
    const t = x.invert(e.clientX - r.left);
    setHover(Math.min(data.length - 1, Math.max(0, d3.bisector((s: S) => s.t_s).center(data, t))));
  };
  const onKey = (e: KeyboardEvent) => {
    if (!data.length) return;
    const last = data.length - 1;
    const at = hover ?? last;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last, Escape: null }[e.key];
    if (to === undefined) return;
    // The cursor's keys are not the lab's too (→ steps an event, Home goes to 0 s, Esc cancels).
    e.preventDefault();
    e.stopPropagation();
    setHover(to === null ? null : Math.min(last, Math.max(0, to)));
  };
  const hs = hover !== null && hover < data.length ? data[hover] : null;
  const warmX = warmupEnd !== null ? x(Math.min(warmupEnd, tMax)) : 0;
  const label = `${spec.title} (${spec.unit}) over simulated time (s): ${spec.lines.map((l) => `${l.name} ${fmt(latestValue(samples, l)?.v ?? null)}`).join(', ')}`;

  return (
    <div
      className="time-chart"
      style={{ width, height }}
      data-chart={spec.key}
      tabIndex={0}
      role="group"
      aria-label={`${label}. Left and right arrow keys move the cursor.`}
      onKeyDown={onKey}
      onFocus={() => setHover((h) => h ?? (data.length ? data.length - 1 : null))}
      onBlur={() => setHover(null)}
    >
      <svg width={width} height={height} className="sl-overlay" aria-hidden="true">
        <text x={6} y={15} style={{ fontWeight: 600 }}>
          {spec.title} ({spec.unit})
          {spec.lines.length === 1 && (
            <tspan className="time-chart-now" data-testid={`latest-${spec.key}`}>
              {' '}
              · latest {fmt(latestValue(samples, spec.lines[0])?.v ?? null)}
            </tspan>
          )}
        </text>
        <g transform={`translate(${M.l},${M.t})`}>
          <clipPath id={clipId}>
            <rect x={-3} y={0} width={iw + 6} height={ih + 3} />
          </clipPath>
          {warmupEnd !== null && warmX > 0 && <rect x={0} y={0} width={warmX} height={ih} fill={WARMUP_FILL} />}
          <g clipPath={`url(#${clipId})`}>
            {paths.map((p, i) =>
              p.fill ? (
                <path key={i} d={p.d} fill={p.colour} stroke="none" />
              ) : (
                <path key={i} d={p.d} fill="none" stroke={p.colour} strokeWidth={1.6} />
              ),
            )}
            {dots.map((d, i) => (
              <circle key={i} cx={d.cx} cy={d.cy} r={2.2} fill={d.colour} />
            ))}
          </g>
          {warmupEnd !== null && warmX > 50 && (
            <text x={4} y={12} className="sl-warmup-label" data-testid="warmup-label">
              warm-up
            </text>
          )}
          <Axis scale={x} orient="bottom" y={ih} ticks={Math.max(2, Math.floor(iw / 60))} deps={x.domain()} />
          <Axis scale={y} orient="left" ticks={Math.max(2, Math.floor(ih / 28))} deps={y.domain()} />
          <text x={iw} y={ih + 27} textAnchor="end" className="sl-axis-label">
            simulated time (s)
          </text>
          {hs && <line x1={x(hs.t_s)} x2={x(hs.t_s)} y1={0} y2={ih} stroke="#333" strokeDasharray="2,2" />}
          <rect width={iw} height={ih} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        </g>
        <g transform={`translate(6,${M.t + ih + M.b + 10})`}>
          {spec.lines.map((l, i) => (
            <g key={l.name} transform={`translate(${legend[i].x},${legend[i].row * LEGEND_ROW})`}>
              <rect x={0} y={-9} width={10} height={10} fill={l.colour} stroke="#999" strokeWidth={0.5} />
              <text x={13} y={0} style={{ fontSize: 10 }} data-testid={spec.lines.length > 1 ? `latest-${spec.key}-${i}` : undefined}>
                {entries[i]}
              </text>
            </g>
          ))}
          {spec.note && (
            <text x={0} y={(legend[legend.length - 1].row + 1) * LEGEND_ROW} className="sl-axis-label" style={{ fontSize: 10 }}>
              {spec.note}
            </text>
          )}
        </g>
      </svg>
      {hs && (
        <div className="sl-tooltip" role="status" style={{ left: Math.max(0, Math.min(M.l + x(hs.t_s) + 8, width - 200)), top: M.t + 4 }}>
          <div>
            t = {hs.t_s.toFixed(2)} s{hs.measuring ? '' : ' (warm-up)'}
          </div>
          {spec.lines.map((l) => (
            <div key={l.name}>
              {l.name}: {fmt(l.value(hs))}
              {l.value(hs) === null ? '' : ` ${l.unit ?? spec.unit}`}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
