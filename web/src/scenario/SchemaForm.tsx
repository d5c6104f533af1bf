// The form editor, generated from the engine's JSON schema: one field per scenario parameter, with
// its unit, allowed range and the paper's default. Editing a field rewrites the TOML text through
// the engine (fields.ts); a value the engine refuses stays in its input with the engine's message
// (the panel keeps it, `Refused`, so Apply and the TOML tab can say the text does not hold it),
// and a value it accepts but the scenario's checks refuse (out of range, against another field) is
// marked with their message as it is typed. The system's main knobs come first.
import type { ScenarioError } from '../engine/types';
import { readField, removeField, setField, tomlString, type PropSchema } from './fields';

/** The field written in `text` that takes the place of `key` (they form one of the section's
 * exclusive pairs, `not.anyOf`), when `key` itself is not written; else null. */
export function givenInstead(sec: PropSchema, text: string, section: string, key: string): string | null {
  if (readField(text, `${section}.${key}`) != null) return null;
  for (const { required: pair = [] } of sec.not?.anyOf ?? []) {
    const other = pair.find((o) => o !== key);
    if (pair.includes(key) && other != null && readField(text, `${section}.${other}`) != null) return other;
  }
  return null;
}

export function rangeText(p: PropSchema): string {
  const lo = p.exclusiveMinimum != null ? `> ${p.exclusiveMinimum}` : p.minimum != null ? `≥ ${p.minimum}` : '';
  const hi = p.exclusiveMaximum != null ? `< ${p.exclusiveMaximum}` : p.maximum != null && p.maximum < 1e15 ? `≤ ${p.maximum}` : '';
  return [lo, hi].filter(Boolean).join(', ');
}

/** What the user typed in a field that the text cannot hold (a word for a number), with the
 * engine's message, by the field's path. */
export type Refused = Record<string, { value: string; message: string }>;

function typeOf(p: PropSchema): string {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return t ?? 'string';
}

export default function SchemaForm({
  schema,
  text,
  onChange,
  problems = [],
  knobs = [],
  refused = {},
  onRefused = () => undefined,
}: {
  schema: PropSchema | null;
  text: string;
  onChange: (text: string) => void;
  /** Values typed that the text does not hold, and how to report one (null: it is gone). */
  refused?: Refused;
  onRefused?: (path: string, refused: { value: string; message: string } | null) => void;
  /** The engine's problems with `text` (problemsOf): each is shown on the field it names. */
  problems?: ScenarioError[];
  /** The fields shown first (`section.key`), as the system's description lists them. */
  knobs?: string[];
}) {
  if (!schema?.properties) {
    return <p className="empty">Loading the scenario schema from the engine…</p>;
  }
  const sections = schema.properties;
  // In the main knobs a field is named by its path: `server.cache_mb` and `client.cache_mb` differ.
  const field = (section: string, key: string, label = key) => {
    const sec = sections[section];
    const p = sec?.properties?.[key];
    if (!sec || !p) return null;
    const path = `${section}.${key}`;
    return (
      <Field
        key={path}
        section={section}
        name={key}
        label={label}
        p={p}
        text={text}
        onChange={onChange}
        instead={givenInstead(sec, text, section, key)}
        problems={problems.filter((e) => e.path === path)}
        refused={refused[path] ?? null}
        setRefused={(r) => onRefused(path, r)}
      />
    );
  };
  return (
    <div className="schema-form" data-testid="schema-form">
      {knobs.length > 0 && (
        <fieldset data-testid="main-knobs">
          <legend>
            Main knobs <span className="hint">the fields this system's experiments vary most; every field is below, by section</span>
          </legend>
          {knobs.map((k) => field(k.slice(0, k.indexOf('.')), k.slice(k.indexOf('.') + 1), k))}
        </fieldset>
      )}
      {Object.entries(sections).map(([section, sec]) =>
        sec.properties ? (
          <fieldset key={section}>
            <legend>
              [{section}] <span className="hint">{sec.description}</span>
            </legend>
            {Object.keys(sec.properties)
              .filter((key) => !knobs.includes(`${section}.${key}`))
              .map((key) => field(section, key))}
          </fieldset>
        ) : null,
      )}
    </div>
  );
}

