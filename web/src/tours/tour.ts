// Guided tours (tours/*.md, docs/tours.md): front matter (title, system, scenario, seed, speed),
// then steps, each a ```storelab-step block of `key: value` lines followed by its text in Markdown:
//   view      the view the step points at (one of the system's, or EventLog, Inspector)
//   select    the thing it selects for the inspector: `server 3`, `page 12`, `client 0`, …
//   wait      what the lab plays to before the step shows: `reader` (nothing: the default),
//             `record <kind>` (the next trace record of that kind, by its engine name), or
//             `time <seconds> s` (that simulated time)
//   scenario, seed, speed, set   the run the step needs from here on (a gallery scenario, its seed,
//             simulated seconds per wall-clock second, overrides as lessons write them)
// A step that names none of scenario, seed or set runs on from the step before.
import { parseKeyValues } from '../lessons/lesson';
import { parseOverrides } from '../lessons/overrides';
import type { InspectTarget } from '../views/contract';

export type Wait = { kind: 'reader' } | { kind: 'record'; name: string } | { kind: 'time'; ns: number };

/** The run a step needs: a gallery scenario with overrides, its seed and speed. */
export interface Run {
  scenario: string;
  seed: number;
  /** Simulated seconds per wall-clock second. */
  speed: number;
  set: string;
}

export interface Step {
  /** Its line in the file (the block's first), for errors. */
  line: number;
  view: string | null;
  select: InspectTarget | null;
  wait: Wait;
  /** The run from this step on: the tour's, or the last one a step set. */
  run: Run;
  /** Whether this step starts its run afresh (the first, and each that sets one). */
  restarts: boolean;
  text: string;
}

export interface Tour {
  name: string;
  title: string;
  system: string;
  steps: Step[];
}

/** A mistake in a tour file, at its line. */
export interface TourError {
  line: number;
  message: string;
}

const STEP_KEYS = ['view', 'select', 'wait', 'scenario', 'seed', 'speed', 'set'];
const META_KEYS = ['title', 'system', 'scenario', 'seed', 'speed'];
/** What `select:` may name, and how. */
const SELECTABLE: Record<string, (id: number) => InspectTarget> = {
  server: (id) => ({ kind: 'server', id }) as InspectTarget,
  page: (id) => ({ kind: 'page', id }),
  client: (id) => ({ kind: 'client', id }),
};

/** Parses a tour; every mistake is reported at its line, and a tour with any is not returned. */
export function parseTour(name: string, source: string): { tour: Tour | null; errors: TourError[] } {
  const text = source.replace(/\r\n/g, '\n');
  const errors: TourError[] = [];
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!fm) return { tour: null, errors: [{ line: 1, message: 'a tour begins with front matter: ---, then title, system and scenario lines, then ---' }] };
  const meta = parseKeyValues(fm[1]);
  const metaLine = keyLines(fm[1], 2);
  unknownKeys(meta, META_KEYS, metaLine, 'the front matter', errors);
  for (const key of ['title', 'system', 'scenario']) if (!meta[key]) errors.push({ line: 1, message: `the front matter has no ${key}: line` });
  let run: Run = { scenario: meta.scenario ?? '', seed: 1, speed: 1, set: '' };
  run = withRun(run, meta, metaLine, errors);
  const steps: Step[] = [];
  const re = /^```storelab-step[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
  const blocks = [...text.matchAll(re)];
  if (blocks.length === 0) errors.push({ line: lineOf(fm[0].length), message: 'a tour has at least one step: a ```storelab-step block' });
  blocks.forEach((m, i) => {
    const line = lineOf(m.index);
    const kv = parseKeyValues(m[1]);
    const at = keyLines(m[1], line + 1);
    unknownKeys(kv, STEP_KEYS, at, 'a step', errors);
    const restarts = i === 0 || 'scenario' in kv || 'seed' in kv || 'set' in kv;
    run = withRun(run, kv, at, errors);
    const end = i + 1 < blocks.length ? blocks[i + 1].index : text.length;
    const body = text.slice(m.index + m[0].length, end).trim();
    if (!body) errors.push({ line, message: 'a step has text: the Markdown after its block' });
    const select = parseSelect(kv.select, at('select'), errors);
    steps.push({ line, view: kv.view ?? null, select, wait: parseWait(kv.wait, at('wait'), errors), run, restarts, text: body });
  });
  if (errors.length > 0) return { tour: null, errors };
  return { tour: { name, title: meta.title, system: meta.system, steps }, errors };
}

