// The figures page's reading of a sweep (issue 30): the plan and table the engine gives, the
// curves the plot draws, the paper's marks, the line saying where the curve departs from them,
// the estimate of the time left, and the page's address.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests, readScenario } from '../engine/testing';
import { setField } from '../scenario/fields';
import { curvesOf, departures, paperMarks, planOf, tableOf, timeLeftMs, type RunJson, type SweepPlan } from './sweep';
import { figureLink, readFigureLink } from './link';
import { withSweep } from './SweepForm';
import { run_sweep_job } from '../engine/wasm';

beforeAll(loadEngineForTests);

/** Table 4 of the opportunistic log, one short seed at each log size. */
function shortTable4(): string {
  let t = readScenario('oplog-table4-log-size.toml');
  t = setField(t, 'run.seeds', '1');
  t = setField(t, 'run.duration_s', '2');
  return setField(t, 'run.warmup_s', '1');
}

describe('a sweep on the figures page', () => {
  it('plans, runs and tabulates it as the engine does, and marks the paper beside it', () => {
    const text = shortTable4();
    const plan = planOf(text) as SweepPlan;
    expect(plan.parameter).toBe('server.log_pages');
    expect(plan.points.map((p) => p.value)).toEqual([26, 60, 325, 1500, 6000, 12000]);
    const f = plan.figures.find((x) => x.path === 'throughput_tps')!;
    expect(paperMarks(plan, f)).toEqual([26, 60, 325, 1500, 6000, 12000].map((x, i) => ({ x, y: [159, 195, 207, 214, 217, 217][i], source: 'Table 4: tx/s' })));
    const runs: (RunJson | null)[] = [null, JSON.parse(run_sweep_job(text, 1)) as RunJson, null, null, null, null];
    const partial = tableOf(text, runs);
    expect(partial.rows.map((r) => r.value)).toEqual([60]);
    const curves = curvesOf(plan, partial.rows, f);
    expect(curves).toHaveLength(1);
    expect(curves[0].points[0].x).toBe(60);
    expect(curves[0].points[0].runs).toHaveLength(1);
    const line = departures(plan, curves, f)!;
    expect(line).toMatch(/^The curve agrees with [01] of the paper's 1 number run so far/);
  });

  it('says why a scenario cannot be plotted, by line and field', () => {
    expect(planOf(readScenario('mob-default.toml'))).toMatch(/no \[sweep\] section/);
    expect(planOf(shortTable4().replace('[server]', '[server]\nlog_pages = -3'))).toMatch(/^line \d+ \(server\.log_pages\): /);
  });

  it('says where the curve departs, by how much, and where it agrees', () => {
    const plan = { parameter: 'x.p', series: null, paper_numbers: [{ figure: 'y', values: [100, 200], at: [1, 2], source: 'Fig. 1' }] } as unknown as SweepPlan;
    const f = { path: 'y', label: 'y', unit: 'tx/s', scale: 1 };
    const curves = [{ series: null, points: [{ x: 1, y: 105, ci: 1, runs: [] }, { x: 2, y: 150, ci: 5, runs: [] }] }];
    expect(departures(plan, curves, f)).toBe("The curve agrees with 1 of the paper's 2 numbers run so far (within 10% or the 95% interval); it departs at x.p = 2: 150 against 200 tx/s (−25.0%).");
    // Far in relative terms, but inside the point's interval: it agrees.
    expect(departures(plan, [{ series: null, points: [{ x: 2, y: 150, ci: 60, runs: [] }] }], f)).toMatch(/agrees with 1 of the paper's 1 number/);
    expect(departures({ ...plan, paper_numbers: [] }, curves, f)).toBeNull();
  });

  it('estimates the time left from the rate so far', () => {
    expect(timeLeftMs(0, 10, 500)).toBeNull();
    expect(timeLeftMs(2, 10, 1000)).toBe(4000);
    expect(timeLeftMs(10, 10, 3000)).toBe(0);
  });

  it('reads back the link it writes', () => {
    const link = { scenario: 'fig4-1-mob-size', text: null, seeds: 5, figure: 'throughput_tps', run: true };
    expect(figureLink(link)).toBe('#sc=fig4-1-mob-size&seeds=5&y=throughput_tps&run=1');
    expect(readFigureLink(figureLink(link))).toEqual(link);
    const edited = { scenario: null, text: '[system]\nkind = "disk"\n', seeds: null, figure: null, run: false };
    expect(readFigureLink(figureLink(edited))).toEqual(edited);
    expect(readFigureLink('#sc=x&seeds=0&y=').seeds).toBeNull();
  });
});

describe("a figure of one's own", () => {
  it('writes the field and its values (and a series) into [sweep], as the engine reads it', () => {
    const r = withSweep(readScenario('mob-default.toml'), 'server.mob_mb', '1, 2 4', 'workload.write_prob', '0.1,0.5');
    if (!('text' in r)) throw new Error(r.error);
    const plan = planOf(r.text) as SweepPlan;
    expect(plan.parameter).toBe('server.mob_mb');
    expect(plan.series).toBe('workload.write_prob');
    expect(plan.points.map((p) => [p.series, p.value])).toEqual([[0.1, 1], [0.1, 2], [0.1, 4], [0.5, 1], [0.5, 2], [0.5, 4]]);
  });

  it('names a value the field refuses, and a field there is not', () => {
    const bad = withSweep(readScenario('mob-default.toml'), 'server.mob_mb', '1, -2', '', '');
    expect('error' in bad && bad.error).toMatch(/-2/);
    const unknown = withSweep(readScenario('mob-default.toml'), 'server.no_such', '1', '', '');
    expect('error' in unknown && unknown.error).toMatch(/no_such/);
  });
});
