// Beneath the two sides: a summary figure (HAC's fetches by default) against a swept field (the
// system's second knob by default: HAC's client.cache_mb), one curve per side, filled point by
// point as runs of each side's scenario at each value reach their end in a worker of their own.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FigureInfo, ScenarioValues } from '../engine/types';
import { LabClient } from '../engine/client';
import { formatSimTime } from '../state/clock';
import { FieldError, schemaOf, setField } from '../scenario/fields';
import PointsPlot, { type PlotCurve } from '../scenario/PointsPlot';
import { summaryValue } from '../app/results';
import { BackgroundRuns, type RunJob, type RunResult, type RunsProgress, type WorkerEngine } from './backgroundRuns';
import { defaultSweepField, numericFields, sweepValues, valueOf } from './sweepValues';
import { SIDE_NAMES } from './pair';
import type { FieldDifference } from './diff';
import { SIDE_COLOURS } from './SideHead';

interface Point {
  side: number;
  x: number;
}

/** The figure plotted by default: HAC's fetches, else the system's first. */
const DEFAULT_FIGURE = 'fetches';

export default function SizePlot({
  texts,
  scenario,
  knobs,
  figures,
  seed,
  differences,
  field: asked,
  figure: askedFigure,
  chooseField,
  chooseFigure,
}: {
  texts: string[];
  /** Side A's scenario as the engine read it: the swept field's current value. */
  scenario: ScenarioValues;
  knobs: string[];
  figures: FigureInfo[];
  seed: number;
  /** The fields that differ between the sides: each curve is named by the first that is not swept. */
  differences: FieldDifference[];
  field: string | null;
  figure: string | null;
  chooseField: (path: string) => void;
  chooseFigure: (path: string) => void;
}) {
  const fields = useMemo(() => numericFields(schemaOf(texts[0]), knobs, texts[0]), [texts, knobs]);
  const field = fields.find((f) => f.path === asked) ?? fields.find((f) => f.path === defaultSweepField(fields, knobs));
  const figure = figures.find((f) => f.path === askedFigure) ?? figures.find((f) => f.path === DEFAULT_FIGURE) ?? figures[0];
  const current = field ? valueOf(scenario, field.path) : NaN;
  const values = useMemo(() => (field ? sweepValues(current, field) : []), [field, current]);
  const { jobs, refused } = useMemo(() => jobsOf(texts, field?.path ?? '', values, seed), [texts, field, values, seed]);
  const [results, setResults] = useState<{ jobs: RunJob<Point>[]; points: Map<string, RunResult> }>({ jobs, points: new Map() });
  const [progress, setProgress] = useState<RunsProgress<Point> | null>(null);
  const [stopped, setStopped] = useState(false);
  const runs = useRef<BackgroundRuns | null>(null);
  runs.current ??= new BackgroundRuns(() => new LabClient() as unknown as WorkerEngine);
  useEffect(() => () => runs.current?.dispose(), []);

  const start = () => {
    setStopped(false);
    setResults((r) => (r.jobs === jobs ? r : { jobs, points: new Map() }));
    void runs.current!.run(
      jobs,
      (job, r) => setResults((prev) => (prev.jobs === jobs ? { jobs, points: new Map(prev.points).set(keyOf(job.tag), r) } : prev)),
      setProgress,
    );
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(start, [jobs]);
  const stop = () => {
    runs.current?.stop();
    setStopped(true);
  };

  const points = results.jobs === jobs ? results.points : new Map<string, RunResult>();
  const unit = field?.schema['x-unit'] && !['count', 'fraction', 'id'].includes(field.schema['x-unit']) ? field.schema['x-unit'] : '';
  const named = differences.find((d) => d.path !== field?.path);
  const curves: PlotCurve[] = texts.map((_, side) => ({
    name: named ? `${SIDE_NAMES[side]}: ${named.path} = ${named.values[side]}` : SIDE_NAMES[side],
    colour: SIDE_COLOURS[side],
    points: values.flatMap((x) => {
      const r = points.get(keyOf({ side, x }));
      return r?.ok ? [{ x, y: summaryValue(r.summary, figure.path) * figure.scale, label: `${SIDE_NAMES[side]}, ${field!.path} = ${x}${unit && ` ${unit}`}` }] : [];
    }),
  }));
  const failures = [...refused, ...[...points].filter(([, r]) => !r.ok).map(([k, r]) => `${k}: ${(r as { error: string }).error}`)];
  const running = progress?.current != null && !stopped;

  return (
    <section className="compare-box size-plot" aria-label="A figure against a swept field" data-testid="size-plot">
      <h2>
        <select value={figure?.path} onChange={(e) => chooseFigure(e.target.value)} aria-label="Figure to plot">
          {figures.map((f) => (
            <option key={f.path} value={f.path}>
              {f.label}
            </option>
          ))}
        </select>{' '}
        against{' '}
        <select value={field?.path} onChange={(e) => chooseField(e.target.value)} aria-label="Field to sweep">
          {fields.map((f) => (
            <option key={f.path} value={f.path}>
              {f.path}
            </option>
          ))}
        </select>
      </h2>
      <p className="hint">
        Each side's scenario with {field?.path} from a quarter to twice side A's {current}
        {unit && ` ${unit}`}, every half octave, run to its end in the background (seed {seed}).
      </p>
      <div className="sweep-progress" role="status" data-testid="size-progress">
        {values.length === 0
          ? `${field?.path ?? 'This system'} has no positive value to sweep from.`
          : `${points.size} of ${jobs.length} runs done`}
        {running && progress.current && (
          <>
            {'; running '}
            {SIDE_NAMES[progress.current.tag.side]} at {progress.current.tag.x}
            {unit && ` ${unit}`}, reached {formatSimTime(progress.current.atNs)}{' '}
            <progress max={jobs.length} value={progress.done} aria-label="Runs done" />{' '}
            <button type="button" onClick={stop} data-testid="size-stop">
              Cancel
            </button>
          </>
        )}
        {stopped && points.size < jobs.length && (
          <>
            {'; canceled '}
            <button type="button" onClick={start} data-testid="size-resume">
              Resume
            </button>
          </>
        )}
      </div>
      {values.length > 0 && figure && field && (
        <PointsPlot
          curves={curves}
          xValues={values}
          xLabel={`${field.path}${unit && ` (${unit})`}`}
          yUnit={figure.unit}
          label={`${figure.label} against ${field.path}, one curve per side`}
          pointTestId="size-plot-point"
          width={520}
        />
      )}
      {failures.length > 0 && (
        <ul className="errors" data-testid="size-failures">
          {failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function keyOf(p: Point): string {
  return `${SIDE_NAMES[p.side]} at ${p.x}`;
}

/** Each side's text at each value, in order of value; the edits the engine refuses, by name. */
function jobsOf(texts: string[], path: string, values: number[], seed: number): { jobs: RunJob<Point>[]; refused: string[] } {
  const jobs: RunJob<Point>[] = [];
  const refused: string[] = [];
  for (const x of values) {
    texts.forEach((text, side) => {
      try {
        jobs.push({ text: setField(text, path, String(x)), seed, tag: { side, x } });
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        refused.push(`${keyOf({ side, x })}: ${e.message}`);
      }
    });
  }
  return { jobs, refused };
}