function Field({
  section,
  name,
  label,
  p,
  text,
  onChange,
  instead,
  problems,
  refused,
  setRefused,
}: {
  section: string;
  name: string;
  label: string;
  p: PropSchema;
  text: string;
  onChange: (t: string) => void;
  /** Another field, written, that derives this one: the input is off. */
  instead: string | null;
  /** What the engine's checks say about this field's value in `text`. */
  problems: ScenarioError[];
  /** What the user typed that the engine refused (a half-typed number, a word for a number), with
   * its message; the text keeps its last good value meanwhile. */
  refused: { value: string; message: string } | null;
  setRefused: (r: { value: string; message: string } | null) => void;
}) {
  const path = `${section}.${name}`;
  const raw = readField(text, path);
  const t = typeOf(p);
  const id = `f-${section}-${name}`;
  /** `value` is a TOML value; empty or null removes the field (back to its default). */
  const set = (value: string | null) => {
    try {
      onChange(value === null || value === '' ? removeField(text, path) : setField(text, path, value));
      setRefused(null);
    } catch (e) {
      setRefused({ value: value ?? '', message: e instanceof Error ? e.message : String(e) });
    }
  };
  const def = p.default !== undefined ? JSON.stringify(p.default) : '—';
  const messages = refused ? [refused.message] : problems.map((e) => (e.range ? `${e.message} (allowed: ${e.range})` : e.message));
  const invalid = messages.length > 0;
  const described = invalid ? `${id}-error` : undefined;
  let input;
  if (p['x-kind'] === 'paper-numbers') {
    input = <span className="hint">edit in the TOML tab, as [[meta.paper_numbers]] tables</span>;
  } else if (p.enum) {
    const cur = tomlString(raw) ?? '';
    input = (
      <select id={id} value={cur} onChange={(e) => set(e.target.value ? JSON.stringify(e.target.value) : null)}>
        <option value="">default ({String(p.default ?? '—')})</option>
        {p.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    );
  } else if (t === 'boolean') {
    input = (
      <select id={id} value={raw ?? ''} onChange={(e) => set(e.target.value || null)}>
        <option value="">default ({String(p.default ?? '—')})</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  } else if (t === 'number' || t === 'integer') {
    // A text input: a number input hides "1." or "1e" from the page while they are typed.
    input = (
      <input
        id={id}
        type="text"
        inputMode={t === 'integer' ? 'numeric' : 'decimal'}
        placeholder={instead ? `from ${instead}` : p.default !== undefined ? String(p.default) : ''}
        disabled={instead != null}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        value={refused?.value ?? raw ?? ''}
        onChange={(e) => set(e.target.value.trim() || null)}
      />
    );
  } else if (t === 'string') {
    const long = name === 'description';
    const cur = tomlString(raw) ?? (raw?.startsWith('"""') ? '' : raw ?? '');
    input = long ? (
      <span className="hint">edit in the TOML tab</span>
    ) : (
      <input id={id} type="text" placeholder={String(p.default ?? '')} value={cur} onChange={(e) => set(e.target.value ? JSON.stringify(e.target.value) : null)} />
    );
  } else {
    input = (
      <input
        id={id}
        type="text"
        placeholder="TOML value, e.g. [1, 2, 4]"
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        value={refused?.value ?? raw ?? ''}
        onChange={(e) => set(e.target.value || null)}
      />
    );
  }
  return (
    <div className={`field${raw != null ? ' set' : ''}`} title={p.description}>
      <label htmlFor={id}>{label}</label>
      {input}
      <span className="unit">{p['x-unit'] && !['count', 'id', 'fraction'].includes(p['x-unit']) ? p['x-unit'] : p['x-unit'] === 'fraction' ? '(0–1)' : ''}</span>
      <span className="meta">
        {rangeText(p) && <span className="range">{rangeText(p)}</span>} <span className="default">paper default: {def}</span>
      </span>
      {invalid && (
        <span className="field-error" id={described} role="alert">
          {messages.join('; ')}
        </span>
      )}
      <span className="desc">{p.description}</span>
    </div>
  );
}
