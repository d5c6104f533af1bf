// The maths of a comparison: which scenario fields differ between the sides, each figure on both
// sides and A − B, and the difference of two time series over simulated time.
import type { FigureInfo, Sample, ScenarioValues } from '../engine/types';
import { summaryValue } from '../app/results';

/** A scenario field whose value differs between the sides, with each side's value as text. */
export interface FieldDifference {
  path: string;
  values: string[];
}

/** Sections that name, describe or sweep a scenario rather than set what runs. */
const NOT_RUN = new Set(['meta', 'sweep']);

/** The fields (`section.key`, defaults filled in) whose values differ, in the first side's order. */
export function differingFields(a: ScenarioValues, b: ScenarioValues): FieldDifference[] {
  const out: FieldDifference[] = [];
  const sections = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((s) => !NOT_RUN.has(s));
  for (const section of sections) {
    const keys = [...new Set([...Object.keys(a[section] ?? {}), ...Object.keys(b[section] ?? {})])];
    for (const key of keys) {
      const values = [a, b].map((s) => s[section]?.[key]);
      if (JSON.stringify(values[0]) !== JSON.stringify(values[1])) out.push({ path: `${section}.${key}`, values: values.map(showValue) });
    }
  }
  return out;
}

function showValue(v: unknown): string {
  if (v === undefined) return '(none)';
  if (typeof v === 'number') return String(Number(v.toPrecision(6)));
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** One figure on both sides and their difference, in the figure's unit. */
export interface FigureRow {
  path: string;
  label: string;
  unit: string;
  description: string;
  values: number[];
  /** A − B (NaN when either is missing). */
  diff: number;
  /** (A − B) / B, or null when B is 0 or missing. */
  relative: number | null;
}

export function figureRow(figure: FigureInfo, values: readonly number[]): FigureRow {
  const scaled = values.map((v) => v * figure.scale);
  const diff = scaled[0] - scaled[1];
  const relative = Number.isFinite(diff) && scaled[1] !== 0 ? diff / Math.abs(scaled[1]) : null;
  return { path: figure.path, label: figure.label, unit: figure.unit, description: figure.description, values: scaled, diff, relative };
}

/** The summary figures of both sides' summaries (null: not in yet). */
export function summaryRows(figures: readonly FigureInfo[], summaries: readonly (Record<string, unknown> | null)[]): FigureRow[] {
  return figures.map((f) => figureRow(f, summaries.map((s) => (s ? summaryValue(s, f.path) : NaN))));
}

/** The numeric figures of a sample (nested ones dotted, `disk_utilisation.write`), without its
 * time and phase. */
export function sampleFigures(sample: Sample): string[] {
  const out: string[] = [];
  const walk = (o: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      const path = prefix + k;
      if (typeof v === 'number' && path !== 't_s') out.push(path);
      else if (v != null && typeof v === 'object') walk(v as Record<string, unknown>, `${path}.`);
    }
  };
  walk(sample, '');
  return out;
}

/** Units of series figures the system's summary does not describe, by the end of their name. */
const SUFFIX_UNITS: [RegExp, string][] = [
  [/_bytes$/, 'bytes'],
  [/_frames$/, 'frames'],
  [/_mb$/, 'MB'],
  [/_ms$/, 'ms'],
  [/_s$/, 's'],
];

/** How a series figure reads: the summary figure of the same path when there is one (its label,
 * unit and scale), else its name and a unit from its ending. */
export function seriesFigure(path: string, figures: readonly FigureInfo[]): FigureInfo {
  const known = figures.find((f) => f.path === path);
  if (known) return known;
  const unit = SUFFIX_UNITS.find(([re]) => re.test(path))?.[1] ?? '';
  return { path, label: path.replace(/_/g, ' '), unit, scale: 1, description: `The run's ${path.replace(/_/g, ' ')} at each sample.`, only_when: null };
}

/** The latest sample at or before `x` on the axis `along` reads (one that only grows: simulated
 * s by default, or the work done), or null. */
export function sampleAt(samples: readonly Sample[], x: number, along: (s: Sample) => number = (s) => s.t_s): Sample | null {
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (along(samples[mid]) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? samples[lo - 1] : null;
}

/** One point of a difference chart, at `x` (simulated s, or the work done): each side's value
 * (its latest sample then; over time, a side whose run has ended keeps its last) and A − B. */
export interface DiffPoint {
  x: number;
  values: number[];
  diff: number;
}

/** A, B and A − B at every time either side took a sample, from the first time both have one. */
export function diffSeries(sides: readonly (readonly Sample[])[], path: string, scale = 1): DiffPoint[] {
  const times = [...new Set(sides.flatMap((s) => s.map((x) => x.t_s)))].sort((x, y) => x - y);
  const out: DiffPoint[] = [];
  for (const tS of times) {
    const at = sides.map((s) => sampleAt(s, tS));
    if (at.some((x) => x == null)) continue;
    const values = at.map((x) => summaryValue(x, path) * scale);
    out.push({ x: tS, values, diff: values[0] - values[1] });
  }
  return out;
}

/** A, B and A − B against the work done (`work`, a sample figure that only grows): at every work
 * either side reached, each side's latest sample with no more work, as far as both sides have
 * gone. Two runs do the same work at different times: this lines up what each did with it. */
export function diffByWork(sides: readonly (readonly Sample[])[], path: string, work: string, scale = 1): DiffPoint[] {
  const done = (s: Sample) => summaryValue(s, work);
  const reach = Math.min(...sides.map((s) => (s.length ? done(s[s.length - 1]) : -Infinity)));
  const works = [...new Set(sides.flatMap((s) => s.map(done)))].filter((w) => w <= reach).sort((x, y) => x - y);
  const out: DiffPoint[] = [];
  for (const w of works) {
    const samples = sides.map((s) => sampleAt(s, w, done));
    if (samples.some((x) => x == null)) continue;
    const values = samples.map((x) => summaryValue(x, path) * scale);
    out.push({ x: w, values, diff: values[0] - values[1] });
  }
  return out;
}

/** A number as the counters show it: whole numbers whole, others to 3 significant digits (at
 * least 2 decimals below 100), with thousands separators and a minus sign; '–' when missing. */
export function formatFigure(v: number): string {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  const digits = Number.isInteger(v) ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : Math.min(6, 2 - Math.floor(Math.log10(a || 1)));
  return `${v < 0 ? '−' : ''}${a.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** A − B with its sign, and the relative difference when there is one: "+12 (+3.1%)". */
export function formatDiff(row: Pick<FigureRow, 'diff' | 'relative'>): string {
  if (!Number.isFinite(row.diff)) return '–';
  const sign = row.diff > 0 ? '+' : row.diff < 0 ? '−' : '±';
  const abs = formatFigure(Math.abs(row.diff));
  if (row.relative == null || row.diff === 0) return `${sign}${abs}`;
  const pct = Math.abs(row.relative * 100);
  return `${sign}${abs} (${sign}${pct >= 10 ? pct.toFixed(0) : Number(pct.toPrecision(2))}%)`;
}
