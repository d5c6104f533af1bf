// Which field the compare page sweeps beneath the two sides, and at which values: any numeric
// field of the system's scenarios, by default its second knob (HAC's client.cache_mb), from a
// quarter to twice the value side A runs, every half octave.
import type { ScenarioValues } from '../engine/types';
import type { PropSchema } from '../scenario/fields';
import { givenInstead } from '../scenario/SchemaForm';

export interface NumericField {
  /** `section.key` */
  path: string;
  schema: PropSchema;
  integer: boolean;
}

function numericType(p: PropSchema): 'number' | 'integer' | null {
  const types = Array.isArray(p.type) ? p.type : [p.type];
  return types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : null;
}

/** The numeric fields of a system's schema, its knobs first (in their order), then the rest in
 * schema order; the common sections (meta, system, run, sweep) are not the system's, nor is a
 * field whose exclusive partner `text` gives (the MOB's server.cache_mb beside memory_mb): setting
 * it would be refused. */
export function numericFields(schema: PropSchema | null, knobs: readonly string[], text = ''): NumericField[] {
  const out: NumericField[] = [];
  for (const [section, sec] of Object.entries(schema?.properties ?? {})) {
    if (['meta', 'system', 'run', 'sweep'].includes(section)) continue;
    for (const [key, p] of Object.entries(sec.properties ?? {})) {
      const type = numericType(p);
      if (type && givenInstead(sec, text, section, key) == null) out.push({ path: `${section}.${key}`, schema: p, integer: type === 'integer' });
    }
  }
  const rank = (f: NumericField) => (knobs.includes(f.path) ? knobs.indexOf(f.path) : knobs.length);
  return out.map((f, i) => [f, i] as const).sort(([f, i], [g, j]) => rank(f) - rank(g) || i - j).map(([f]) => f);
}

/** The field swept by default: the system's second knob when it is numeric, else its first
 * numeric knob, else its first numeric field; null when it has none. */
export function defaultSweepField(fields: readonly NumericField[], knobs: readonly string[]): string | null {
  const numeric = new Set(fields.map((f) => f.path));
  if (knobs[1] && numeric.has(knobs[1])) return knobs[1];
  return knobs.find((k) => numeric.has(k)) ?? fields[0]?.path ?? null;
}

/** The value of `path` in a scenario as the engine read it (defaults filled in), or NaN. */
export function valueOf(scenario: ScenarioValues | null, path: string): number {
  const [section, key] = path.split('.');
  const v = scenario?.[section]?.[key];
  return typeof v === 'number' ? v : NaN;
}

/** Steps per doubling, and doublings below and above the current value. */
const STEPS_PER_OCTAVE = 2;
const OCTAVES_BELOW = 2;
const OCTAVES_ABOVE = 1;

/** From a quarter to twice `current`, every half octave (7 values, `current` itself among them),
 * the others to 3 significant digits or whole for an integer field, inside the field's range, each
 * once. Empty when `current` is not a positive number. */
export function sweepValues(current: number, field: Pick<NumericField, 'schema' | 'integer'>): number[] {
  if (!(current > 0) || !Number.isFinite(current)) return [];
  const { minimum = -Infinity, maximum = Infinity, exclusiveMinimum = -Infinity, exclusiveMaximum = Infinity } = field.schema;
  const out: number[] = [];
  for (let i = -OCTAVES_BELOW * STEPS_PER_OCTAVE; i <= OCTAVES_ABOVE * STEPS_PER_OCTAVE; i++) {
    const raw = current * 2 ** (i / STEPS_PER_OCTAVE);
    const v = i === 0 ? current : field.integer ? Math.round(raw) : Number(raw.toPrecision(3));
    if (v < minimum || v > maximum || v <= exclusiveMinimum || v >= exclusiveMaximum) continue;
    if (!out.includes(v)) out.push(v);
  }
  return out;
}
