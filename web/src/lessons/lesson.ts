// Lesson files (lessons/*.md, DESIGN.md §5): front matter, Markdown prose and directive blocks
//   ```storelab-embed      a live scenario: scenario, views, seed, set (overrides), speed, height, caption
//   ```storelab-question   a predict-then-run question checked against a run's summary metrics
// Directive bodies are `key: value` lines; `set:` takes overrides.ts's `section.key=value, …`.
import { formatOverrides, parseOverrides } from './overrides';
import { summaryValue } from '../app/results';

export { applyOverrides, describeErrors, describeOverrides, parseOverrides } from './overrides';

export type Segment =
  | { kind: 'prose'; markdown: string }
  | { kind: 'embed'; params: Record<string, string> }
  | { kind: 'question'; params: Record<string, string> };

export interface Lesson {
  name: string;
  meta: Record<string, string>;
  segments: Segment[];
}

export function parseKeyValues(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  let last: string | null = null;
  for (const line of body.split('\n')) {
    const m = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (m) {
      last = m[1];
      out[last] = m[2].trim();
    } else if (last && /^\s+\S/.test(line)) {
      out[last] = `${out[last]} ${line.trim()}`.trim(); // continuation line
    }
  }
  return out;
}

export function parseLesson(name: string, source: string): Lesson {
  let body = source.replace(/\r\n/g, '\n');
  let meta: Record<string, string> = {};
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(body);
  if (fm) {
    meta = parseKeyValues(fm[1]);
    body = body.slice(fm[0].length);
  }
  const segments: Segment[] = [];
  const re = /^```storelab-(embed|question)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
  let at = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    if (m.index > at) segments.push({ kind: 'prose', markdown: body.slice(at, m.index) });
    segments.push({ kind: m[1] as 'embed' | 'question', params: parseKeyValues(m[2]) });
    at = m.index + m[0].length;
  }
  if (at < body.length) segments.push({ kind: 'prose', markdown: body.slice(at) });
  return { name, meta, segments };
}

/** A lesson's number, from its file's name (`03-opportunistic-log` → 3), so the menu, the page
 * and the files never disagree; null for a name without one. */
export function lessonNumber(name: string): number | null {
  const m = /^(\d+)-/.exec(name);
  return m ? Number(m[1]) : null;
}

/** How the menu and the page title a lesson: its number from the file, then its front matter's
 * title ("3. The opportunistic log"). */
export function lessonLabel(l: Lesson): string {
  const n = lessonNumber(l.name);
  const title = l.meta.title ?? l.name;
  return n == null ? title : `${n}. ${title}`;
}

/** The views a `storelab-embed` block shows (the MOB's three main ones when it names none). */
export function embedViews(params: Record<string, string>): string[] {
  return (params.views ?? 'MobView,DiskView,Charts').split(',').map((v) => v.trim());
}

/** The embed route's URL (relative to the lessons page) for a `storelab-embed` block:
 * `../embed/?views=…&controls=1&speed=…&set=…#sc=…&seed=…`. Throws on a malformed `set`. */
export function embedSrc(params: Record<string, string>): string {
  const qs = new URLSearchParams({ views: embedViews(params).join(','), controls: '1' });
  if (params.speed) qs.set('speed', params.speed);
  const set = formatOverrides(parseOverrides(params.set));
  if (set) qs.set('set', set);
  const hash = new URLSearchParams({ sc: params.scenario ?? 'mob-default', seed: params.seed ?? '1' });
  return `../embed/?${qs}#${hash}`;
}

/** A metric path into a run summary: `write_absorption`, `disk_utilisation.write`, or the
 * derived `write_share` (installation reads + page writes as a fraction of busy disk time). */
export function readMetric(summary: unknown, metric: string): number | null {
  if (metric === 'write_share') {
    const u = (summary as { disk_utilisation?: { fetch_read: number; install_read: number; write: number; clean?: number } }).disk_utilisation;
    if (!u) return null;
    const total = u.fetch_read + u.install_read + u.write + (u.clean ?? 0);
    return total > 0 ? (u.install_read + u.write) / total : null;
  }
  const v = summaryValue(summary, metric);
  return Number.isFinite(v) ? v : null;
}

/** Is a prediction within a relative tolerance of the measured value? */
export function withinTolerance(predicted: number, actual: number, relTol: number): boolean {
  if (!Number.isFinite(predicted)) return false;
  if (actual === 0) return Math.abs(predicted) <= relTol;
  return Math.abs(predicted - actual) / Math.abs(actual) <= relTol;
}

/** A question's `sweep:` line, `section.key = v1, v2, …`; throws an Error saying what is wrong. */
export function parseSweep(line: string): { path: string; values: number[] } {
  const m = /^\s*([A-Za-z_]\w*\.[A-Za-z_]\w*)\s*=\s*(.+)$/.exec(line);
  const values = m ? m[2].split(',').map((v) => Number(v.trim())) : [];
  if (!m || values.some((v) => !Number.isFinite(v))) {
    throw new Error(`sweep: "${line}" is not section.key = v1, v2, … (e.g. server.mob_mb = 1, 2, 4)`);
  }
  return { path: m[1], values };
}

/** For a sweep question: the first swept value whose metric satisfies `below` (metric < threshold). */
export function firstBelow(points: { value: number; metric: number | null }[], threshold: number): number | null {
  for (const p of points) if (p.metric != null && p.metric < threshold) return p.value;
  return null;
}
