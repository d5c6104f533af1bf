// Not a test: `npm run bench` (scripts/bench.sh) runs this. Issues 12 and 23's figures, for every
// system, in WASM under Node:
//  1. the time to refuse each limit case the issue found (goal: under 100 ms each), best of 5;
//  2. the longest stretch the lab's worker keeps the engine busy without yielding (the longest
//     browser call slice): the real LabHost (web/src/engine/host.ts, loaded through Vite) loads
//     the heaviest scenarios validation accepts and seeks, steps and runs to the next flusher run
//     in them, as the lab does.
//   node tests/wasm/robustness-bench.mjs
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { Lab, readScenario, root } from './engine.mjs';

const ms = (t0) => performance.now() - t0;

// --- 1. refusals -------------------------------------------------------------------------------
const HAC = '[system]\nkind = "hac"\n';
const OPLOG = '[system]\nkind = "oplog"\n';
/** The issues' limit cases, each with the field its refusal must name. */
const LIMITS = {
  'hanging link (latency 0, no writes, 64 GB client caches)': ['network.latency_ms', '[network]\nlatency_ms = 0\n[workload]\nwrite_prob = 0.0\n[client]\ncache_mb = 65536\n'],
  'the same at 1 µs: worst-case work over 600 s of the engine': ['network.latency_ms', '[network]\nlatency_ms = 0.001\n[workload]\nwrite_prob = 0.0\n[client]\ncache_mb = 65536\n'],
  'seek curve below 0 (0.5 / 2 / 20 ms)': ['disk.seek_max_ms', '[disk]\nseek_min_ms = 0.5\nseek_avg_ms = 2.0\nseek_max_ms = 20.0\n'],
  'seek curve below 0 (seek_max_ms = 1000)': ['disk.seek_max_ms', '[disk]\nseek_max_ms = 1000.0\n'],
  'a track smaller than a sector (track_kb = 0.0004)': ['disk.track_kb', '[disk]\ntrack_kb = 0.0004\ncylinders = 1000000\ntracks_per_cylinder = 1024\n'],
  'held accesses: 1,024 clients × 65,536-access transactions': ['workload.txn_len', '[client]\ncount = 1024\n[workload]\ntxn_len = 65536\nhot_area_mb = 0\n'],
  'a MOB of 15 M modifications': ['server.mob_mb', '[server]\nmob_mb = 2048\n[database]\nsize_mb = 4096\n'],
  'samples including the warm-up (every 0.01 s over 10 h)': ['run.sample_interval_s', '[network]\nlatency_ms = 10\n[run]\nwarmup_s = 18000.0\nduration_s = 18000.0\nsample_interval_s = 0.01\n'],
  'runs of a sweep over run.seeds (21 points × 100 seeds)': ['run.seeds', '[run]\nseeds = 100\n[sweep]\nparameter = "run.seeds"\nvalues = [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100]\n'],
  'a 10 MB comment-only scenario': ['', `${'# x\n'.repeat(2.5 * 2 ** 20)}`],
  'a seed above 2^53': ['meta.seed', '[meta]\nseed = 18014398509481984\n'],
  'HAC: replacement of 65 pointers × 64 frames over 2,048 candidates a fetch': ['client.scan_frames', `${HAC}[client]\ncache_mb = 16\nretention = 0.95\nepochs = 1000\nsecondary_pointers = 64\nscan_frames = 64\n`],
  'HAC: a 38 MB database on a 512-byte disk': ['database.page_kb', `${HAC}[disk]\ncylinders = 1\ntracks_per_cylinder = 1\ntrack_kb = 0.5\n`],
  'HAC: seek curve below 0 (0.5 / 2 / 20 ms)': ['disk.seek_max_ms', `${HAC}[disk]\nseek_min_ms = 0.5\nseek_avg_ms = 2.0\nseek_max_ms = 20.0\n`],
  'HAC: a page longer on the wire than a run (1e-300 Mb/s)': ['network.bandwidth_mbps', `${HAC}[network]\nbandwidth_mbps = 1e-300\n`],
  'HAC: QuickStore on an update traversal': ['workload.traversal', `${HAC}[workload]\ntraversal = "t2b"\n[client]\npolicy = "quickstore"\n`],
  'log: 1e-6 ms messages with no think, CPU or fetch costs': ['network.latency_ms', `${OPLOG}[network]\nlatency_ms = 1e-6\nmessage_cpu_us = 0\n[client]\nthink_ms = 0\nfetch_ratio = 0\n[server]\nvalidation_us = 0\ninstallation_ms = 0\n`],
  'log: 500 clients, no think time, all writes, 36,000 s': ['network.latency_ms', `${OPLOG}[client]\ncount = 500\nthink_ms = 0\nwrite_ratio = 1\n[run]\nwarmup_s = 0\nduration_s = 36000\n`],
  'log: samples every 0.01 s over 10,000 s, in the lab\'s 11 copies': ['run.sample_interval_s', `${OPLOG}[run]\nwarmup_s = 0\nduration_s = 10000\nsample_interval_s = 0.01\n`],
};

