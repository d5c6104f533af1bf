// A figure's sweep on the figures page: its plan and table as the engine gives them (WASM
// sweep_plan and sweep_table, the CLI's own), what the plot draws from them, the paper's numbers
// beside the curve and where the curve departs from them, and how long the rest will take.
import { sweep_plan, sweep_table } from '@storelab/engine/tools';
import type { FigureInfo as EngineFigure, ScenarioError } from '../engine/types';
import { summaryValue } from '../app/results';
import { describeErrors } from '../lessons/overrides';

/** A summary figure as the plan names it. */
export type FigureInfo = Pick<EngineFigure, 'path' | 'label' | 'unit' | 'scale'>;

export interface PaperNumber {
  figure: string;
  values: number[];
  at?: number[];
  source: string;
}

export interface SweepPlan {
  title: string;
  paper: string;
  parameter: string;
  series: string | null;
  points: { value: number; series: number | null; seeds: number }[];
  jobs: number;
  figures: FigureInfo[];
  paper_numbers: PaperNumber[];
}

/** One run as the engine reports it (experiment::RunResult). */
export interface RunJson {
  seed: number;
  events: number;
  trace_hash: string;
  summary: Record<string, unknown>;
}

export interface Row {
  series?: number;
  value: number;
  aggregate: { mean: Record<string, unknown>; ci95: Record<string, unknown> };
  runs: RunJson[];
}

export interface Table {
  csv: string;
  rows: Row[];
}

/** The plan of the sweep in `text`, or why there is none: the scenario's errors by line and
 * field, or that it has no [sweep] section. */
export function planOf(text: string): SweepPlan | string {
  try {
    return JSON.parse(sweep_plan(text)) as SweepPlan;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    try {
      return describeErrors(JSON.parse(message) as ScenarioError[], text, []);
    } catch {
      return message;
    }
  }
}

/** The table of the runs so far (`runs[j]`: job j's run, or null while it has not ended). */
export function tableOf(text: string, runs: readonly (RunJson | null)[]): Table {
  return JSON.parse(sweep_table(text, JSON.stringify(runs))) as Table;
}

/** A point of the plot: the mean and its interval, in the figure's unit as shown. */
export interface PlotPoint {
  x: number;
  y: number;
  ci: number;
  /** Each run's value, by seed, for the point's tooltip. */
  runs: { seed: number; y: number }[];
}

export interface PlotCurve {
  series: number | null;
  points: PlotPoint[];
}

/** The curves of figure `f` from the table's rows, one per series value in the plan's order. */
export function curvesOf(plan: SweepPlan, rows: readonly Row[], f: FigureInfo): PlotCurve[] {
  const order = [...new Set(plan.points.map((p) => p.series))];
  return order.map((series) => ({
    series,
    points: rows
      .filter((r) => (r.series ?? null) === series)
      .map((r) => ({
        x: r.value,
        y: summaryValue(r.aggregate.mean, f.path) * f.scale,
        ci: summaryValue(r.aggregate.ci95, f.path) * f.scale,
        runs: r.runs.map((run) => ({ seed: run.seed, y: summaryValue(run.summary, f.path) * f.scale })),
      })),
  }));
}

/** The paper's numbers for figure `f` at points of the sweep, as marks: x, the paper's value, and
 * where the paper gives it. */
export function paperMarks(plan: SweepPlan, f: FigureInfo): { x: number; y: number; source: string }[] {
  return plan.paper_numbers.filter((n) => n.figure === f.path && n.at?.length).flatMap((n) => n.at!.map((x, i) => ({ x, y: n.values[i], source: n.source })));
}

/** How far apart, relatively, the curve may be from a paper number and still agree with it. */
export const AGREES_WITHIN = 0.1;

/** The line under the plot: how many of the paper's numbers the curve agrees with (within 10%,
 * or within the point's 95% interval), and each it departs from, by how much. Null before any
 * marked point has run, or without the paper's numbers. */
export function departures(plan: SweepPlan, curves: readonly PlotCurve[], f: FigureInfo): string | null {
  const marks = paperMarks(plan, f);
  const compared = marks.flatMap((m) => {
    const here = curves.flatMap((c) => c.points.filter((p) => p.x === m.x).map((p) => ({ p, series: c.series })));
    return here.map(({ p, series }) => ({ m, p, series, rel: (p.y - m.y) / m.y }));
  });
  if (compared.length === 0) return null;
  const apart = compared.filter(({ m, p, rel }) => Math.abs(rel) > AGREES_WITHIN && Math.abs(p.y - m.y) > p.ci);
  const at = (x: number, series: number | null) => `${plan.parameter} = ${x}${series != null ? ` (${plan.series} = ${series})` : ''}`;
  const pct = (r: number) => `${r > 0 ? '+' : '−'}${Math.abs(r * 100).toFixed(1)}%`;
  const agree = `agrees with ${compared.length - apart.length} of the paper's ${compared.length} ${compared.length === 1 ? 'number' : 'numbers'} run so far (within ${AGREES_WITHIN * 100}% or the 95% interval)`;
  if (apart.length === 0) return `The curve ${agree}.`;
  return `The curve ${agree}; it departs at ${apart.map(({ m, p, series, rel }) => `${at(m.x, series)}: ${+p.y.toPrecision(4)} against ${m.y} ${f.unit} (${pct(rel)})`).join('; ')}.`;
}

/** Wall time left, from the runs done so far and the time they took (the pool runs several at
 * once, which the rate includes); null before the first is done. */
export function timeLeftMs(done: number, total: number, elapsedMs: number): number | null {
  if (done === 0) return null;
  return (elapsedMs / done) * (total - done);
}
