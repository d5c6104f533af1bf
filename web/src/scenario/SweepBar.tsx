// For a scenario with a [sweep] (a figure): which point the lab is running, and buttons to run
// another. The whole figure, with confidence intervals, is `storelab sweep` on the command line.
import { useEffect, useMemo, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import type { PropSchema } from './SchemaForm';
import { atPoint, pointOf, sweepOf } from './sweep';

export default function SweepBar({ lab }: { lab: LabController }) {
  const text = useStore(lab.store, (s) => s.appliedText);
  const seed = useStore(lab.store, (s) => s.seed);
  const sweep = useMemo(() => sweepOf(text), [text]);
  const [schema, setSchema] = useState<PropSchema | null>(null);

  useEffect(() => {
    if (!sweep || schema) return;
    lab.engine.schema().then(
      (x) => setSchema(x as PropSchema),
      () => setSchema({}),
    );
  }, [sweep, schema, lab]);

  if (!sweep) return null;
  const field = schema?.properties?.[sweep.section]?.properties?.[sweep.key];
  const fallback = typeof field?.default === 'number' ? field.default : null;
  const current = pointOf(text, sweep) ?? fallback;
  const unit = field?.['x-unit'] && !['count', 'fraction', 'id'].includes(field['x-unit']) ? ` ${field['x-unit']}` : '';

  return (
    <div className="sweep-bar" role="group" aria-label={`Points of the sweep over ${sweep.parameter}`} data-testid="sweep-bar">
      <span>
        This scenario sweeps <code>{sweep.parameter}</code>
        {unit && <span className="hint"> ({unit.trim()})</span>}. The lab runs one point at a time:
      </span>
      {sweep.values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={v === current}
          className={v === current ? 'active' : ''}
          onClick={() => void lab.load(atPoint(text, sweep, v), seed, { tNs: 0, scenarioName: null })}
          title={`Restart with ${sweep.parameter} = ${v}${unit}`}
          data-testid="sweep-point"
        >
          {v}
        </button>
      ))}
      <span className="hint">
        Every point, with confidence intervals: <code>storelab sweep</code> (see the README, “Command line”).
      </span>
    </div>
  );
}
