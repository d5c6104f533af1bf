// The engine's self-description (record kinds, summary figures) and the field edits the web app
// makes through the engine (set, read and remove a field by path, as the CLI's --set does).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { Lab, readScenario, root, schema, set_field, read_field, remove_field, storelabBin, validate } from './engine.mjs';

test('a Lab describes its record kinds and figures, numbered as its trace counts them', () => {
  const lab = new Lab(readScenario('mob-default.toml'));
  const d = JSON.parse(lab.describe_json());
  assert.equal(d.kind, 'mob');
  assert.deepEqual(d.records.map((r) => r.id), d.records.map((_, i) => i), 'numbered 0..n-1');
  assert.equal(new Set(d.records.map((r) => r.name)).size, d.records.length, 'names are unique');
  assert.ok(d.records.every((r) => /^[a-z_]+$/.test(r.name) && r.label && r.description));
  assert.equal(lab.trace_counts().length, d.records.length);
  const flusher = d.records.find((r) => r.name === 'flusher_start');
  assert.equal(flusher.step, 'next flusher run');
  const diskEnd = d.records.find((r) => r.name === 'disk_end');
  assert.deepEqual(
    diskEnd.fields.filter((f) => f.field === 'a').map((f) => [f.label, f.shift, f.bits]),
    [['request', 0, 8], ['transfer', 8, 45]],
    'packed fields say which bits they use',
  );
  assert.ok(d.figures.some((f) => f.path === 'throughput_tps' && f.unit === 'tx/s'));
  assert.deepEqual(
    d.views.map((v) => v.view),
    ['SystemDiagram', 'MobView', 'DiskView', 'CacheView', 'SpaceView', 'Charts', 'EventLog', 'Inspector'],
  );
  assert.ok(d.views.every((v) => v.title && v.hint));
  lab.free();
});

test('the CLI prints the same description (storelab describe)', () => {
  const cli = spawnSync(storelabBin, ['describe', 'scenarios/mob-default.toml'], { cwd: root, encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const lab = new Lab(readScenario('mob-default.toml'));
  assert.deepEqual(JSON.parse(cli.stdout), JSON.parse(lab.describe_json()));
  lab.free();
});

test('fields are set, read and removed by path through the engine, comments kept', () => {
  const text = '[meta]\ntitle = "t"\n\n[server]\nmob_mb = 12 # Table 4.7\n';
  const set = set_field(text, 'server.mob_mb', '4');
  assert.match(set, /mob_mb = 4 # Table 4\.7/);
  assert.equal(read_field(set, 'server.mob_mb'), '4');
  assert.equal(read_field(set, 'client.count'), undefined);
  const added = set_field(set, 'flusher.release', 'per_batch');
  assert.equal(read_field(added, 'flusher.release'), '"per_batch"');
  assert.deepEqual(JSON.parse(validate(added)), []);
  assert.equal(read_field(remove_field(added, 'server.mob_mb'), 'server.mob_mb'), undefined);
  assert.throws(
    () => set_field(text, 'server.mob_size', '4'),
    (e) => JSON.parse(e.message)[0].path === 'server.mob_size' && /mob_mb/.test(JSON.parse(e.message)[0].message),
  );
  assert.throws(() => set_field(text, 'server.mob_mb', 'big'), (e) => /a number \(MB\)/.test(e.message));
});

test('the schema is per system: the common sections and those its [system] kind selects', () => {
  const mob = JSON.parse(schema('mob'));
  assert.deepEqual(Object.keys(mob.properties), ['meta', 'system', 'run', 'database', 'workload', 'oo7', 'client', 'network', 'server', 'flusher', 'wo', 'disk', 'sweep']);
  assert.equal(mob.additionalProperties, false);
  assert.deepEqual(JSON.parse(schema()), mob, 'the default system');
  assert.throws(() => schema('nope'), /no system `nope`; the systems are: mob/);
});
