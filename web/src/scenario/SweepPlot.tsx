// The figure a sweep scenario reproduces, drawn from the points the student has run to their end
// (one run each, this seed): the chosen summary figure against the swept field, a curve per
// series value. `storelab sweep` gives every point with confidence intervals.
import { useEffect, useMemo, useState } from 'react';
import * as d3 from 'd3';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import type { Sweep } from './sweep';
import { figureKey, withPoint, type SweepPoint } from './sweepPoints';
import { figuresFor, summaryValue } from '../app/results';
import type { PropSchema } from './fields';
import PointsPlot, { type PlotCurve } from './PointsPlot';

const COLOURS = d3.schemeTableau10;

export default function SweepPlot({ lab, sweep, schema, xUnit }: { lab: LabController; sweep: Sweep; schema: PropSchema | null; xUnit: string }) {
  const text = useStore(lab.store, (s) => s.appliedText);
  const scenario = useStore(lab.store, (s) => s.scenario);
  const seed = useStore(lab.store, (s) => s.seed);
  const finished = useStore(lab.store, (s) => s.finished && s.endedEarly == null);
  const description = useStore(lab.store, (s) => s.description);
  const figures = figuresFor(description?.figures ?? [], scenario);
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
  const curves: PlotCurve[] = [...d3.group(points, (p) => p.series)].map(([sv, pts], i) => ({
    name: sv != null ? `${sweep.series!.key} = ${sv}` : null,
    colour: COLOURS[i % COLOURS.length],
    points: pts.map((p) => ({
      x: p.x,
      y: summaryValue(p.summary, figure) * scale,
      label: `${sweep.parameter} = ${p.x}${sv != null ? `, ${sweep.series!.parameter} = ${sv}` : ''}`,
    })),
  }));

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
        <PointsPlot
          curves={curves}
          xValues={sweep.values}
          xLabel={`${sweep.parameter}${xUnit && ` (${xUnit})`}`}
          yUnit={info?.unit ?? ''}
          label={`${info?.label ?? figure} against ${sweep.parameter}`}
          pointTestId="sweep-plot-point"
        />
      )}
    </div>
  );
}
