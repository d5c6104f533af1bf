// The form editor, generated from the engine's JSON schema: one field per scenario parameter, with
// its unit, allowed range and the paper's default. Editing a field rewrites the TOML text through
// the engine (fields.ts); a value the engine refuses stays in its input with the engine's message.
import { useEffect, useState } from 'react';
import { readField, removeField, setField, tomlString } from './fields';

export interface PropSchema {
  type?: string | string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  'x-unit'?: string;
  properties?: Record<string, PropSchema>;
  items?: PropSchema;
  /** A section's pairs of fields that may not both be given (one derives the other):
   * `{ anyOf: [{ required: [a, b] }, …] }`. */
  not?: { anyOf?: { required?: string[] }[] };
}

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

function typeOf(p: PropSchema): string {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return t ?? 'string';
}

export default function SchemaForm({
  schema,
  text,
  onChange,
}: {
  schema: PropSchema | null;
  text: string;
  onChange: (text: string) => void;
}) {
  if (!schema?.properties) {
    return <p className="empty">Loading the scenario schema from the engine…</p>;
  }
  return (
    <div className="schema-form" data-testid="schema-form">
      {Object.entries(schema.properties).map(([section, sec]) =>
        sec.properties ? (
          <fieldset key={section}>
            <legend>
              [{section}] <span className="hint">{sec.description}</span>
            </legend>
            {Object.entries(sec.properties).map(([key, p]) => (
              <Field key={key} section={section} name={key} p={p} text={text} onChange={onChange} instead={givenInstead(sec, text, section, key)} />
            ))}
          </fieldset>
        ) : null,
      )}
    </div>
  );
}

function Field({
  section,
  name,
  p,
  text,
  onChange,
  instead,
}: {
  section: string;
  name: string;
  p: PropSchema;
  text: string;
  onChange: (t: string) => void;
  /** Another field, written, that derives this one: the input is off. */
  instead: string | null;
}) {
  const path = `${section}.${name}`;
  const raw = readField(text, path);
  // What the user typed that the engine refused (a half-typed number, a word for a number), with
  // its message; the text keeps its last good value meanwhile.
  const [refused, setRefused] = useState<{ value: string; message: string } | null>(null);
  useEffect(() => setRefused(null), [raw]);
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
  const invalid = refused != null;
  const described = invalid ? `${id}-error` : undefined;
  let input;
  if (p.enum) {
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
      <label htmlFor={id}>{name}</label>
      {input}
      <span className="unit">{p['x-unit'] && !['count', 'id', 'fraction'].includes(p['x-unit']) ? p['x-unit'] : p['x-unit'] === 'fraction' ? '(0–1)' : ''}</span>
      <span className="meta">
        {rangeText(p) && <span className="range">{rangeText(p)}</span>} <span className="default">paper default: {def}</span>
      </span>
      {refused && (
        <span className="field-error" id={described} role="alert">
          {refused.message}
        </span>
      )}
      <span className="desc">{p.description}</span>
    </div>
  );
}
