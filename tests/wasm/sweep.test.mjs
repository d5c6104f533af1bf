// A whole sweep in WASM, as the figures page runs it (issue 30): its plan, each job run on its
// own (in any order, as a pool of workers finishes them), and the table built from the results,
// whose CSV equals `storelab sweep`'s for the same scenario, byte for byte.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readScenario, root, run_sweep_job, storelabBin, sweep_plan, sweep_table } from './engine.mjs';
import { setKeys } from './scenario-text.mjs';

// Fig. 4-1's sweep, shortened: three MOB sizes, two seeds each.
const text = setKeys(setKeys(readScenario('fig4-1-mob-size.toml'), 'run', { duration_s: 10, warmup_s: 5, seeds: 2 }), 'sweep', { values: [1, 4, 12] });

test('the plan lists the points, their seeds and the figures', () => {
  const plan = JSON.parse(sweep_plan(text));
  assert.equal(plan.parameter, 'server.mob_mb');
  assert.equal(plan.series, null);
  assert.deepEqual(plan.points, [{ value: 1, series: null, seeds: 2 }, { value: 4, series: null, seeds: 2 }, { value: 12, series: null, seeds: 2 }]);
  assert.equal(plan.jobs, 6);
  assert.ok(plan.figures.some((f) => f.path === 'throughput_tps' && f.unit === 'tx/s'));
  assert.match(plan.paper, /Fig\. 4-1/);
});

test('jobs run out of order give the table storelab sweep prints', () => {
  const order = [5, 0, 3, 1, 4, 2];
  const runs = [];
  for (const j of order) runs[j] = JSON.parse(run_sweep_job(text, j));
  assert.deepEqual(runs.map((r) => r.seed), [1, 2, 1, 2, 1, 2]);
  const table = JSON.parse(sweep_table(text, JSON.stringify(runs)));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelab-sweep-'));
  const file = path.join(dir, 'fig.toml');
  fs.writeFileSync(file, text);
  const cli = spawnSync(storelabBin, ['sweep', file], { cwd: root, encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(table.csv, cli.stdout);
  assert.equal(table.rows.length, 3);
  assert.equal(table.rows[2].value, 12);
  assert.equal(table.rows[2].runs.length, 2);
  // A run that did not end leaves its point with the other seed.
  const partial = JSON.parse(sweep_table(text, JSON.stringify([runs[0], null, null, null, runs[4], runs[5]])));
  assert.deepEqual(partial.rows.map((r) => [r.value, r.runs.length]), [[1, 1], [12, 2]]);
});

test('a scenario without a sweep, and a job out of range, are refused with why', () => {
  assert.throws(() => sweep_plan(readScenario('mob-default.toml')), /no \[sweep\] section/);
  assert.throws(() => run_sweep_job(text, 6), /job 6 is not one of the sweep's 6/);
});
