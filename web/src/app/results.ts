// The results of a finished run, as the CLI reports them (engine/cli/src/output.rs): each of the
// system's summary figures with its unit, and its main figure's 95% confidence interval (batch
// means within the run: one seed has no other), the throughput or a response time; the paper's numbers beside them where the scenario
// names some (`[[meta.paper_numbers]]`); and both the summary and the time series as CSV.
import type { FigureInfo, Sample, ScenarioValues } from '../engine/types';

export interface PaperValue {
  value: number;
  source: string;
}

export interface ResultRow {
  label: string;
  value: number;
  /** Half-width of the 95% confidence interval, where the run has one. */
  ci95: number | null;
  unit: string;
  description: string;
  path: string;
  /** The paper's numbers for this figure at the run's point, in the figure's unit. */
  paper: PaperValue[];
}

interface PaperNumber {
  figure: string;
  values: number[];
  at?: number[];
  source: string;
}

/** The paper's numbers for `figure` at the scenario as the engine read it (`Scenario::paper_values`
 * in the engine, which the CLI prints): the entries without `at`, and those whose `at` holds the
 * scenario's value of the swept field. */
export function paperValues(scenario: ScenarioValues | null, figure: string): PaperValue[] {
  const entries = (scenario?.meta?.paper_numbers ?? []) as PaperNumber[];
  const parameter = (scenario?.sweep as { parameter?: string } | undefined)?.parameter;
  const x = parameter ? summaryValue(scenario, parameter) : NaN;
  return entries.flatMap((n) => {
    if (n.figure !== figure) return [];
    const i = n.at?.length ? n.at.indexOf(x) : 0;
    return i < 0 ? [] : [{ value: n.values[i], source: n.source }];
  });
}

/** Whether figure `f` belongs with a run of `scenario`: a figure of some variants (`only_when`)
 * only with runs of those variants; every figure when the scenario is not known. */
export function figureApplies(f: FigureInfo, scenario: ScenarioValues | null): boolean {
  if (!f.only_when || !scenario) return true;
  const [path, values] = f.only_when;
  const [section, key] = path.split('.');
  const value = scenario[section]?.[key];
  return typeof value === 'string' && values.includes(value);
}

/** The figures that belong with a run of `scenario`. */
export function figuresFor(figures: readonly FigureInfo[], scenario: ScenarioValues | null): readonly FigureInfo[] {
  return figures.filter((f) => figureApplies(f, scenario));
}

/** The value at a dotted path of a run's summary (`disk_utilisation.fetch_read`), or NaN. */
export function summaryValue(summary: unknown, path: string): number {
  const v = path.split('.').reduce<unknown>((o, k) => (o != null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), summary);
  return typeof v === 'number' ? v : NaN;
}

export function resultRows(figures: readonly FigureInfo[], summary: unknown, scenario: ScenarioValues | null = null): ResultRow[] {
  return figuresFor(figures, scenario).map((f) => {
    // The run's own batch-means interval, where the system gives one: the throughput's, or a
    // figure's `<path>_ci95` (the global cluster's response time).
    const ci = summaryValue(summary, f.path === 'throughput_tps' ? 'throughput_ci95' : `${f.path}_ci95`);
    return {
      label: f.label,
      value: summaryValue(summary, f.path) * f.scale,
      ci95: Number.isFinite(ci) ? ci * f.scale : null,
      unit: f.unit,
      description: f.description,
      path: f.path,
      paper: paperValues(scenario, f.path),
    };
  });
}

/** Units whose figures are never counts: a whole number of them is still a measure. */
const MEASURES = new Set(['%', 's', 'ms', 'MB', 'tx/s']);

/** A result as the views print it: a count as a count ("8,823"), a measure with two decimals. */
export function formatResult(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '–';
  if (Number.isInteger(value) && !MEASURES.has(unit)) return value.toLocaleString('en-US');
  return value.toFixed(2);
}

/** How far the run's value is from the paper's, in percent of the paper's ("+3.2%", "−41%"); null
 * when the paper's is 0 or either is not a number. */
export function differenceFromPaper(value: number, paper: number): string | null {
  if (!Number.isFinite(value) || !Number.isFinite(paper) || paper === 0) return null;
  const d = ((value - paper) / Math.abs(paper)) * 100;
  const magnitude = Math.abs(d) >= 10 ? Math.abs(d).toFixed(0) : Math.abs(d).toFixed(1);
  return `${d < 0 ? '−' : '+'}${magnitude}%`;
}

const csvField = (v: string | number) => (typeof v === 'number' ? String(v) : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** figure,value,ci95,unit,label,paper,paper_source: one row per summary figure (several paper
 * numbers joined by "; "). */
export function summaryCsv(rows: readonly ResultRow[]): string {
  const lines = rows.map((r) =>
    [r.path, r.value, r.ci95 ?? '', r.unit, r.label, r.paper.map((p) => p.value).join('; '), r.paper.map((p) => p.source).join('; ')].map(csvField).join(','),
  );
  return ['figure,value,ci95,unit,label,paper,paper_source', ...lines].join('\n') + '\n';
}

/** One row per sample: t_s, measuring, then every figure of the samples (nested ones dotted). */
export function seriesCsv(samples: readonly Sample[]): string {
  const flat = samples.map((s) => flatten(s));
  const keys = [...new Set(flat.flatMap((f) => Object.keys(f)))];
  const lines = flat.map((f) => keys.map((k) => csvField(f[k] ?? '')).join(','));
  return [keys.join(','), ...lines].join('\n') + '\n';
}

function flatten(o: Record<string, unknown>, prefix = ''): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v != null && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = typeof v === 'number' ? v : String(v);
  }
  return out;
}
