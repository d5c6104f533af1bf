// The results of a run that reached its end: the summary figures of the measured window with
// their units and the throughput's 95% confidence interval, as `storelab run` prints them, the
// paper's number beside each the scenario names one for, and the summary and the time series to
// download as CSV.
import { useEffect, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { formatSimTime } from '../state/clock';
import type { Sample } from '../engine/types';
import { differenceFromPaper, formatResult, resultRows, seriesCsv, summaryCsv, type ResultRow } from './results';

function download(name: string, text: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export default function ResultsPanel({ lab }: { lab: LabController }) {
  const finished = useStore(lab.store, (s) => s.finished && s.endedEarly == null);
  const description = useStore(lab.store, (s) => s.description);
  const name = useStore(lab.store, (s) => s.scenarioName ?? 'scenario');
  const seed = useStore(lab.store, (s) => s.seed);
  const nowNs = useStore(lab.store, (s) => s.nowNs);
  const scenario = useStore(lab.store, (s) => s.scenario);
  const [rows, setRows] = useState<{ rows: ResultRow[]; window: [number, number] } | null>(null);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    setRows(null);
    setHidden(false);
    if (!finished || !description) return;
    let live = true;
    void lab.engine.summary().then((s) => {
      const metrics = (s as { metrics: Record<string, number> }).metrics;
      if (live) setRows({ rows: resultRows(description.figures, metrics, scenario), window: [nowNs / 1e9 - metrics.measured_s, nowNs / 1e9] });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lab, finished, description, scenario, seed]);

  if (!rows || hidden) return null;
  const anyPaper = rows.rows.some((r) => r.paper.length > 0);
  const anyCi = rows.rows.some((r) => r.ci95 != null);
  const series = async () => download(`${name}-seed${seed}-series.csv`, seriesCsv((await lab.engine.series()) as Sample[]));
  return (
    <section className="results" aria-label="Results of the run" data-testid="results">
      <header>
        <h2>Results</h2>
        <span className="hint">
          measured window {formatSimTime(rows.window[0] * 1e9)} to {formatSimTime(rows.window[1] * 1e9)}, seed {seed}
          {rows.rows.some((r) => r.ci95 != null) && '; ± is a 95% confidence interval (batch means within the run)'}
        </span>
        <button type="button" onClick={() => download(`${name}-seed${seed}-summary.csv`, summaryCsv(rows.rows))} data-testid="download-summary">
          Summary (CSV)
        </button>
        <button type="button" onClick={() => void series()} data-testid="download-series">
          Time series (CSV)
        </button>
        <button type="button" onClick={() => setHidden(true)} aria-label="Close the results">
          ×
        </button>
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">figure</th>
            <th scope="col" className="num">this run</th>
            {anyCi && (
              <th scope="col" className="num">
                95% CI
              </th>
            )}
            <th scope="col">unit</th>
            {anyPaper && <th scope="col">the paper</th>}
          </tr>
        </thead>
        <tbody>
          {rows.rows.map((r) => (
            <tr key={r.path} title={r.description}>
              <th scope="row">{r.label}</th>
              <td className="num">{formatResult(r.value, r.unit)}</td>
              {anyCi && <td className="num">{r.ci95 != null ? `± ${r.ci95.toFixed(2)}` : ''}</td>}
              <td>{r.unit}</td>
              {anyPaper && (
                <td className="paper" data-testid={r.paper.length ? `paper-${r.path}` : undefined}>
                  {r.paper.map((p) => {
                    const d = differenceFromPaper(r.value, p.value);
                    return (
                      <span key={p.source}>
                        {formatResult(p.value, r.unit)}
                        {d && (
                          <span className="paper-diff" data-testid={`paper-diff-${r.path}`} title="this run's value against the paper's">
                            {' '}
                            (run {d})
                          </span>
                        )}{' '}
                        <span className="hint">({p.source})</span>
                      </span>
                    );
                  })}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
