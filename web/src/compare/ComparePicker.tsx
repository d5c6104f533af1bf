// Picks the two sides of a comparison: side A (given, or from the gallery) and side B, either the
// same scenario with one field set (through the engine's set_field, the CLI's --set) or another
// gallery scenario of the same system. What the engine refuses is shown as it is typed.
import { useMemo, useState, type ReactNode } from 'react';
import { FieldError, problemsOf, readField, schemaOf, setField } from '../scenario/fields';
import { gallery, kindOf } from '../scenario/gallery';
import type { PropSchema } from '../scenario/fields';
import type { SideSpec } from './compareParams';
import { knobsOf } from './knobs';

/** Sections that do not change what runs. */
const NOT_FIELDS = ['meta', 'system', 'sweep'];

/** The fields side B may change: the system's knobs, its other fields, then the run's. */
function fieldsOf(schema: PropSchema, knobs: readonly string[]): { path: string; schema: PropSchema }[] {
  const all = Object.entries(schema.properties ?? {})
    .filter(([section]) => !NOT_FIELDS.includes(section))
    .sort(([a], [b]) => Number(a === 'run') - Number(b === 'run'))
    .flatMap(([section, sec]) => Object.entries(sec.properties ?? {}).map(([key, p]) => ({ path: `${section}.${key}`, schema: p })));
  return [...knobs.flatMap((k) => all.filter((f) => f.path === k)), ...all.filter((f) => !knobs.includes(f.path))];
}

/** The value the form offers for a field: for a choice, the first other than the current one
 * (HAC's policy hac → fpc, its first baseline); for a number, twice the current; for a flag, the
 * other. */
function suggestedValue(field: PropSchema, current: string | null): string {
  const now = current ?? (field.default != null ? String(field.default) : '');
  if (field.enum) return String(field.enum.find((v) => JSON.stringify(v) !== now && String(v) !== now) ?? field.enum[0]);
  if (now === 'true' || now === 'false') return now === 'true' ? 'false' : 'true';
  const n = Number(now);
  return Number.isFinite(n) && now !== '' ? String(n * 2) : now;
}

type Mode = 'field' | 'gallery';

export default function ComparePicker({
  a: givenA,
  suggestA = null,
  knobs,
  action,
}: {
  /** Side A when it is given (the lab's scenario); else it is picked from the gallery,
   * starting at `suggestA` when that is one of its scenarios. */
  a: SideSpec | null;
  suggestA?: string | null;
  /** The system's knobs, when known (else the engine is asked). */
  knobs?: readonly string[];
  /** The button or link that opens the comparison of the sides, when they are valid. */
  action: (sides: [SideSpec, SideSpec] | null) => ReactNode;
}) {
  const [aName, setAName] = useState(givenA?.name ?? (gallery.some((g) => g.name === suggestA) ? suggestA! : (gallery[0]?.name ?? '')));
  const a: SideSpec = givenA ?? { name: aName, text: gallery.find((g) => g.name === aName)?.text ?? '' };
  return (
    <div className="compare-picker" data-testid="compare-picker">
      <p>
        <b>Side A:</b>{' '}
        {givenA ? (
          givenA.name ?? 'the scenario as you have it'
        ) : (
          <select value={aName} onChange={(e) => setAName(e.target.value)} aria-label="Side A's scenario" data-testid="pick-a">
            {gallery.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name}: {g.title}
              </option>
            ))}
          </select>
        )}
      </p>
      {/* Side B's choices start afresh for each side A. */}
      <SideBPicker key={a.text} a={a} knobs={knobs} action={action} />
    </div>
  );
}

function SideBPicker({ a, knobs, action }: { a: SideSpec; knobs?: readonly string[]; action: (sides: [SideSpec, SideSpec] | null) => ReactNode }) {
  const system = kindOf(a.text);
  const others = gallery.filter((g) => kindOf(g.text) === system);
  const fields = useMemo(() => fieldsOf(schemaOf(a.text), knobs ?? knobsOf(a.text)), [knobs, a.text]);
  const [mode, setMode] = useState<Mode>('field');
  const [path, setPath] = useState(fields[0]?.path ?? '');
  const field = fields.find((f) => f.path === path);
  const [value, setValue] = useState(() => (field ? suggestedValue(field.schema, readField(a.text, field.path)) : ''));
  const [bName, setBName] = useState(others.find((g) => g.text !== a.text)?.name ?? others[0]?.name ?? '');

  const pickField = (p: string) => {
    setPath(p);
    const f = fields.find((x) => x.path === p);
    if (f) setValue(suggestedValue(f.schema, readField(a.text, p)));
  };
  const { b, error } = useMemo((): { b: SideSpec | null; error: string | null } => {
    if (mode === 'gallery') {
      const g = others.find((x) => x.name === bName);
      return g ? { b: { name: g.name, text: g.text }, error: null } : { b: null, error: 'pick a scenario' };
    }
    if (!field) return { b: null, error: 'this system has no fields to set' };
    try {
      const text = setField(a.text, field.path, value);
      const problem = problemsOf(text)[0];
      return problem ? { b: null, error: `${problem.path}: ${problem.message}` } : { b: { name: null, text }, error: null };
    } catch (e) {
      if (e instanceof FieldError) return { b: null, error: e.message };
      throw e;
    }
  }, [mode, bName, others, field, value, a.text]);

  return (
    <>
      <fieldset>
        <legend>Side B</legend>
        <label className="pick-row">
          <input type="radio" name="side-b" checked={mode === 'field'} onChange={() => setMode('field')} />
          the same scenario with{' '}
          <select value={field?.path} onChange={(e) => pickField(e.target.value)} aria-label="Field to change on side B" data-testid="pick-field" onFocus={() => setMode('field')}>
            {fields.map((f) => (
              <option key={f.path} value={f.path}>
                {f.path}
              </option>
            ))}
          </select>{' '}
          ={' '}
          {field?.schema.enum ? (
            <select value={value} onChange={(e) => setValue(e.target.value)} aria-label="Its value on side B" data-testid="pick-value" onFocus={() => setMode('field')}>
              {field.schema.enum.map((v) => (
                <option key={String(v)} value={String(v)}>
                  {String(v)}
                </option>
              ))}
            </select>
          ) : (
            <input value={value} onChange={(e) => setValue(e.target.value)} aria-label="Its value on side B" data-testid="pick-value" size={10} onFocus={() => setMode('field')} />
          )}
          {field?.schema['x-unit'] && <span className="hint"> {field.schema['x-unit']}</span>}
        </label>
        <label className="pick-row">
          <input type="radio" name="side-b" checked={mode === 'gallery'} onChange={() => setMode('gallery')} />
          another scenario of the {system} system:{' '}
          <select value={bName} onChange={(e) => setBName(e.target.value)} aria-label="Side B's scenario" data-testid="pick-b" onFocus={() => setMode('gallery')}>
            {others.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name}: {g.title}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {error && (
        <p className="field-error" role="alert" data-testid="pick-error">
          Side B: {error}
        </p>
      )}
      {action(b ? [a, b] : null)}
    </>
  );
}
