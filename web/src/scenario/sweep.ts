// The [sweep] section of a scenario, a figure reproduction (e.g. Fig. 4-1 over server.mob_mb).
// The CLI runs every point; the lab runs one at a time, and these helpers let it switch points.
import { parseTomlString, readKey, setKey } from './toml-edit';

export interface Sweep {
  /** Dotted path of the swept field, e.g. `server.mob_mb`. */
  parameter: string;
  section: string;
  key: string;
  values: number[];
}

/** The scenario's sweep, or null when it has none, or one written in a form this reader does
 * not follow (a multi-line array, say): the engine's parser stays the judge of validity. */
export function sweepOf(text: string): Sweep | null {
  const parameter = parseTomlString(readKey(text, 'sweep', 'parameter'));
  const array = /^\[(.*)\]$/.exec(readKey(text, 'sweep', 'values') ?? '');
  const [section, key, extra] = parameter?.split('.') ?? [];
  if (!parameter || !array || !section || !key || extra !== undefined) return null;
  const values = array[1]
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => Number(v.replace(/_/g, '')));
  if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return null;
  return { parameter, section, key, values };
}

/** The swept field's value as the text sets it, or null when the text leaves it at its default. */
export function pointOf(text: string, sweep: Sweep): number | null {
  const raw = readKey(text, sweep.section, sweep.key);
  const v = raw == null ? NaN : Number(raw.replace(/_/g, ''));
  return Number.isFinite(v) ? v : null;
}

/** The text with the swept field set to `value`. The [sweep] section stays, so the other points
 * remain one click away and the CLI still runs the whole figure from the same text. */
export function atPoint(text: string, sweep: Sweep, value: number): string {
  return setKey(text, sweep.section, sweep.key, String(value));
}
