// Edits of scenario text by field path, done by the engine itself (the WASM `set_field`,
// `read_field` and `remove_field`: the CLI's `--set`), so the form, the sweep bar, lesson and
// embed overrides and the CLI agree on every edit; comments and layout are kept. Also the JSON
// schema of the fields a text may set: its system's. The page must have called initEngine()
// first (main.tsx does, before it renders).
import { read_field, remove_field, schema, set_field, validate } from '@storelab/engine';
import type { ScenarioError } from '../engine/types';
import type { PropSchema } from './SchemaForm';

/** The value `text` writes for the field at `path` (TOML, without its comment), or null when
 * the text leaves it at its default (or is not valid TOML). */
export function readField(text: string, path: string): string | null {
  return read_field(text, path) ?? null;
}

/** An edit the engine refused: the error it gives (unknown field, wrong type, malformed TOML). */
export class FieldError extends Error {
  constructor(readonly error: ScenarioError) {
    super(error.expected ? `${error.message}; expected ${error.expected}` : error.message);
  }
}

function edit(run: () => string): string {
  try {
    return run();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    let errors: ScenarioError[] | null = null;
    try {
      errors = JSON.parse(message) as ScenarioError[];
    } catch {
      // not the engine's JSON: rethrow as is
    }
    if (errors?.[0]) throw new FieldError(errors[0]);
    throw e;
  }
}

/** `text` with the field at `path` set to `value`, a TOML value (a bare word is a string).
 * Throws a FieldError when the engine refuses it; ranges are checked when the text is loaded. */
export function setField(text: string, path: string, value: string): string {
  return edit(() => set_field(text, path, value));
}

/** `text` without the field at `path`, which takes its default again. Throws a FieldError. */
export function removeField(text: string, path: string): string {
  return edit(() => remove_field(text, path));
}

/** The string a TOML basic or literal string value stands for (as readField gives it); null
 * when it is not a one-line string. */
export function tomlString(raw: string | null): string | null {
  if (raw == null) return null;
  if (raw.startsWith('"') && !raw.startsWith('"""')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return null;
    }
  }
  if (raw.startsWith("'") && !raw.startsWith("'''") && raw.endsWith("'")) return raw.slice(1, -1);
  return null;
}

/** The engine's problems with `text` (every one, located), without running it. */
export function problemsOf(text: string): ScenarioError[] {
  return JSON.parse(validate(text)) as ScenarioError[];
}

const schemas = new Map<string, PropSchema>();

/** The JSON schema of the scenarios of the system `text` selects (its `[system] kind`; the
 * default system when it names none, or one that does not exist: the text's errors say so). */
export function schemaOf(text: string): PropSchema {
  const kind = tomlString(readField(text, 'system.kind')) ?? '';
  let s = schemas.get(kind);
  if (!s) {
    try {
      s = JSON.parse(schema(kind || undefined)) as PropSchema;
    } catch {
      s = JSON.parse(schema()) as PropSchema;
    }
    schemas.set(kind, s);
  }
  return s;
}
