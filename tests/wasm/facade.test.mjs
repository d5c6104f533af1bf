// The per-frame facade: trace draining, snapshots as typed arrays, event stepping, stepping to a
// record kind, series deltas and checkpoints (fork). Also prints what a checkpoint of the default
// MOB scenario costs in WASM memory, the figure the web host's checkpoint limits are chosen by.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Lab, readScenario, memory } from './engine.mjs';
import { setKeys } from './scenario-text.mjs';

const KINDS = JSON.parse(new Lab('').describe_json()).records;
const FLUSHER_START = KINDS.find((k) => k.name === 'flusher_start').id;
const SHORT = '[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 0\nduration_s = 2.0\n[server]\nmob_mb = 1.0\n';

test('a Lab traces by default and drains each record once, as typed arrays', () => {
  const lab = new Lab(SHORT);
  lab.advance_to(0.2e9);
  const n = lab.drain_trace();
  assert.ok(n > 0);
  const t = lab.trace_t();
  assert.ok(t instanceof Float64Array && t.length === n);
  assert.ok(lab.trace_kind() instanceof Uint8Array && lab.trace_kind().length === n);
  assert.ok(lab.trace_entity() instanceof Uint32Array);
  for (const col of [lab.trace_a(), lab.trace_b(), lab.trace_c()]) assert.equal(col.length, n);
  assert.ok(t.every((x, i) => i === 0 || t[i - 1] <= x) && t[n - 1] <= 0.2e9, 'oldest first, up to now');
  assert.equal(lab.drain_trace(), 0, 'nothing new');
  lab.set_tracing(false);
  lab.advance_to(0.3e9);
  assert.equal(lab.drain_trace(), 0);
  assert.ok(lab.trace_lost() > 0, 'records emitted while off are reported lost');
  lab.free();
});

test('a long batch keeps its newest 8192 records and every disk, flusher and page-write record', () => {
  const FULL = KINDS.filter((k) => k.kept_in_full).map((k) => k.id);
  assert.deepEqual(KINDS.filter((k) => k.kept_in_full).map((k) => k.name), ['disk_start', 'disk_end', 'flusher_start', 'flusher_page', 'page_write']);
  const lab = new Lab(SHORT.replace('duration_s = 2.0', 'duration_s = 20.0'));
  lab.drain_trace();
  const before = lab.trace_counts();
  lab.advance_to(6e9);
  const n = lab.drain_trace();
  const counts = lab.trace_counts();
  const emitted = counts.reduce((s, c, k) => s + c - before[k], 0);
  assert.ok(emitted < 65536 && emitted > 8192 + 1000, `a batch the ring holds but the cap shortens (${emitted} records)`);
  assert.equal(n + lab.trace_lost(), emitted, 'every record is drained or counted lost');
  const kinds = lab.trace_kind();
  for (const k of FULL) assert.equal(kinds.filter((x) => x === k).length, counts[k] - before[k], `kind ${k} in full`);
  const rest = kinds.filter((x) => !FULL.includes(x)).length;
  assert.ok(rest <= 8192 && rest > 0);
  const t = lab.trace_t();
  assert.ok(t.every((x, i) => i === 0 || t[i - 1] <= x), 'still oldest first');
  // The newest records are the ones kept: the last record drained is the last one emitted.
  lab.advance_to(6.1e9);
  assert.ok(lab.drain_trace() > 0 && lab.trace_t()[0] >= t[n - 1]);
  lab.free();
});

/** The frame's sections by name, read as the description declares them (as web/src/engine/frame.ts does). */
function sections(lab) {
  const out = {};
  JSON.parse(lab.describe_json()).sections.forEach((info, i) => {
    const values = lab.section_scalars(i);
    const scalars = Object.fromEntries(info.scalars.map((c, j) => [c.name, values[j]]));
    const columns = Object.fromEntries(info.columns.map((c, j) => [c.name, lab[`section_${c.type}`](i, j)]));
    out[info.name] = { scalars, columns };
  });
  return out;
}

