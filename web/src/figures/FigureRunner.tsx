// One figure on the figures page: its sweep's points × seeds run in a pool of workers (pool.ts),
// with progress, an estimate of the time left and Cancel; the points fill in as they finish; the
// plot (FigurePlot), the paper's numbers and where the curve departs from them; CSV, SVG and PNG;
// and a link that opens this figure again and runs it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { compileEngine } from '../engine/wasm';
import { schemaOf, setField } from '../scenario/fields';
import FigurePlot from './FigurePlot';
import SweepForm from './SweepForm';
import { SweepPool, poolSize } from './pool';
import { curvesOf, departures, paperMarks, planOf, tableOf, timeLeftMs, type RunJson, type SweepPlan, type Table } from './sweep';
import { downloadCsv, downloadPng, downloadSvg } from './exports';
import { figureLink, type FigureLink } from './link';

let engine: Promise<WebAssembly.Module> | null = null;

type Status = 'idle' | 'running' | 'done' | 'canceled';

interface Progress {
  done: number;
  failed: string[];
  startedMs: number;
  nowMs: number;
}

export default function FigureRunner({ link, name, baseText }: { link: FigureLink; name: string; baseText: string }) {
  const [seeds, setSeeds] = useState<number | null>(link.seeds);
  const text = useMemo(() => (seeds != null ? setField(baseText, 'run.seeds', String(seeds)) : baseText), [baseText, seeds]);
  const plan = useMemo((): SweepPlan | string => planOf(text), [text]);
  const [figurePath, setFigurePath] = useState(link.figure);
  const [status, setStatus] = useState<Status>('idle');
  const [table, setTable] = useState<Table | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const pool = useRef<SweepPool | null>(null);
  const svg = useRef<SVGSVGElement>(null);

  useEffect(() => () => pool.current?.cancel(), []);

  const run = async () => {
    if (typeof plan === 'string') return;
    pool.current?.cancel();
    engine ??= compileEngine();
    const p = new SweepPool(await engine, poolSize());
    pool.current = p;
    (globalThis as { __figures?: unknown }).__figures = { pool: p };
    const runs: (RunJson | null)[] = Array(plan.jobs).fill(null);
    const started = performance.now();
    const state: Progress = { done: 0, failed: [], startedMs: started, nowMs: started };
    setTable(null);
    setProgress({ ...state });
    setStatus('running');
    const all = await p.run(text, plan.jobs, (index, r) => {
      state.done += 1;
      state.nowMs = performance.now();
      if (r.ok) runs[index] = r.run;
      else state.failed.push(`run ${index + 1}: ${r.error}`);
      setProgress({ ...state, failed: [...state.failed] });
      if (r.ok) setTable(tableOf(text, runs));
    });
    if (pool.current === p) setStatus(all ? 'done' : 'canceled');
  };

  // A link that says run starts at once.
  useEffect(() => {
    if (link.run && typeof plan !== 'string') void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (typeof plan === 'string') {
    if (/no \[sweep\] section/.test(plan)) return <SweepForm text={text} />;
    return (
      <p className="error-banner" role="alert" data-testid="figure-error">
        This scenario cannot be plotted: {plan}
      </p>
    );
  }
  // The paper's numbers at points of the sweep: the figure to show first, and marked in the list.
  const marked = (path: string) => plan.paper_numbers.some((n) => n.figure === path && n.at?.length);
  const figure = plan.figures.find((f) => f.path === figurePath) ?? plan.figures.find((f) => marked(f.path)) ?? plan.figures[0];
  const curves = table ? curvesOf(plan, table.rows, figure) : [];
  const marks = paperMarks(plan, figure);
  const [section, key] = plan.parameter.split('.');
  const xUnit = schemaOf(text).properties?.[section]?.properties?.[key]?.['x-unit'] ?? '';
  const xValues = [...new Set(plan.points.map((p) => p.value))];
  const seedsNow = plan.points[0]?.seeds ?? 1;
  const left = progress ? timeLeftMs(progress.done, plan.jobs, progress.nowMs - progress.startedMs) : null;
  const line = table ? departures(plan, curves, figure) : null;
  const permalink = figureLink({ ...link, seeds: seeds ?? link.seeds, figure: figure.path, run: true });

  return (
    <article className="figure" data-testid="figure">
      <h2>{plan.title}</h2>
      <p className="hint">{plan.paper}</p>
      <div className="figure-controls">
        <label>
          Figure{' '}
          <select value={figure.path} onChange={(e) => setFigurePath(e.target.value)} data-testid="figure-select">
            {plan.figures.map((f) => (
              <option key={f.path} value={f.path}>
                {f.label} ({f.unit || 'no unit'}){marked(f.path) ? ' · the paper’s' : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seeds per point{' '}
          <input type="number" min={1} max={50} value={seedsNow} disabled={status === 'running'} onChange={(e) => e.target.valueAsNumber >= 1 && setSeeds(Math.min(50, Math.round(e.target.valueAsNumber)))} data-testid="figure-seeds" />
        </label>
        {status === 'running' ? (
          <button type="button" onClick={() => pool.current?.cancel()} data-testid="figure-cancel">
            Cancel
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => void run()} data-testid="figure-run">
            {status === 'idle' ? 'Run' : 'Run again'} {plan.jobs} runs ({plan.points.length} points × {seedsNow} {seedsNow === 1 ? 'seed' : 'seeds'})
          </button>
        )}
      </div>
      {progress && (
        <div className="figure-progress" data-testid="figure-progress" aria-live="polite">
          <progress value={progress.done} max={plan.jobs} aria-label="Runs finished" />
          <span>
            {progress.done} of {plan.jobs} runs
            {status === 'running' ? (left != null ? `, about ${Math.ceil(left / 1000)} s left` : ', estimating…') : ''} · {poolSize()} workers ·{' '}
            {((progress.nowMs - progress.startedMs) / 1000).toFixed(1)} s{status === 'canceled' ? ' · canceled' : status === 'done' ? ' · done' : ''}
          </span>
        </div>
      )}
      {progress && progress.failed.length > 0 && (
        <div className="error-banner" role="alert">
          {progress.failed.map((f) => (
            <p key={f}>{f}</p>
          ))}
        </div>
      )}
      {table ? (
        <>
          <FigurePlot
            ref={svg}
            curves={curves}
            xValues={xValues}
            xLabel={`${plan.parameter}${xUnit ? ` (${xUnit})` : ''}`}
            yLabel={figure.label}
            yUnit={figure.unit}
            seriesName={plan.series}
            marks={marks}
            width={760}
          />
          {line && (
            <p className="figure-departures" data-testid="figure-departures">
              {line}
            </p>
          )}
          <div className="figure-exports">
            <button type="button" onClick={() => downloadCsv(table.csv, name)} data-testid="figure-csv">
              CSV (as storelab sweep)
            </button>
            <button type="button" onClick={() => svg.current && downloadSvg(svg.current, name)}>
              SVG
            </button>
            <button type="button" onClick={() => svg.current && void downloadPng(svg.current, name)}>
              PNG
            </button>
            <a href={permalink} data-testid="figure-permalink">
              Link to this figure
            </a>
          </div>
        </>
      ) : (
        <p className="hint figure-empty">
          {status === 'running' ? 'The first points appear as their runs finish.' : `Run the sweep to plot ${figure.label} against ${plan.parameter}${marks.length ? ', beside the paper’s numbers' : ''}.`}
        </p>
      )}
    </article>
  );
}