console.log('time to refuse each limit case (new Lab, WASM; best of 5; goal < 100 ms):');
let worstRefusal = 0;
for (const [name, [path, text]] of Object.entries(LIMITS)) {
  let best = Infinity;
  let errors = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    try {
      new Lab(text).free();
      throw new Error(`${name}: accepted, but it is a limit case`);
    } catch (e) {
      if (e.message.endsWith('a limit case')) throw e;
      best = Math.min(best, ms(t0));
      errors = JSON.parse(e.message);
    }
  }
  const named = errors.find((e) => e.path === path && (e.line > 0 || path !== ''));
  if (!named) throw new Error(`${name}: refused, but not at ${path || 'a line'}: ${JSON.stringify(errors)}`);
  worstRefusal = Math.max(worstRefusal, best);
  console.log(`  ${best.toFixed(2).padStart(7)} ms  ${name}  → ${path || '(the text)'}, line ${named.line}`);
}
console.log(`  slowest refusal: ${worstRefusal.toFixed(2)} ms`);

// --- 2. the longest browser call slice -----------------------------------------------------------
const server = await createServer({ root: path.join(root, 'web'), configFile: false, logLevel: 'warn', appType: 'custom', server: { middlewareMode: true, hmr: false } });
const wasm = await server.ssrLoadModule('/src/engine/wasm.ts');
await wasm.initEngine(fs.readFileSync(path.join(root, 'engine/wasm/npm/storelab_wasm_bg.wasm')));
const { LabHost } = await server.ssrLoadModule('/src/engine/host.ts');
const { kindIds } = await server.ssrLoadModule('/src/views/lib/describe.ts');

const mobDefault = readScenario('mob-default.toml');
/** The heaviest scenarios validation accepts, each with how far to run it and the record kind to
 * step to. */
const HEAVY = {
  'mob-default, to 330 s': { text: mobDefault, untilNs: 330e9 },
  'HAC: the costliest replacement accepted (9 pointers × 10 frames over 900 candidates), hot T1+': {
    text: `${HAC}[workload]\ntraversal = "t1_plus"\nstart = "hot"\n[client]\ncache_mb = 16\nepochs = 10\nsecondary_pointers = 8\nscan_frames = 10\n`,
    untilNs: 400e9,
    kind: 'compaction',
  },
  'HAC: the dynamic traversal (two medium databases, 7,500 operations)': {
    text: `${HAC}[workload]\ntraversal = "dynamic"\n`,
    untilNs: 400e9,
    kind: 'compaction',
  },
  'log: the largest log (12,000 pages) and 70 clients, opportunistic': {
    text: `${OPLOG}[server]\ndesign = "opportunistic"\nlog_pages = 12000\n[client]\ncount = 70\n[run]\nduration_s = 600\n`,
    untilNs: 630e9,
    kind: 'install_choice',
  },
  'the fullest MOB: 2^21 modifications, filled by 1,024 clients writing what they cache': {
    text: '[database]\nsize_mb = 300\n[server]\nmob_mb = 288\n[client]\ncount = 1024\ncache_mb = 65536\n[workload]\ntxn_len = 512\nhot_area_mb = 0\nwrite_prob = 1.0\n[run]\nwarmup_s = 5.0\nwarmup_flusher_passes = 0\nduration_s = 60.0\n',
    untilNs: 65e9,
  },
  'Thor0: cold T1 on the medium database, shrinking a fifth at a time (90 collections)': {
    text: '[system]\nkind = "thor"\n[database]\nsize = "medium"\n[fe]\nshrink = 0.2\n',
    untilNs: 560e9,
    kind: 'flip',
  },
  'the largest database: 44.7 M objects in 1 MB pages': {
    text: '[database]\nsize_mb = 4096\nobject_bytes = 96\npage_kb = 1024\n[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 0\nduration_s = 59.0\n',
    untilNs: 60e9,
  },
};

console.log('\nlongest browser call slice (LabHost in WASM: load, seek to the end in slices, seek back to a third, step to the next record of a kind, step):');
let longest = { ms: 0, op: '', name: '' };
for (const [name, { text, untilNs, kind = 'flusher_start' }] of Object.entries(HEAVY)) {
  const host = new LabHost();
  const t0 = performance.now();
  const loaded = await host.load(text);
  if (!loaded.ok) throw new Error(`${name}: refused: ${JSON.stringify(loaded.errors[0])}`);
  const loadMs = ms(t0);
  const t1 = performance.now();
  await host.seek(untilNs);
  const runS = ms(t1) / 1e3;
  await host.seek(untilNs / 3);
  const { [kind]: id } = kindIds(loaded.description, [kind]);
  await host.stepToKind(id, untilNs / 3 + 600e9);
  host.step();
  const slice = host.longestSlice;
  console.log(`  ${slice.ms.toFixed(1).padStart(7)} ms in ${slice.op.padEnd(10)} ${name} (load ${loadMs.toFixed(0)} ms, run ${runS.toFixed(1)} s wall, ${host.checkpointCount} checkpoints)`);
  if (slice.ms > longest.ms) longest = { ...slice, name };
  host.dispose();
}
console.log(`  longest: ${longest.ms.toFixed(1)} ms (${longest.op}, ${longest.name})`);
await server.close();