test('a frame has every described section, each column of its declared type', () => {
  const lab = new Lab(SHORT);
  lab.advance_to(2.5e9);
  lab.snapshot();
  assert.equal(lab.phase(), 1);
  const TYPES = { u8: Uint8Array, u32: Uint32Array, f64: Float64Array };
  const d = JSON.parse(lab.describe_json());
  const s = sections(lab);
  for (const info of d.sections) {
    for (const c of info.scalars) assert.ok(Number.isFinite(s[info.name].scalars[c.name]), `${info.name}.${c.name}`);
    const lengths = info.columns.map((c) => {
      const col = s[info.name].columns[c.name];
      assert.ok(col instanceof TYPES[c.type], `${info.name}.${c.name} is ${c.type}`);
      return col.length;
    });
    assert.ok(lengths.every((n) => n === lengths[0]), `${info.name}'s columns are equally long`);
  }
  const { mob, disk, cache, clients, flusher, database } = s;
  assert.ok(mob.scalars.used_bytes <= mob.scalars.capacity_bytes);
  const live = mob.columns.count.reduce((sum, c) => sum + c, 0);
  assert.equal(live, mob.scalars.inserted - mob.scalars.superseded - mob.scalars.removed);
  const one = Object.fromEntries(Object.entries(disk.columns).map(([k, c]) => [k, c[0]]));
  assert.equal(disk.columns.device.length, 1, 'one disk');
  assert.ok(one.rev_ns > 0 && one.database_cylinders <= one.cylinders);
  assert.ok(one.head_cylinder >= 0 && one.head_cylinder < one.cylinders);
  assert.ok(cache.columns.page.length <= cache.scalars.capacity_pages);
  assert.equal(clients.columns.state.length, 12);
  assert.ok(mob.scalars.inserted > 0 && Number.isInteger(flusher.scalars.passes));
  assert.ok(database.scalars.pages * database.scalars.objects_per_page > 0);
  lab.free();
});

test('advance_events processes exactly n events', () => {
  const lab = new Lab(SHORT);
  assert.equal(lab.advance_events(100), true);
  assert.equal(lab.events(), 100);
  assert.equal(lab.advance_events(1), true);
  assert.equal(lab.events(), 101);
  lab.free();
});

test('a call with an index or a count the Lab does not have is refused by name, and the Lab keeps working (issue 23, item 9)', () => {
  const lab = new Lab(SHORT);
  lab.advance_to(0.2e9);
  lab.snapshot();
  const sections = JSON.parse(lab.describe_json()).sections;
  const last = sections.length - 1;
  // Before the fix these panicked, and every later call failed with "recursive use of an object".
  assert.throws(() => lab.section_f64(999, 999), /the frame has no section 999: its sections are 0 to \d+/);
  assert.throws(() => lab.section_scalars(-1), /the frame has no section -1/);
  assert.throws(() => lab.section_u8(0, 99), /section 0 has no column 99/);
  assert.throws(() => lab.section_u32(1.5, 0), /no section 1.5/);
  assert.ok(lab.section_scalars(last) instanceof Float64Array, 'the Lab still answers');
  // advance_events(-1) ran a whole run in one call (-1 became 2^32 - 1).
  const events = lab.events();
  assert.throws(() => lab.advance_events(-1), /advance_events takes a whole number of events from 0 to 4294967295, not -1/);
  assert.throws(() => lab.advance_to(1e9, -5), /max_events takes a whole number/);
  assert.equal(lab.events(), events, 'nothing ran');
  // step_to_kind(999) named kind 231 (999 mod 256).
  assert.throws(() => lab.step_to_kind(999, 1e9), /unknown record kind 999/);
  assert.equal(lab.advance_events(10), true);
  assert.equal(lab.events(), events + 10);
  lab.free();
});

