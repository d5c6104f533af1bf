// For a scenario without a [sweep]: a figure of one's own. The reader names a numeric field and
// its values (and, optionally, a series field and its values, one curve each); the form writes
// them into the scenario's [sweep] section, which the engine checks as it checks any, and opens
// that figure. A value the field refuses is named by line and field, and nothing is lost.
import { useState } from 'react';
import { kindOf } from '../scenario/gallery';
import { setField } from '../scenario/fields';
import { describedSystem } from '../systems/described';
import { planOf } from './sweep';
import { figureLink } from './link';

/** The text with a [sweep] over `parameter` (and `series`, when given), or why it cannot be. */
export function withSweep(text: string, parameter: string, values: string, series: string, seriesValues: string): { text: string } | { error: string } {
  const list = (s: string) => `[${s.split(/[\s,]+/).filter((v) => v !== '').join(', ')}]`;
  try {
    let t = setField(text, 'sweep.parameter', JSON.stringify(parameter.trim()));
    t = setField(t, 'sweep.values', list(values));
    if (series.trim()) {
      t = setField(t, 'sweep.series', JSON.stringify(series.trim()));
      t = setField(t, 'sweep.series_values', list(seriesValues));
    }
    const plan = planOf(t);
    return typeof plan === 'string' ? { error: plan } : { text: t };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export default function SweepForm({ text }: { text: string }) {
  const knobs = describedSystem(kindOf(text))?.knobs ?? [];
  const [parameter, setParameter] = useState(knobs[0] ?? '');
  const [values, setValues] = useState('');
  const [series, setSeries] = useState('');
  const [seriesValues, setSeriesValues] = useState('');
  const [error, setError] = useState<string | null>(null);
  const plot = (e: React.FormEvent) => {
    e.preventDefault();
    const r = withSweep(text, parameter, values, series, seriesValues);
    if ('error' in r) setError(r.error);
    else location.hash = figureLink({ scenario: null, text: r.text, seeds: null, figure: null, run: true });
  };
  return (
    <form className="sweep-form" onSubmit={plot} data-testid="sweep-form">
      <p>This scenario runs one point. Plot a figure of your own: a field against its values, one curve per value of a second field if you like.</p>
      <datalist id="sweep-knobs">
        {knobs.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      <label>
        Field <input list="sweep-knobs" value={parameter} onChange={(e) => setParameter(e.target.value)} placeholder="server.mob_mb" required data-testid="sweep-parameter" />
      </label>
      <label>
        Values <input value={values} onChange={(e) => setValues(e.target.value)} placeholder="1, 2, 4, 8" required data-testid="sweep-values" />
      </label>
      <label>
        Series field (optional) <input list="sweep-knobs" value={series} onChange={(e) => setSeries(e.target.value)} placeholder="workload.write_prob" />
      </label>
      <label>
        Series values <input value={seriesValues} onChange={(e) => setSeriesValues(e.target.value)} placeholder="0.1, 0.5" disabled={!series.trim()} />
      </label>
      <button type="submit" className="primary" data-testid="sweep-plot">
        Plot
      </button>
      {error && (
        <p className="error-banner" role="alert" data-testid="sweep-error">
          {error}
        </p>
      )}
    </form>
  );
}
