// For a scenario with a [sweep] (a figure): which point the lab is running, and buttons to run
// another; with a series (one curve per value of a second field), a second row of buttons picks
// the curve. The whole figure, with confidence intervals, is the figures page's (or `storelab
// sweep` on the command line).
import { useMemo } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import type { PropSchema } from './fields';
import { atPoint, mayHaveSweep, pointOf, sweepOf, type SweepAxis } from './sweep';
import { useTools } from '../engine/tools';
import { schemaOf } from './fields';
import SweepPlot from './SweepPlot';
import { scenarioTexts } from './gallery';
import { figureLink } from '../figures/link';

export default function SweepBar({ lab }: { lab: LabController }) {
  const text = useStore(lab.store, (s) => s.appliedText);
  const seed = useStore(lab.store, (s) => s.seed);
  const name = useStore(lab.store, (s) => s.scenarioName);
  const tools = useTools(mayHaveSweep(text));
  const sweep = useMemo(() => (tools && mayHaveSweep(text) ? sweepOf(text) : null), [tools, text]);
  if (!sweep) return null;
  const schema = schemaOf(text);
  const pick = (axis: SweepAxis, v: number) => void lab.load(atPoint(text, axis, v), seed, { tNs: 0, scenarioName: null });
  const series = sweep.series;
  const unit = unitOf(schema, sweep);

  return (
    <div className="sweep-bar" role="group" aria-label={`Points of the sweep over ${sweep.parameter}`} data-testid="sweep-bar">
      <span>
        This scenario sweeps <code>{sweep.parameter}</code>
        {!series && unit && <span className="hint"> ({unit})</span>}
        {series && (
          <>
            {' '}
            for each <code>{series.parameter}</code>
          </>
        )}
        . The lab runs one point at a time:
      </span>
      {series && <AxisButtons axis={series} text={text} schema={schema} pick={pick} testId="sweep-series-point" />}
      <AxisButtons axis={sweep} text={text} schema={schema} pick={pick} testId="sweep-point" labelled={series != null} />
      <span className="hint">
        Every point, with confidence intervals and the paper&apos;s numbers:{' '}
        <a href={`./figures/${figureLink({ scenario: name && scenarioTexts[name] === text ? name : null, text: name && scenarioTexts[name] === text ? null : text, seeds: null, figure: null, run: true })}`} data-testid="plot-figure">
          plot the whole figure
        </a>{' '}
        (or <code>storelab sweep</code>).
      </span>
      <SweepPlot lab={lab} sweep={sweep} schema={schema} xUnit={unit} />
    </div>
  );
}

/** One button per value of `axis`; the one the text runs (or the field's default) is pressed. */
function AxisButtons({
  axis,
  text,
  schema,
  pick,
  testId,
  labelled = true,
}: {
  axis: SweepAxis;
  text: string;
  schema: PropSchema | null;
  pick: (axis: SweepAxis, v: number) => void;
  testId: string;
  labelled?: boolean;
}) {
  const field = schema?.properties?.[axis.section]?.properties?.[axis.key];
  const current = pointOf(text, axis) ?? (typeof field?.default === 'number' ? field.default : null);
  const unit = unitOf(schema, axis);
  return (
    <span className="sweep-axis" role="group" aria-label={`Values of ${axis.parameter}`}>
      {labelled && (
        <span className="hint">
          {axis.key}
          {unit && ` (${unit})`}:
        </span>
      )}
      {axis.values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={v === current}
          className={v === current ? 'active' : ''}
          onClick={() => pick(axis, v)}
          title={`Restart with ${axis.parameter} = ${v}${unit && ` ${unit}`}`}
          data-testid={testId}
        >
          {v}
        </button>
      ))}
    </span>
  );
}

/** The field's unit for labels ('' for counts, fractions and ids, which need none). */
function unitOf(schema: PropSchema | null, axis: SweepAxis): string {
  const unit = schema?.properties?.[axis.section]?.properties?.[axis.key]?.['x-unit'];
  return unit && !['count', 'fraction', 'id'].includes(unit) ? unit : '';
}