test('step_to_kind stops after the first flusher start, or at the limit', () => {
  const lab = new Lab(SHORT);
  assert.equal(lab.step_to_kind(FLUSHER_START, 10e9), true);
  lab.drain_trace();
  const kinds = lab.trace_kind();
  const t = lab.trace_t();
  const at = kinds.lastIndexOf(FLUSHER_START);
  assert.ok(at >= 0 && kinds.indexOf(FLUSHER_START) === at, 'exactly one flusher start');
  assert.ok(t.subarray(at).every((x) => x === lab.now_ns()), 'nothing after that event');
  const now = lab.now_ns();
  assert.equal(lab.step_to_kind(FLUSHER_START, now + 1000), false);
  assert.equal(lab.now_ns(), now + 1000);
  assert.throws(() => lab.step_to_kind(200, 1e9), /unknown record kind/);
  lab.free();
});

test('series_since_json gives only the new samples', () => {
  const lab = new Lab(SHORT.replace('duration_s = 2.0', 'duration_s = 2.0\nsample_interval_s = 0.25'));
  lab.advance_to(0.6e9);
  assert.equal(lab.series_len(), 2);
  lab.advance_to(1.1e9);
  assert.deepEqual(JSON.parse(lab.series_since_json(2)).map((s) => s.t_s), [0.75, 1]);
  assert.deepEqual(JSON.parse(lab.series_since_json(99)), []);
  lab.free();
});

test('title and planned end come from the scenario', () => {
  const lab = new Lab(`[meta]\ntitle = "T"\n${SHORT}`);
  assert.equal(lab.title(), 'T');
  assert.equal(lab.end_ns(), 3e9);
  lab.free();
  const waits = new Lab('[run]\nwarmup_s = 1.0\nduration_s = 1.0\n');
  assert.equal(waits.end_ns(), undefined, 'the warm-up waits for flusher passes');
  waits.free();
});

test('a run that ends itself (HAC, with its traversal) has an end only once it is over, and its fork too', () => {
  const lab = new Lab(readScenario('hac-t6-cold.toml'));
  assert.equal(lab.end_ns(), undefined, 'the measured window (300 s) is only a bound');
  lab.advance_to(1e9);
  const fork = lab.fork();
  assert.equal(lab.end_ns(), undefined);
  lab.run_to_end();
  assert.ok(lab.now_ns() < 300e9, `T6 ends long before the bound: ${lab.now_ns()}`);
  assert.equal(lab.end_ns(), lab.now_ns());
  fork.run_to_end();
  assert.equal(fork.end_ns(), lab.end_ns());
  lab.free();
  fork.free();
});

test('a fork continues exactly like the original and drains from the fork point', () => {
  const a = new Lab(SHORT);
  a.advance_to(0.8e9);
  a.drain_trace();
  const b = a.fork();
  assert.equal(b.drain_trace(), 0);
  a.advance_to(2.5e9);
  b.advance_to(2.5e9);
  assert.equal(b.trace_hash(), a.trace_hash());
  assert.equal(b.summary_json(), a.summary_json());
  assert.equal(b.drain_trace(), a.drain_trace());
  assert.deepEqual(b.trace_c(), a.trace_c());
  a.free();
  b.free();
});

test('checkpoint memory of mob-default (reported, not timed)', () => {
  const text = setKeys(readScenario('mob-default.toml'), 'run', { warmup_s: 5, duration_s: 60 });
  const lab = new Lab(text);
  const t0 = performance.now();
  lab.advance_to(60e9); // the 12 MB MOB is full and cycling by now
  const wallS = (performance.now() - t0) / 1000;
  lab.snapshot();
  const before = memory().buffer.byteLength;
  const forks = [];
  for (let i = 0; i < 10; i++) forks.push(lab.fork());
  const perFork = (memory().buffer.byteLength - before) / forks.length;
  console.log(`# mob-default at 60 s: MOB ${(sections(lab).mob.scalars.used_bytes / 2 ** 20).toFixed(1)} MiB used; ` +
    `a fork grows WASM memory by ~${(perFork / 2 ** 20).toFixed(2)} MiB; ` +
    `replay speed ~${(60 / wallS).toFixed(0)} simulated s per wall s`);
  assert.ok(perFork < 16 * 2 ** 20, 'a checkpoint stays well under 16 MiB');
  for (const f of forks) f.free();
  lab.free();
});