/** The line of each `key:` in a block whose first line is `first` (the block's own line if absent). */
function keyLines(body: string, first: number): (key: string) => number {
  const lines = body.split('\n');
  return (key) => {
    const i = lines.findIndex((l) => l.startsWith(`${key}:`) || l.startsWith(`${key} :`));
    return i < 0 ? first - 1 : first + i;
  };
}

function unknownKeys(kv: Record<string, string>, known: string[], at: (key: string) => number, where: string, errors: TourError[]) {
  for (const key of Object.keys(kv)) {
    if (!known.includes(key)) errors.push({ line: at(key), message: `${where} has no key ${key}: it takes ${known.join(', ')}` });
  }
}

/** The run after `kv`'s scenario, seed, speed and set lines, each checked. */
function withRun(run: Run, kv: Record<string, string>, at: (key: string) => number, errors: TourError[]): Run {
  const out = { ...run };
  if (kv.scenario !== undefined) {
    if (/^[\w.-]+$/.test(kv.scenario)) out.scenario = kv.scenario;
    else errors.push({ line: at('scenario'), message: `scenario: ${kv.scenario} is not a gallery scenario's name (like mob-default)` });
    if (kv.set === undefined) out.set = '';
  }
  if (kv.seed !== undefined) {
    const seed = Number(kv.seed);
    if (Number.isSafeInteger(seed) && seed >= 0) out.seed = seed;
    else errors.push({ line: at('seed'), message: `seed: ${kv.seed} is not a whole number 0 or more` });
  }
  if (kv.speed !== undefined) {
    const speed = Number(kv.speed);
    if (Number.isFinite(speed) && speed > 0 && speed <= 300) out.speed = speed;
    else errors.push({ line: at('speed'), message: `speed: ${kv.speed} is not a number of simulated seconds a second above 0 and at most 300` });
  }
  if (kv.set !== undefined) {
    try {
      parseOverrides(kv.set);
      out.set = kv.set;
    } catch (e) {
      errors.push({ line: at('set'), message: `set: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  return out;
}

function parseWait(value: string | undefined, line: number, errors: TourError[]): Wait {
  const v = (value ?? 'reader').trim();
  if (v === 'reader') return { kind: 'reader' };
  const record = /^record\s+([a-z][a-z0-9_]*)$/.exec(v);
  if (record) return { kind: 'record', name: record[1] };
  const time = /^time\s+(\d+(?:\.\d+)?)\s*s$/.exec(v);
  if (time) return { kind: 'time', ns: Math.round(Number(time[1]) * 1e9) };
  errors.push({ line, message: `wait: ${v} is none of reader, record <kind> (e.g. record flusher_start), time <seconds> s (e.g. time 60 s)` });
  return { kind: 'reader' };
}

function parseSelect(value: string | undefined, line: number, errors: TourError[]): InspectTarget | null {
  if (value === undefined) return null;
  const m = /^([a-z]+)\s+(\d+)$/.exec(value.trim());
  const make = m && SELECTABLE[m[1]];
  if (m && make) return make(Number(m[2]));
  errors.push({ line, message: `select: ${value} is none of ${Object.keys(SELECTABLE).map((k) => `${k} <number>`).join(', ')}` });
  return null;
}

/** A step's address in the lab: `#tour=<name>&step=<n>`, steps counted from 1. */
export function tourHash(name: string, step: number): string {
  return `#tour=${encodeURIComponent(name)}&step=${step + 1}`;
}
