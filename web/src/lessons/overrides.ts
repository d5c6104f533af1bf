// Scenario overrides, `section.key=value, section.key=value`, as the CLI's `--set`: the `set:` line
// of lesson questions and embeds, and the embed route's `?set=` parameter. Each field is set in the
// scenario text itself by the engine (scenario/fields.ts), so the engine checks the result like any
// scenario and its errors, which carry the field's path, can be traced back to the override.
import { setField } from '../scenario/fields';
import { initTools } from '../engine/tools';
import type { LoadResult, ScenarioError } from '../engine/types';

export interface Override {
  /** `server.mob_mb` */
  path: string;
  section: string;
  key: string;
  /** As written, e.g. `2` or `read_optimized`. */
  value: string;
}

/** Indices of the characters of `s` outside TOML strings (basic `"…"` with backslash escapes,
 * literal `'…'`), quotes excluded, in order. */
function* unquoted(s: string): Generator<number> {
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else yield i;
  }
}

/** Splits at commas outside brackets and quotes, so `sweep.values=[1, 2]` stays one part. */
function splitParts(spec: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (const i of unquoted(spec)) {
    const c = spec[i];
    if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth <= 0) {
      parts.push(spec.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(spec.slice(start));
  return parts;
}

const PART = /^\s*([A-Za-z_][\w-]*)\.([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$/;

/** Parses an override list; throws an Error naming the part that is not `section.key=value`. */
export function parseOverrides(spec: string | null | undefined): Override[] {
  if (!spec || !spec.trim()) return [];
  return splitParts(spec).map((part) => {
    const m = PART.exec(part);
    if (!m) throw new Error(`bad override "${part.trim()}": expected section.key=value, e.g. server.mob_mb=2`);
    if (!m[3]) throw new Error(`bad override ${m[1]}.${m[2]}: no value after "="`);
    return { path: `${m[1]}.${m[2]}`, section: m[1], key: m[2], value: m[3] };
  });
}

/** The embed route's `set` URL parameter (`?set=server.mob_mb%3D2,…`): the pinned overrides, or
 * the error that names the malformed part. */
export function readSetParam(search: string): { pinned: Override[]; error: string | null } {
  try {
    return { pinned: parseOverrides(new URLSearchParams(search).get('set')), error: null };
  } catch (e) {
    return { pinned: [], error: e instanceof Error ? e.message : String(e) };
  }
}

/** Applies overrides (a `set` string or parsed ones) to scenario text, as the CLI's `--set`
 * does (a bare word is a string). Throws on a malformed part, and with the engine's message,
 * naming the override, on an unknown field or a value of the wrong type. */
export function applyOverrides(text: string, overrides: string | Override[] | null | undefined): string {
  const list = typeof overrides === 'string' || overrides == null ? parseOverrides(overrides) : overrides;
  return list.reduce((out, o) => {
    try {
      return setField(out, o.path, o.value);
    } catch (e) {
      throw new Error(`set ${o.path}=${o.value}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }, text);
}

/** Compact form for a URL (`server.mob_mb=2,workload.write_prob=0.5`); parseOverrides reads it back. */
export function formatOverrides(list: Override[]): string {
  return list.map((o) => `${o.path}=${o.value}`).join(',');
}

/** For people: `server.mob_mb = 2, workload.write_prob = 0.5`. */
export function describeOverrides(list: Override[]): string {
  return list.map((o) => `${o.path} = ${o.value}`).join(', ');
}

/** The engine's errors for overridden text as one message; an error caused by an override (same
 * path, or on the line the override wrote) names it: `set server.mob_mb=-2: -2 MB is out of range (0 < value ≤ 65536)`. */
export function describeErrors(errors: ScenarioError[], text: string, overrides: Override[]): string {
  const lines = text.split('\n');
  return errors
    .map((e) => {
      const what = e.range ? `${e.message} (${e.range})` : e.expected ? `${e.message}; expected ${e.expected}` : e.message;
      const o = overrides.find(
        (x) => e.path === x.path || (e.path !== '' && x.path.startsWith(`${e.path}.`)) || (e.path === '' && new RegExp(`^\\s*${x.key}\\s*=`).test(lines[e.line - 1] ?? '')),
      );
      return o ? `set ${o.path}=${o.value}: ${what}` : `line ${e.line}${e.path ? ` (${e.path})` : ''}: ${what}`;
    })
    .join('; ');
}

/** Loads `text` with the overrides applied (`load` is e.g. the lab controller's). Resolves to null,
 * or to a message naming the override the engine rejected (unknown key, wrong type, out of range). */
export async function loadWithOverrides(load: (text: string) => Promise<LoadResult>, text: string, overrides: Override[]): Promise<string | null> {
  let applied: string;
  try {
    if (overrides.length > 0) await initTools(); // setting fields is the engine tools' work
    applied = applyOverrides(text, overrides);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  const res = await load(applied);
  return res.ok ? null : describeErrors(res.errors, applied, overrides);
}
