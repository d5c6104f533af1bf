// Not a test: `npm run bench` (scripts/bench.sh) runs this. Issue 12's figures, in WASM under Node:
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
/** The limit cases, each with the field its refusal must name. */
const LIMITS = {
  'hanging link (latency 0, no writes, 64 GB client caches)': ['network.latency_ms', '[network]\nlatency_ms = 0\n[workload]\nwrite_prob = 0.0\n[client]\ncache_mb = 65536\n'],
  'the same at 1 µs: worst-case work over 2e10 accesses': ['network.latency_ms', '[network]\nlatency_ms = 0.001\n[workload]\nwrite_prob = 0.0\n[client]\ncache_mb = 65536\n'],
  'seek curve below 0 (0.5 / 2 / 20 ms)': ['disk.seek_max_ms', '[disk]\nseek_min_ms = 0.5\nseek_avg_ms = 2.0\nseek_max_ms = 20.0\n'],
  'seek curve below 0 (seek_max_ms = 1000)': ['disk.seek_max_ms', '[disk]\nseek_max_ms = 1000.0\n'],
  'a track smaller than a sector (track_kb = 0.0004)': ['disk.track_kb', '[disk]\ntrack_kb = 0.0004\ncylinders = 1000000\ntracks_per_cylinder = 1024\n'],
  'held accesses: 1,024 clients × 65,536-access transactions': ['workload.txn_len', '[client]\ncount = 1024\n[workload]\ntxn_len = 65536\nhot_area_mb = 0\n'],
  'a MOB of 15 M modifications': ['server.mob_mb', '[server]\nmob_mb = 2048\n[database]\nsize_mb = 4096\n'],
  'samples including the warm-up (every 0.01 s over 10 h)': ['run.sample_interval_s', '[network]\nlatency_ms = 10\n[run]\nwarmup_s = 18000.0\nduration_s = 18000.0\nsample_interval_s = 0.01\n'],
  'runs of a sweep over run.seeds (21 points × 100 seeds)': ['run.seeds', '[run]\nseeds = 100\n[sweep]\nparameter = "run.seeds"\nvalues = [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100]\n'],
  'a 10 MB comment-only scenario': ['', `${'# x\n'.repeat(2.5 * 2 ** 20)}`],
  'a seed above 2^53': ['meta.seed', '[meta]\nseed = 18014398509481984\n'],
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
/** The heaviest scenarios validation accepts, each with how far to run it. */
const HEAVY = {
  'mob-default, to 330 s': { text: mobDefault, untilNs: 330e9 },
  'the fullest MOB: 2^21 modifications, filled by 1,024 clients writing what they cache': {
    text: '[database]\nsize_mb = 300\n[server]\nmob_mb = 288\n[client]\ncount = 1024\ncache_mb = 65536\n[workload]\ntxn_len = 512\nhot_area_mb = 0\nwrite_prob = 1.0\n[run]\nwarmup_s = 5.0\nwarmup_flusher_passes = 0\nduration_s = 70.0\n',
    untilNs: 75e9,
  },
  'the largest database: 44.7 M objects in 1 MB pages': {
    text: '[database]\nsize_mb = 4096\nobject_bytes = 96\npage_kb = 1024\n[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 0\nduration_s = 59.0\n',
    untilNs: 60e9,
  },
};

console.log('\nlongest browser call slice (LabHost in WASM: load, seek to the end in slices, seek back to a third, step to the next flusher run, step):');
let longest = { ms: 0, op: '', name: '' };
for (const [name, { text, untilNs }] of Object.entries(HEAVY)) {
  const host = new LabHost();
  const t0 = performance.now();
  const loaded = await host.load(text);
  if (!loaded.ok) throw new Error(`${name}: refused: ${JSON.stringify(loaded.errors[0])}`);
  const loadMs = ms(t0);
  const t1 = performance.now();
  await host.seek(untilNs);
  const runS = ms(t1) / 1e3;
  await host.seek(untilNs / 3);
  const { flusher_start } = kindIds(loaded.description, ['flusher_start']);
  await host.stepToKind(flusher_start, untilNs / 3 + 600e9);
  host.step();
  const slice = host.longestSlice;
  console.log(`  ${slice.ms.toFixed(1).padStart(7)} ms in ${slice.op.padEnd(10)} ${name} (load ${loadMs.toFixed(0)} ms, run ${runS.toFixed(1)} s wall, ${host.checkpointCount} checkpoints)`);
  if (slice.ms > longest.ms) longest = { ...slice, name };
  host.dispose();
}
console.log(`  longest: ${longest.ms.toFixed(1)} ms (${longest.op}, ${longest.name})`);
await server.close();
