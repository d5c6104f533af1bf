// The WASM bridge: scenario errors, the JSON schema and the Lab API as the web app uses them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Lab, validate, schema } from './engine.mjs';

// All defaults but a short run, so constructing a Lab stays cheap.
const VALID = '[meta]\ntitle = "bridge test"\n\n[run]\nwarmup_s = 1.0\nduration_s = 1.0\n';

function errorsOf(text) {
  const errors = JSON.parse(validate(text));
  assert.ok(Array.isArray(errors), 'validate() returns a JSON array');
  assert.ok(errors.length >= 1, `expected errors for:\n${text}`);
  for (const e of errors) {
    for (const field of ['path', 'line', 'column', 'message']) assert.ok(field in e, `error has ${field}: ${JSON.stringify(e)}`);
    assert.equal(typeof e.message, 'string');
  }
  return errors;
}

test('a valid scenario has no errors', () => {
  assert.equal(validate(VALID), '[]');
  assert.equal(validate(''), '[]', 'the empty scenario is all defaults');
});

test('an unknown key is reported with its path and line', () => {
  const text = '[meta]\ntitle = "x"\n\n[client]\ncount = 4\ncache_megs = 6.0\n';
  const [e] = errorsOf(text);
  assert.match(e.path, /^client\b/);
  assert.equal(e.line, 6);
  assert.match(e.message, /cache_megs/);
});

test('a value of the wrong type is reported with its path, line and what was expected', () => {
  const text = '[client]\ncount = "twelve"\n';
  const [e] = errorsOf(text);
  assert.equal(e.path, 'client.count');
  assert.equal(e.line, 2);
  assert.ok(typeof e.expected === 'string' && e.expected.length > 0, `expected is stated: ${JSON.stringify(e)}`);
});

test('an out-of-range value is reported with its path and line', () => {
  const [e] = errorsOf('[meta]\ntitle = "x"\n[run]\nduration_s = -5.0\n');
  assert.equal(e.path, 'run.duration_s');
  assert.equal(e.line, 4);
});

test('a TOML syntax error is reported at its line', () => {
  const [e] = errorsOf('[meta]\ntitle = "x"\n[client\ncount = 3\n');
  assert.equal(e.line, 3);
});

test('new Lab() on an invalid scenario throws the same errors as validate()', () => {
  const text = '[client]\ncount = "twelve"\n';
  assert.throws(
    () => new Lab(text),
    (err) => err instanceof Error && err.message === validate(text),
  );
});

test('the seed defaults to meta.seed and must be a safe integer', () => {
  let lab = new Lab(VALID);
  assert.equal(lab.seed(), 1, 'thesis default meta.seed');
  lab.free();
  lab = new Lab(VALID.replace('[meta]\n', '[meta]\nseed = 42\n'));
  assert.equal(lab.seed(), 42);
  lab.free();
  lab = new Lab(VALID, 7);
  assert.equal(lab.seed(), 7);
  lab.free();
  assert.throws(() => new Lab(VALID, 1.5), /seed/);
  assert.throws(() => new Lab(VALID, -1), /seed/);
});

test('a Lab steps, advances and runs to the end', () => {
  const lab = new Lab(VALID);
  assert.equal(lab.now_ns(), 0);
  assert.equal(lab.finished(), false);
  assert.equal(lab.step(), true);
  assert.ok(lab.events() >= 1);
  lab.advance_to(0.5e9);
  assert.ok(lab.now_ns() <= 0.5e9, `now ${lab.now_ns()} ns`);
  const events = lab.events();
  lab.run_to_end();
  assert.equal(lab.finished(), true);
  assert.ok(lab.events() > events);
  assert.ok(lab.now_ns() >= 2e9, 'ran at least warm-up + duration');
  assert.equal(lab.step(), false, 'a finished run has no more events');
  assert.match(lab.trace_hash(), /^[0-9a-f]{16}$/);
  assert.equal(typeof JSON.parse(lab.summary_json()), 'object');
  lab.free();
});

test('schema() is a JSON schema with the scenario tables as properties', () => {
  const s = JSON.parse(schema());
  assert.equal(typeof s.properties, 'object');
  for (const table of ['meta', 'run', 'workload', 'client', 'network', 'server', 'flusher', 'disk']) {
    assert.ok(table in s.properties, `schema has properties.${table}`);
  }
});

test('series_json() holds one sample per run.sample_interval_s', () => {
  const text = '[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 0\nduration_s = 1.0\nsample_interval_s = 0.25\n';
  const lab = new Lab(text);
  lab.advance_to(0.6e9);
  assert.equal(JSON.parse(lab.series_json()).length, 2);
  lab.run_to_end();
  const series = JSON.parse(lab.series_json());
  assert.deepEqual(series.map((s) => s.t_s), [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
  assert.deepEqual(series.map((s) => s.measuring), [false, false, false, false, true, true, true, true]);
  for (const key of ['throughput_tps', 'disk_utilisation', 'mob_occupancy', 'server_cache_hit_ratio']) {
    assert.ok(key in series[0], `sample has ${key}`);
  }
  lab.free();
});
