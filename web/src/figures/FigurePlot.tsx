// A figure as the paper draws it: the chosen summary figure against the swept field, one curve
// per series value, each point's 95% confidence interval as a bar, and the paper's own numbers as
// hollow diamonds, their source in the legend. Hovering (or focusing) a point names its runs. A
// log x axis when the values span 20× or more, as the papers' plots of log sizes do.
import * as d3 from 'd3';
import { forwardRef } from 'react';
import type { PlotCurve } from './sweep';

const COLOURS = d3.schemeTableau10;
const H = 400;
const M = { l: 64, r: 28, t: 16, b: 48 };
/** Roughly the width of a legend label at 11 px, to lay the entries out in a row. */
const labelWidth = (text: string) => 16 + text.length * 6.2 + 20;
const LEGEND_ROW = 16;

export interface FigurePlotProps {
  curves: PlotCurve[];
  /** Every x the sweep has (the axis spans them all, run or not). */
  xValues: readonly number[];
  xLabel: string;
  yLabel: string;
  yUnit: string;
  /** The series field, for the legend ("server.layout = 1"). */
  seriesName: string | null;
  marks: { x: number; y: number; source: string }[];
  width: number;
}

const FigurePlot = forwardRef<SVGSVGElement, FigurePlotProps>(function FigurePlot({ curves, xValues, xLabel, yLabel, yUnit, seriesName, marks, width }, ref) {
  const ys = [...curves.flatMap((c) => c.points.flatMap((p) => [p.y + (p.ci || 0)])), ...marks.map((m) => m.y)].filter(Number.isFinite);
  const logX = xValues.length > 2 && Math.min(...xValues) > 0 && Math.max(...xValues) / Math.min(...xValues) >= 20;
  const x = (logX ? d3.scaleLog() : d3.scaleLinear()).domain(d3.extent(xValues) as [number, number]).range([M.l, width - M.r]);
  const y = d3
    .scaleLinear()
    .domain([0, ys.length ? Math.max(1e-9, ...ys) * 1.08 : 1])
    .nice()
    .range([H - M.b, M.t]);
  const fmt = (v: number) => (Number.isFinite(v) ? `${+v.toPrecision(4)} ${yUnit}` : 'no value');
  const legend = legendOf({ curves, seriesName, marks }, width);
  return (
    <svg ref={ref} xmlns="http://www.w3.org/2000/svg" width={width} height={H + legend.height} role="img" aria-label={`${yLabel} against ${xLabel}`} className="figure-plot" data-testid="figure-plot">
      <rect width="100%" height="100%" fill="#fff" />
      {(ys.length ? y.ticks(6) : []).map((t) => (
        <g key={`y${t}`}>
          <line x1={M.l} x2={width - M.r} y1={y(t)} y2={y(t)} stroke="#e4e7eb" />
          <text x={M.l - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#52606d">
            {y.tickFormat(6)(t)}
          </text>
        </g>
      ))}
      {(logX ? xValues : x.ticks(8)).map((t) => (
        <text key={`x${t}`} x={x(t)} y={H - M.b + 16} textAnchor="middle" fontSize="11" fill="#52606d">
          {logX ? String(+t.toPrecision(4)) : x.tickFormat(8)(t)}
        </text>
      ))}
      <line x1={M.l} x2={width - M.r} y1={H - M.b} y2={H - M.b} stroke="#9aa5b1" />
      <text x={(M.l + width - M.r) / 2} y={H - 10} textAnchor="middle" fontSize="12" fill="#1f2933">
        {xLabel}
      </text>
      <text transform={`translate(14 ${(M.t + H - M.b) / 2}) rotate(-90)`} textAnchor="middle" fontSize="12" fill="#1f2933">
        {yLabel} ({yUnit || 'no unit'})
      </text>
      {curves.map((c, i) => {
        const colour = COLOURS[i % COLOURS.length];
        const pts = c.points.filter((p) => Number.isFinite(p.y));
        return (
          <g key={String(c.series)} data-series={c.series ?? ''}>
            <path d={d3.line<(typeof pts)[number]>((p) => x(p.x), (p) => y(p.y))(pts) ?? ''} fill="none" stroke={colour} strokeWidth={2} />
            {pts.map((p) => (
              <g key={p.x} tabIndex={0} className="figure-point" data-testid="figure-point" data-x={p.x}>
                <title>{`${xLabel.split(' (')[0]} = ${p.x}${c.series != null ? `, ${seriesName} = ${c.series}` : ''}: ${fmt(p.y)} ± ${+p.ci.toPrecision(3)} (95%, ${p.runs.length} ${p.runs.length === 1 ? 'run' : 'runs'})\n${p.runs.map((r) => `seed ${r.seed}: ${fmt(r.y)}`).join('\n')}`}</title>
                {p.ci > 0 && <line x1={x(p.x)} x2={x(p.x)} y1={y(p.y - p.ci)} y2={y(p.y + p.ci)} stroke={colour} strokeWidth={1.5} />}
                <circle cx={x(p.x)} cy={y(p.y)} r={4} fill={colour} />
                <circle cx={x(p.x)} cy={y(p.y)} r={10} fill="transparent" />
              </g>
            ))}
          </g>
        );
      })}
      {marks.map((m, i) => (
        <g key={i} data-testid="paper-mark">
          <title>{`the paper, ${m.source}: ${fmt(m.y)} at ${m.x}`}</title>
          <path d={`M${x(m.x)},${y(m.y) - 6}l6,6l-6,6l-6,-6z`} fill="none" stroke="#1f2933" strokeWidth={1.5} />
        </g>
      ))}
      {legend.height > 0 && <Legend entries={legend.entries} />}
    </svg>
  );
});

/** The legend under the plot: each curve's colour and name, then the paper's mark and sources,
 * in rows as wide as the plot. */
function legendOf({ curves, seriesName, marks }: Pick<FigurePlotProps, 'curves' | 'seriesName' | 'marks'>, width: number) {
  const entries: { key: string; colour: string | null; text: string; x: number; y: number }[] = curves.map((c, i) => ({
    key: String(c.series),
    colour: COLOURS[i % COLOURS.length],
    text: c.series != null ? `${seriesName} = ${c.series}` : 'this model (mean ± 95%)',
    x: 0,
    y: 0,
  }));
  if (marks.length) entries.push({ key: 'paper', colour: null, text: `the paper (${[...new Set(marks.map((m) => m.source))].join('; ')})`, x: 0, y: 0 });
  let [x, row] = [0, 0];
  for (const e of entries) {
    const w = labelWidth(e.text);
    if (x > 0 && x + w > width - M.l - M.r) [x, row] = [0, row + 1];
    [e.x, e.y] = [x, row * LEGEND_ROW];
    x += w;
  }
  return { entries, height: entries.length > 1 || marks.length ? (row + 1) * LEGEND_ROW + 6 : 0 };
}

function Legend({ entries }: { entries: ReturnType<typeof legendOf>['entries'] }) {
  return (
    <g transform={`translate(${M.l} ${H + 6})`} fontSize="11" fill="#1f2933">
      {entries.map((e) => (
        <g key={e.key} transform={`translate(${e.x} ${e.y})`}>
          {e.colour ? <rect width={12} height={3} y={4} fill={e.colour} /> : <path d="M6,0l6,6l-6,6l-6,-6z" fill="none" stroke="#1f2933" transform="translate(0 -1)" />}
          <text x={16} y={10}>
            {e.text}
          </text>
        </g>
      ))}
    </g>
  );
}

export default FigurePlot;
