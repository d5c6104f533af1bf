// The compare page's address: which two scenarios, the seed and the time in the hash, how to show
// them in the query.
//   compare/?views=HacView,EventLog&chart=fetches&along=work&plot=fetches&sweep=client.cache_mb#a=hac-t6-cold&bs=<lz>&seed=1&t=0
// A side is a gallery name (`a=`, `b=`) or a scenario text compressed as the lab's permalinks
// compress it (`as=`, `bs=`, state/url.ts). A wrong part is an error naming what exists, never a
// silent default.
import { compressToEncodedURIComponent } from 'lz-string';
import { decodeHash, MAX_LINK_TEXT } from '../state/url';
import { unknownScenario } from '../app/embedParams';

/** One side: its text, and its gallery name when the text is the gallery's. */
export interface SideSpec {
  name: string | null;
  text: string;
}

export interface CompareHash {
  /** Both sides, when both are good. */
  sides: [SideSpec, SideSpec] | null;
  /** Each side that is good (the page offers it again when the other is not). */
  found: (SideSpec | null)[];
  seed: number | null;
  tNs: number | null;
  /** What is wrong with the hash, for the user. */
  errors: string[];
}

const SIDE_KEYS = ['a', 'b'] as const;

/** Reads `#a=…&b=…&seed=N&t=<ns>` against the gallery (name → text). */
export function readCompareHash(hash: string, gallery: Record<string, string>): CompareHash {
  const fields = new Map<string, string>();
  for (const part of (hash.startsWith('#') ? hash.slice(1) : hash).split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const errors: string[] = [];
  const sides = SIDE_KEYS.map((key) => readSide(key, fields, gallery, errors));
  // seed and t as the lab's permalinks write them.
  const { seed, tNs } = decodeHash(hash);
  for (const [key, value] of [['seed', seed], ['t', tNs]] as const) {
    if (fields.has(key) && value == null) errors.push(`${key}=${fields.get(key)} is not a whole number ≥ 0`);
  }
  const [a, b] = sides;
  return { sides: a && b ? [a, b] : null, found: sides, seed, tNs, errors };
}

function readSide(key: string, fields: Map<string, string>, gallery: Record<string, string>, errors: string[]): SideSpec | null {
  const name = fields.get(key);
  const packed = fields.get(`${key}s`);
  if (name != null && packed != null) {
    errors.push(`side ${key.toUpperCase()} is given twice (${key}= and ${key}s=): give one`);
    return null;
  }
  if (name != null) {
    const decoded = safeDecode(name);
    if (Object.hasOwn(gallery, decoded)) return { name: decoded, text: gallery[decoded] };
    errors.push(`${key}=${decoded}: ${unknownScenario(decoded, gallery)}`);
    return null;
  }
  if (packed != null) {
    const text = decodeHash(`s=${packed}`).text;
    if (text) return { name: null, text };
    errors.push(`${key}s= is not a scenario: the link is cut short or was changed (at most ${MAX_LINK_TEXT / 1024} KB of TOML)`);
    return null;
  }
  errors.push(`side ${key.toUpperCase()} is missing: give ${key}=<gallery name> or ${key}s=<compressed TOML>, e.g. #a=hac-t6-cold&b=fpc-t1-cold`);
  return null;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** The hash that reopens two sides at a seed and time. */
export function encodeCompareHash(sides: readonly SideSpec[], seed: number, tNs: number): string {
  const parts = sides.map((s, i) => (s.name != null ? `${SIDE_KEYS[i]}=${encodeURIComponent(s.name)}` : `${SIDE_KEYS[i]}s=${compressToEncodedURIComponent(s.text)}`));
  return `#${parts.join('&')}&seed=${Math.trunc(seed)}&t=${Math.max(0, Math.round(tNs))}`;
}

/** A side for `text`: by its gallery name when `name` is one and the text is the gallery's. */
export function sideSpec(text: string, name: string | null, gallery: Record<string, string>): SideSpec {
  return name != null && Object.hasOwn(gallery, name) && gallery[name] === text ? { name, text } : { name: null, text };
}

/** How the page shows the two sides (its query): each a name the page checks once it knows them. */
export interface CompareOptions {
  /** View names, in order (the system's first three when empty). */
  views: string[];
  /** The series figure of the difference chart, or null for the system's first. */
  chart: string | null;
  /** What the difference chart plots against: `work` for the work done (the system's `work`
   * figure), else simulated time (null). */
  along: string | null;
  /** The summary figure of the plot against the swept field, or null for the default. */
  plot: string | null;
  /** The swept field (`client.cache_mb`), or null for the system's second knob. */
  sweep: string | null;
}

export function readCompareOptions(search: string): CompareOptions {
  const q = new URLSearchParams(search);
  const views = (q.get('views') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const opt = (key: string) => q.get(key)?.trim() || null;
  return { views, chart: opt('chart'), along: opt('along'), plot: opt('plot'), sweep: opt('sweep') };
}

/** The query for `options` ('' when all are defaults). */
export function encodeCompareOptions(options: CompareOptions): string {
  const q: string[] = [];
  if (options.views.length) q.push(`views=${options.views.map(encodeURIComponent).join(',')}`);
  for (const key of ['chart', 'along', 'plot', 'sweep'] as const) {
    const v = options[key];
    if (v != null) q.push(`${key}=${encodeURIComponent(v)}`);
  }
  return q.length ? `?${q.join('&')}` : '';
}
