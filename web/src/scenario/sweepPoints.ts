// The points of a figure scenario the lab has run to their end, one run each, gathered so the
// figure's plot grows as the student runs points from the sweep bar (issue 13, item 3).
import type { ScenarioValues } from '../engine/types';
import type { Sweep } from './sweep';
import { pointOf } from './sweep';

export interface SweepPoint {
  x: number;
  /** The series field's value (one curve per value), or null without a series. */
  series: number | null;
  /** The run's summary (engine metrics, as `storelab run --json` gives each run). */
  summary: Record<string, unknown>;
}

/** What identifies the figure whatever point runs: the scenario as the engine read it (defaults
 * filled in, so layout and comments do not count) without the swept fields, and the seed. */
export function figureKey(scenario: ScenarioValues, sweep: Sweep, seed: number): string {
  const copy: ScenarioValues = JSON.parse(JSON.stringify(scenario)) as ScenarioValues;
  for (const axis of [sweep, sweep.series]) {
    if (axis) delete copy[axis.section]?.[axis.key];
  }
  return `${seed}:${JSON.stringify(copy)}`;
}

/** `points` with the run of `text` added, replacing an earlier run of the same point. */
export function withPoint(points: readonly SweepPoint[], text: string, sweep: Sweep, fieldDefault: (path: string) => number | null, summary: Record<string, unknown>): SweepPoint[] {
  const x = pointOf(text, sweep) ?? fieldDefault(sweep.parameter);
  if (x == null) return [...points];
  const series = sweep.series ? (pointOf(text, sweep.series) ?? fieldDefault(sweep.series.parameter)) : null;
  return [...points.filter((p) => p.x !== x || p.series !== series), { x, series, summary }].sort((a, b) => a.x - b.x);
}
