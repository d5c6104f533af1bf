// The figure a sweep scenario reproduces, drawn from the points the student has run to their end
// (one run each, this seed): the chosen summary figure against the swept field, a curve per
// series value. `storelab sweep` gives every point with confidence intervals.
import { useEffect, useMemo, useState } from 'react';
import * as d3 from 'd3';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import type { Sweep } from './sweep';
import { figureKey, withPoint, type SweepPoint } from './sweepPoints';
import { summaryValue } from '../app/results';
import type { PropSchema } from './SchemaForm';

const W = 380;
const H = 190;
const M = { l: 48, r: 10, t: 10, b: 34 };
const COLOURS = d3.schemeTableau10;

export default function SweepPlot({ lab, sweep, schema, xUnit }: { lab: LabController; sweep: Sweep; schema: PropSchema | null; xUnit: string }) {
  const text = useStore(lab.store, (s) => s.appliedText);
  const scenario = useStore(lab.store, (s) => s.scenario);
  const seed = useStore(lab.store, (s) => s.seed);
  const finished = useStore(lab.store, (s) => s.finished && s.endedEarly == null);
  const description = useStore(lab.store, (s) => s.description);
  const figures = description?.figures ?? [];
  const [figure, setFigure] = useState('throughput_tps');
  const [plot, setPlot] = useState<{ key: string; points: SweepPoint[] }>({ key: '', points: [] });
  const key = useMemo(() => (scenario ? figureKey(scenario, sweep, seed) : ''), [scenario, sweep, seed]);
  const fieldDefault = (path: string) => {
    const [section, k] = path.split('.');
    const d = schema?.properties?.[section]?.properties?.[k]?.default;
    return typeof d === 'number' ? d : null;
  };

  useEffect(() => {
    if (!finished) return;
    let live = true;
    void lab.engine.summary().then((s) => {
      const summary = (s as { metrics: Record<string, unknown> }).metrics;
      if (!live) return;
      setPlot((p) => ({ key, points: withPoint(p.key === key ? p.points : [], text, sweep, fieldDefault, summary) }));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, key, text]);

  const points = plot.key === key ? plot.points : [];
  const info = figures.find((f) => f.path === figure);
  const scale = info?.scale ?? 1;
  const ys = points.map((p) => summaryValue(p.summary, figure) * scale).filter(Number.isFinite);
  const logX = sweep.values.length > 2 && Math.min(...sweep.values) > 0 && Math.max(...sweep.values) / Math.min(...sweep.values) >= 20;
  const xDomain = d3.extent(sweep.values) as [number, number];
  const x = (logX ? d3.scaleLog() : d3.scaleLinear()).domain(xDomain).range([M.l, W - M.r]);
  const y = d3.scaleLinear().domain([0, Math.max(1e-9, ...ys) * 1.1]).nice().range([H - M.b, M.t]);
  const curves = d3.group(points, (p) => p.series);
  const seriesValues = [...curves.keys()];

  return (
    <div className="sweep-plot" data-testid="sweep-plot">
      <label>
        <span className="hint">Figure from the points run to their end ({points.length} of {sweep.values.length * (sweep.series?.values.length ?? 1)}):</span>{' '}
        <select value={figure} onChange={(e) => setFigure(e.target.value)} aria-label="Figure to plot">
          {figures.map((f) => (
            <option key={f.path} value={f.path}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {points.length === 0 ? (
        <p className="hint" data-testid="sweep-plot-empty">
          Run a point to its end (End) and it appears here; pick another point above and run it too.
        </p>
      ) : (
        <svg width={W} height={H} role="img" aria-label={`${info?.label ?? figure} against ${sweep.parameter}`}>
          {x.ticks(5).map((t) => (
            <text key={`x${t}`} x={x(t)} y={H - M.b + 14} textAnchor="middle" className="sl-axis-label">
              {x.tickFormat(5)(t)}
            </text>
          ))}
          {y.ticks(4).map((t) => (
            <g key={`y${t}`}>
              <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke="#eee" />
              <text x={M.l - 4} y={y(t) + 3} textAnchor="end" className="sl-axis-label">
                {t}
              </text>
            </g>
          ))}
          <text x={(M.l + W - M.r) / 2} y={H - 4} textAnchor="middle" className="sl-axis-label">
            {sweep.parameter}
            {xUnit && ` (${xUnit})`}
            {logX && ', log scale'}
          </text>
          <text x={10} y={M.t + 2} className="sl-axis-label">
            {info?.unit ?? ''}
          </text>
          {seriesValues.map((sv, i) => {
            const pts = (curves.get(sv) ?? []).map((p) => [x(p.x), y(summaryValue(p.summary, figure) * scale)] as [number, number]).filter(([, py]) => Number.isFinite(py));
            return (
              <g key={String(sv)}>
                <path d={d3.line()(pts) ?? ''} fill="none" stroke={COLOURS[i % COLOURS.length]} strokeWidth={1.5} />
                {pts.map(([px, py], j) => (
                  <circle key={j} cx={px} cy={py} r={3.5} fill={COLOURS[i % COLOURS.length]} data-testid="sweep-plot-point">
                    <title>{`${sweep.parameter} = ${curves.get(sv)![j].x}${sv != null ? `, ${sweep.series!.parameter} = ${sv}` : ''}: ${py.toFixed(2)}`}</title>
                  </circle>
                ))}
                {sv != null && (
                  <text x={W - M.r} y={M.t + 12 * (i + 1)} textAnchor="end" className="sl-axis-label" fill={COLOURS[i % COLOURS.length]}>
                    {sweep.series!.key} = {sv}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
