// The form editor, generated from the engine's JSON schema: one field per scenario parameter, with
// its unit, allowed range and the paper's default. Editing a field rewrites the TOML text.
import { readKey, removeKey, setKey, tomlLiteral, parseTomlString } from './toml-edit';

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
  if (readKey(text, section, key) != null) return null;
  for (const { required: pair = [] } of sec.not?.anyOf ?? []) {
    const other = pair.find((o) => o !== key);
    if (pair.includes(key) && other != null && readKey(text, section, other) != null) return other;
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
  const raw = readKey(text, section, name);
  const t = typeOf(p);
  const id = `f-${section}-${name}`;
  const set = (v: string | number | boolean | null, literal = false) => {
    if (v === null || v === '') onChange(removeKey(text, section, name));
    else onChange(setKey(text, section, name, literal ? String(v) : tomlLiteral(v)));
  };
  const def = p.default !== undefined ? JSON.stringify(p.default) : '—';
  let input;
  if (p.enum) {
    const cur = parseTomlString(raw) ?? '';
    input = (
      <select id={id} value={cur} onChange={(e) => set(e.target.value || null)}>
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
      <select id={id} value={raw ?? ''} onChange={(e) => set(e.target.value || null, true)}>
        <option value="">default ({String(p.default ?? '—')})</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  } else if (t === 'number' || t === 'integer') {
    input = (
      <input
        id={id}
        type="number"
        step={t === 'integer' ? 1 : 'any'}
        min={p.minimum ?? p.exclusiveMinimum}
        max={p.maximum != null && p.maximum < 1e15 ? p.maximum : undefined}
        placeholder={instead ? `from ${instead}` : p.default !== undefined ? String(p.default) : ''}
        disabled={instead != null}
        value={raw ?? ''}
        onChange={(e) => set(e.target.value === '' ? null : e.target.value, true)}
      />
    );
  } else if (t === 'string') {
    const long = name === 'description';
    const cur = parseTomlString(raw) ?? (raw?.startsWith('"""') ? '' : raw ?? '');
    input = long ? (
      <span className="hint">edit in the TOML tab</span>
    ) : (
      <input id={id} type="text" placeholder={String(p.default ?? '')} value={cur} onChange={(e) => set(e.target.value || null)} />
    );
  } else {
    input = (
      <input id={id} type="text" placeholder="TOML value, e.g. [1, 2, 4]" value={raw ?? ''} onChange={(e) => set(e.target.value || null, true)} />
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
      <span className="desc">{p.description}</span>
    </div>
  );
}
