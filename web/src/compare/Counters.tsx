// The live counters: every summary figure of both sides and A − B, then the figures of each
// side's latest sample, all at the shared simulated time (the summaries come with the frames
// of that time, so play, a seek and a link to it show the same numbers).
import type { FigureInfo } from '../engine/types';
import type { FrameSource } from '../views/contract';
import { useFrameTick } from '../views/lib/hooks';
import { formatSimTime } from '../state/clock';
import { formatDiff, formatFigure, figureRow, sampleFigures, seriesFigure, summaryRows, type FigureRow } from './diff';
import { SIDE_NAMES } from './pair';
import type { SideSource } from './session';
import { SIDE_COLOURS } from './SideHead';
import { summaryValue } from '../app/results';

export default function Counters({ clock, sides, figures }: { clock: FrameSource; sides: SideSource[]; figures: FigureInfo[] }) {
  const frame = useFrameTick(clock, 200);
  const summaries = sides.map((s) => s.summary);
  const latest = sides.map((s) => s.series().at(-1) ?? null);
  const paths = [...new Set(latest.flatMap((s) => (s ? sampleFigures(s) : [])))];
  const seriesRows = paths.map((p) => figureRow(seriesFigure(p, figures), latest.map((s) => (s ? summaryValue(s, p) : NaN))));
  return (
    <section className="compare-box counters" aria-label="Counters of both sides" data-testid="counters" data-ns={frame?.nowNs ?? 0}>
      <h2>
        Counters at {formatSimTime(frame?.nowNs ?? 0)} <span className="hint">(the measured traversal or window so far)</span>
      </h2>
      <CounterTable caption="Summary figures" rows={summaryRows(figures, summaries)} testId="summary-counters" />
      {seriesRows.length > 0 && (
        <CounterTable caption={`Latest sample (A at ${formatSimTime((latest[0]?.t_s ?? 0) * 1e9)}, B at ${formatSimTime((latest[1]?.t_s ?? 0) * 1e9)})`} rows={seriesRows} testId="series-counters" />
      )}
    </section>
  );
}

function CounterTable({ caption, rows, testId }: { caption: string; rows: FigureRow[]; testId: string }) {
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">figure</th>
          {SIDE_NAMES.map((n, i) => (
            <th key={n} scope="col" className="num" style={{ color: SIDE_COLOURS[i] }}>
              {n}
            </th>
          ))}
          <th scope="col" className="num">
            A − B
          </th>
          <th scope="col">unit</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.path} title={r.description} data-figure={r.path}>
            <th scope="row">{r.label}</th>
            {r.values.map((v, i) => (
              <td key={i} className="num" data-side={SIDE_NAMES[i]} data-value={v}>
                {formatFigure(v)}
              </td>
            ))}
            <td className="num diff">{formatDiff(r)}</td>
            <td className="unit">{r.unit}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
