// Edits of scenario text by field path, done by the engine itself (the WASM `set_field`,
// `read_field` and `remove_field`: the CLI's `--set`), so the form, the sweep bar, lesson and
// embed overrides and the CLI agree on every edit; comments and layout are kept. Also the JSON
// schema of the fields a text may set: its system's. The engine's tools' module does them
// (engine/tools.ts): the page must have called initTools() first.
import { read_field, remove_field, scenario_differences, schema, set_field, take_panic, validate } from '@storelab/engine/tools';
import type { ScenarioError } from '../engine/types';

/** A field or section of the engine's JSON schema, as the form, the sweep bar and compare mode
 * read it. */
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
  /** `paper-numbers` for `meta.paper_numbers`, a list of tables: edited as TOML. */
  'x-kind'?: string;
  properties?: Record<string, PropSchema>;
  items?: PropSchema;
  /** A section's pairs of fields that may not both be given (one derives the other):
   * `{ anyOf: [{ required: [a, b] }, …] }`. */
  not?: { anyOf?: { required?: string[] }[] };
}

/** Why the main thread's engine stopped (it trapped: a panic, a bug), or null. A module that
 * trapped cannot be trusted again: every later edit gives this error until the page reloads. */
let stopped: ScenarioError | null = null;

/** Runs a call into the main thread's engine; a trap becomes `stopped`, with the panic's message. */
function guarded<T>(run: () => T): T {
  if (stopped) throw new FieldError(stopped);
  try {
    return run();
  } catch (e) {
    if (!(e instanceof WebAssembly.RuntimeError)) throw e;
    let panic: string | undefined;
    try {
      panic = take_panic()?.replace(/\s*\n\s*/g, ' ');
    } catch {
      // the module cannot even say why
    }
    const message = `the engine stopped while editing (${panic ?? e.message}); your text is kept: reload the page to edit again`;
    stopped = { path: '', line: 0, column: 0, message, expected: null, range: null };
    throw new FieldError(stopped);
  }
}

/** The value `text` writes for the field at `path` (TOML, without its comment), or null when
 * the text leaves it at its default (or is not valid TOML, or the engine stopped). */
export function readField(text: string, path: string): string | null {
  try {
    return guarded(() => read_field(text, path) ?? null);
  } catch (e) {
    if (e instanceof FieldError) return null;
    throw e;
  }
}

/** An edit the engine refused: the error it gives (unknown field, wrong type, malformed TOML). */
export class FieldError extends Error {
  constructor(readonly error: ScenarioError) {
    super(error.expected ? `${error.message}; expected ${error.expected}` : error.message);
  }
}

function edit(run: () => string): string {
  try {
    return guarded(run);
  } catch (e) {
    if (e instanceof FieldError) throw e;
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
  try {
    return JSON.parse(guarded(() => validate(text))) as ScenarioError[];
  } catch (e) {
    if (e instanceof FieldError) return [e.error];
    throw e;
  }
}

/** A parameter whose value differs from the original's (the engine's `scenario::differences`). */
export interface Difference {
  path: string;
  value: unknown;
  original: unknown;
}

/** Where scenario `text` differs from `original`, field by field, their descriptions left out;
 * [] when either is not a valid scenario (or the engine stopped). */
export function differencesOf(text: string, original: string): Difference[] {
  try {
    return JSON.parse(guarded(() => scenario_differences(text, original))) as Difference[];
  } catch {
    return [];
  }
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
