// The difference chart: one series figure of both sides and A − B over simulated time, or
// against the work done (the system's `work` figure: two runs do the same work at different
// times), on one axis with the figure's unit, with a legend and a tooltip at the pointer. Over
// time, a side whose run has ended keeps its last value; against work, the chart goes as far as
// both sides have.
import { useRef, useState } from 'react';
import * as d3 from 'd3';
import type { FigureInfo } from '../engine/types';
import type { FrameSource } from '../views/contract';
import { Axis } from '../views/lib/Axis';
import { useElementSize, useFrameTick } from '../views/lib/hooks';
import { diffByWork, diffSeries, formatFigure, sampleFigures, seriesFigure, type DiffPoint } from './diff';
import { SIDE_NAMES } from './pair';
import type { SideSource } from './session';
import { SIDE_COLOURS } from './SideHead';

const H = 240;
const M = { l: 56, r: 12, t: 26, b: 34 };
const DIFF_COLOUR = '#444';

/** The series figures the sides' samples have, in sample order. */
function chartFigures(sides: SideSource[]): string[] {
  return [...new Set(sides.flatMap((s) => (s.series()[0] ? sampleFigures(s.series()[0]) : [])))];
}

interface Props {
  clock: FrameSource;
  sides: SideSource[];
  figures: FigureInfo[];
  /** The series figure asked for, and how to ask for another. */
  chosen: string | null;
  choose: (path: string) => void;
  /** The system's work figure (`SystemDescription.work`); `along` 'work' plots against it. */
  work: string | null;
  along: string | null;
  chooseAlong: (along: 'time' | 'work') => void;
}

export default function DiffChart({ clock, sides, figures, chosen, choose, work, along, chooseAlong }: Props) {
  useFrameTick(clock, 250);
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);
  const [hover, setHover] = useState<DiffPoint | null>(null);
  const options = chartFigures(sides);
  // The figure asked for, else the first the summary describes too, else the first there is.
  const path = options.find((p) => p === chosen) ?? options.find((p) => figures.some((f) => f.path === p)) ?? options[0];
  const info = path ? seriesFigure(path, figures) : null;
  const byWork = along === 'work' && work != null;
  const workInfo = work ? seriesFigure(work, figures) : null;
  const series = sides.map((s) => s.series());
  const data = path && info ? (byWork ? diffByWork(series, path, work, info.scale) : diffSeries(series, path, info.scale)) : [];
  const xLabel = byWork && workInfo ? `${workInfo.label} (work done)` : 'simulated time (s)';
  const xText = (d: DiffPoint) => (byWork ? `${workInfo?.label}: ${formatFigure(d.x)}` : `t = ${d.x.toFixed(3)} s`);
  const iw = Math.max(10, width - M.l - M.r);
  const ih = H - M.t - M.b;
  const x = d3.scaleLinear().domain([0, Math.max(1e-3, d3.max(data, (d) => d.x) ?? 1)]).range([0, iw]);
  const lo = d3.min(data, (d) => Math.min(d.diff, ...d.values)) ?? 0;
  const hi = d3.max(data, (d) => Math.max(d.diff, ...d.values)) ?? 1;
  const y = d3.scaleLinear().domain([Math.min(0, lo), Math.max(hi, lo + 1e-9, 0)]).nice().range([ih, 0]);
  const line = (v: (d: DiffPoint) => number) => d3.line<DiffPoint>((d) => x(d.x), (d) => y(v(d))).curve(d3.curveStepAfter)(data) ?? '';
  const unit = info?.unit ? ` (${info.unit})` : '';
  const lines = [
    // A wider than B, under it: where they are equal, both show.
    ...SIDE_NAMES.map((n, i) => ({ name: n, colour: SIDE_COLOURS[i], width: i === 0 ? 3.5 : 1.6, dash: undefined as string | undefined, value: (d: DiffPoint) => d.values[i] })),
    { name: 'A − B', colour: DIFF_COLOUR, width: 1.6, dash: '5,3', value: (d: DiffPoint) => d.diff },
  ];
  const onMove = (e: React.MouseEvent<SVGRectElement>) => {
    if (!data.length) return;
    const t = x.invert(e.clientX - e.currentTarget.getBoundingClientRect().left);
    setHover(data[Math.min(data.length - 1, Math.max(0, d3.bisector((d: DiffPoint) => d.x).center(data, t)))]);
  };

  return (
    <section className="compare-box diff-chart" aria-label="Difference chart" data-testid="diff-chart">
      <h2>
        Difference:{' '}
        <select value={path ?? ''} onChange={(e) => choose(e.target.value)} aria-label="Series figure of the difference chart" disabled={!options.length}>
          {options.map((p) => (
            <option key={p} value={p}>
              {seriesFigure(p, figures).label}
            </option>
          ))}
        </select>{' '}
        against{' '}
        <select value={byWork ? 'work' : 'time'} onChange={(e) => chooseAlong(e.target.value as 'time' | 'work')} aria-label="What the difference chart plots against" data-testid="diff-along">
          <option value="time">simulated time</option>
          {workInfo && <option value="work">{workInfo.label} (work done)</option>}
        </select>
      </h2>
      <div ref={box} className="diff-plot">
        {data.length === 0 ? (
          <p className="hint">Each side's samples appear here as the runs go (play, or move the timeline).</p>
        ) : (
          <svg width={width} height={H} role="img" aria-label={`${info?.label}${unit} of side A, side B and A − B against ${xLabel}`}>
            <g transform={`translate(${M.l},${M.t})`}>
              <line x1={0} x2={iw} y1={y(0)} y2={y(0)} stroke="#bbb" />
              {lines.map((l) => (
                <path key={l.name} d={line(l.value)} fill="none" stroke={l.colour} strokeWidth={l.width} strokeDasharray={l.dash} data-testid="diff-line" />
              ))}
              <Axis scale={x} orient="bottom" y={ih} ticks={Math.max(2, Math.floor(iw / 80))} deps={x.domain()} />
              <Axis scale={y} orient="left" ticks={5} deps={y.domain()} />
              <text x={iw} y={ih + 30} textAnchor="end" className="sl-axis-label">
                {xLabel}
              </text>
              <text x={-M.l + 4} y={-10} className="sl-axis-label">
                {info?.label}
                {unit}
              </text>
              {hover && <line x1={x(hover.x)} x2={x(hover.x)} y1={0} y2={ih} stroke="#333" strokeDasharray="2,2" />}
              <rect width={iw} height={ih} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
            </g>
            <g transform={`translate(${width - M.r - 210},12)`}>
              {lines.map((l, i) => (
                <g key={l.name} transform={`translate(${i * 70},0)`}>
                  <line x1={0} x2={16} y1={-4} y2={-4} stroke={l.colour} strokeWidth={l.width} strokeDasharray={l.dash} />
                  <text x={20} y={0} className="sl-axis-label">
                    {l.name}
                  </text>
                </g>
              ))}
            </g>
          </svg>
        )}
        {hover && info && (
          <div className="sl-tooltip" style={{ left: Math.min(M.l + x(hover.x) + 10, width - 190), top: M.t + 6 }} data-testid="diff-tooltip">
            <div>{xText(hover)}</div>
            {lines.map((l) => (
              <div key={l.name}>
                {l.name}: {formatFigure(l.value(hover))} {info.unit}
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
