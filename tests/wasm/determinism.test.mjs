// Determinism (DESIGN.md §2): the same scenario and seed give an identical summary and trace hash
// on every WASM run, however the run is driven, and identical to the native CLI.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Lab, readScenario, root, storelabBin } from './engine.mjs';
import { setKeys } from './scenario-text.mjs';

// A short run of the default MOB scenario; the CLI gets the same change through --set.
const SHORT = { duration_s: 20, warmup_s: 5 };
const SCENARIO = 'scenarios/mob-default.toml';
const text = setKeys(readScenario('mob-default.toml'), 'run', SHORT);

function result(lab) {
  const r = {
    finished: lab.finished(),
    events: lab.events(),
    now_ns: lab.now_ns(),
    trace_hash: lab.trace_hash(),
    summary_json: lab.summary_json(),
  };
  lab.free();
  return r;
}

function runToEnd() {
  const lab = new Lab(text);
  lab.run_to_end();
  return result(lab);
}

const reference = runToEnd();

test('the short scenario runs to completion', () => {
  assert.equal(reference.finished, true);
  assert.ok(reference.events > 0);
  assert.ok(reference.now_ns >= (SHORT.warmup_s + SHORT.duration_s) * 1e9);
});

test('two WASM runs give identical results', () => {
  assert.deepEqual(runToEnd(), reference);
});

test('stepping and advancing frame by frame gives the same run as running to the end', () => {
  const lab = new Lab(text);
  for (let i = 0; i < 1000 && lab.step(); i++);
  // 1/60 s of wall time at 1 simulated second per second, then coarser frames.
  let t = lab.now_ns();
  for (let dt = 16.7e6; !lab.finished(); dt = Math.min(dt * 1.5, 1e9)) {
    t += dt;
    lab.advance_to(t);
    assert.ok(t < 1e15, 'advance_to() reaches the end of the run');
  }
  assert.deepEqual(result(lab), reference);
});

test('WASM and the native CLI give the identical summary and trace hash', () => {
  assert.ok(fs.existsSync(storelabBin), `${storelabBin} is missing: cargo build --release -p storelab-cli`);
  const args = ['run', SCENARIO, ...Object.entries(SHORT).flatMap(([k, v]) => ['--set', `run.${k}=${v}`]), '--json'];
  const cli = spawnSync(storelabBin, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  assert.equal(cli.status, 0, `storelab ${args.join(' ')} failed:\n${cli.stderr}`);
  const native = JSON.parse(cli.stdout).runs[0];
  assert.equal(native.trace_hash, reference.trace_hash);
  assert.equal(native.events, reference.events);
  assert.deepEqual(native.summary, JSON.parse(reference.summary_json));
});

test('WASM reproduces the golden runs of tests/golden/runs.json', () => {
  const golden = JSON.parse(fs.readFileSync(path.join(root, 'tests/golden/runs.json'), 'utf8'));
  assert.ok(golden.cases.length > 0);
  for (const c of golden.cases) {
    let text = fs.readFileSync(path.join(root, c.scenario), 'utf8');
    for (const [field, value] of Object.entries(c.set)) {
      const [table, key] = field.split('.');
      text = setKeys(text, table, { [key]: Number.isNaN(Number(value)) ? value : Number(value) });
    }
    const lab = new Lab(text, c.seed);
    lab.run_to_end();
    const r = result(lab);
    assert.deepEqual(
      { events: r.events, trace_hash: r.trace_hash, summary: JSON.parse(r.summary_json) },
      { events: c.events, trace_hash: c.trace_hash, summary: c.summary },
      c.name,
    );
  }
});

test('setKeys edits TOML as --set does', () => {
  assert.equal(setKeys('[run]\nduration_s = 300\n[disk]\nrpm = 1\n', 'run', { duration_s: 20, warmup_s: 5 }),
    '[run]\nwarmup_s = 5\nduration_s = 20\n[disk]\nrpm = 1\n');
  assert.equal(setKeys('[meta]\nseed = 3\n', 'run', { duration_s: 2.5 }), '[meta]\nseed = 3\n\n[run]\nduration_s = 2.5\n');
  assert.equal(setKeys('[runs]\nx = 1\n[run] # comment\n', 'run', { warmup_s: 0 }),
    '[runs]\nx = 1\n[run] # comment\nwarmup_s = 0\n');
});
