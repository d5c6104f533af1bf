// A figure drawn from runs, one point each: a value against a swept field, a curve per series
// (the sweep bar's figure, compare mode's plot against the cache size). Each point's tooltip names
// its run and value; a log x axis when the values span 20× or more.
import * as d3 from 'd3';

export interface PlotPoint {
  x: number;
  y: number;
  /** What the tooltip says the point is ("server.mob_mb = 2"); its value follows. */
  label: string;
}

export interface PlotCurve {
  /** The legend's name, or null for a single unnamed curve. */
  name: string | null;
  colour: string;
  points: PlotPoint[];
}

const W = 380;
const H = 190;
const M = { l: 48, r: 10, t: 20, b: 34 };

export default function PointsPlot({
  curves,
  xValues,
  xLabel,
  yUnit,
  label,
  pointTestId,
  width = W,
}: {
  curves: PlotCurve[];
  /** Every x the figure has (the x axis spans them, run or not). */
  xValues: readonly number[];
  /** The x axis's title, with its unit. */
  xLabel: string;
  yUnit: string;
  /** What the figure shows, for screen readers. */
  label: string;
  pointTestId: string;
  width?: number;
}) {
  const ys = curves.flatMap((c) => c.points.map((p) => p.y)).filter(Number.isFinite);
  const logX = xValues.length > 2 && Math.min(...xValues) > 0 && Math.max(...xValues) / Math.min(...xValues) >= 20;
  const x = (logX ? d3.scaleLog() : d3.scaleLinear()).domain(d3.extent(xValues) as [number, number]).range([M.l, width - M.r]);
  const y = d3.scaleLinear().domain([0, ys.length ? Math.max(1e-9, ...ys) * 1.1 : 1]).nice().range([H - M.b, M.t]);
  return (
    <svg width={width} height={H} role="img" aria-label={label}>
      {x.ticks(5).map((t) => (
        <text key={`x${t}`} x={x(t)} y={H - M.b + 14} textAnchor="middle" className="sl-axis-label">
          {x.tickFormat(5)(t)}
        </text>
      ))}
      {/* No scale to show before the first point. */}
      {(ys.length ? y.ticks(4) : []).map((t) => (
        <g key={`y${t}`}>
          <line x1={M.l} x2={width - M.r} y1={y(t)} y2={y(t)} stroke="#eee" />
          <text x={M.l - 4} y={y(t) + 3} textAnchor="end" className="sl-axis-label">
            {y.tickFormat(4)(t)}
          </text>
        </g>
      ))}
      <text x={(M.l + width - M.r) / 2} y={H - 7} textAnchor="middle" className="sl-axis-label">
        {xLabel}
        {logX && ', log scale'}
      </text>
      <text x={10} y={12} className="sl-axis-label">
        {yUnit}
      </text>
      {curves.map((c, i) => {
        const pts = c.points.filter((p) => Number.isFinite(p.y));
        return (
          <g key={c.name ?? i}>
            <path d={d3.line<PlotPoint>((p) => x(p.x), (p) => y(p.y))(pts) ?? ''} fill="none" stroke={c.colour} strokeWidth={1.5} />
            {pts.map((p) => (
              <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3.5} fill={c.colour} data-testid={pointTestId}>
                <title>{`${p.label}: ${Number(p.y.toPrecision(4))}${yUnit && ` ${yUnit}`}`}</title>
              </circle>
            ))}
            {c.name != null && (
              <text x={width - M.r} y={M.t + 12 * (i + 1)} textAnchor="end" className="sl-axis-label" fill={c.colour}>
                {c.name}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
