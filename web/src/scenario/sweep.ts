// The [sweep] section of a scenario, a figure reproduction (e.g. Fig. 4-1 over server.mob_mb, or
// Table 4.10 over database.page_kb with one series per workload.cluster_region). The CLI runs
// every point; the lab runs one at a time, and these helpers let it switch points.
import { readField, setField, tomlString } from './fields';

/** One swept field and its values. */
export interface SweepAxis {
  /** Dotted path of the field, e.g. `server.mob_mb`. */
  parameter: string;
  section: string;
  key: string;
  values: number[];
}

/** The swept field (the figure's x axis) and, when the sweep has one, its series field. */
export interface Sweep extends SweepAxis {
  series: SweepAxis | null;
}

/** Whether `text` may have a sweep: a text without the word has none, and needs no engine to
 * say so. */
export function mayHaveSweep(text: string): boolean {
  return text.includes('sweep');
}

/** The scenario's sweep, or null when it has none or one this reader does not follow (a value
 * that is not a number, say): the engine's parser stays the judge of validity. */
export function sweepOf(text: string): Sweep | null {
  const x = axisOf(text, 'parameter', 'values');
  if (!x) return null;
  const hasSeries = readField(text, 'sweep.series') != null || readField(text, 'sweep.series_values') != null;
  const series = hasSeries ? axisOf(text, 'series', 'series_values') : null;
  if (hasSeries && !series) return null;
  return { ...x, series };
}

function axisOf(text: string, pathKey: string, valuesKey: string): SweepAxis | null {
  const parameter = tomlString(readField(text, `sweep.${pathKey}`));
  const array = /^\[([^]*)\]$/.exec(readField(text, `sweep.${valuesKey}`) ?? '');
  const [section, key, extra] = parameter?.split('.') ?? [];
  if (!parameter || !array || !section || !key || extra !== undefined) return null;
  const values = array[1]
    .replace(/#[^\n]*/g, '') // comments inside a multi-line array
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => Number(v.replace(/_/g, '')));
  if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return null;
  return { parameter, section, key, values };
}

/** The field's value as the text sets it, or null when the text leaves it at its default. */
export function pointOf(text: string, axis: SweepAxis): number | null {
  const raw = readField(text, axis.parameter);
  const v = raw == null ? NaN : Number(raw.replace(/_/g, ''));
  return Number.isFinite(v) ? v : null;
}

/** The text with the field set to `value`. The [sweep] section stays, so the other points
 * remain one click away and the CLI still runs the whole figure from the same text. */
export function atPoint(text: string, axis: SweepAxis, value: number): string {
  return setField(text, axis.parameter, String(value));
}
