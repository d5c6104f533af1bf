// Not a test: `npm run bench` (scripts/bench.sh) runs this after `storelab bench`.
// Times one run of a scenario natively (the release CLI) and in WASM under Node, and prints
// scheduled (queue) events/s, simulated seconds per wall second and the WASM/native ratio.
//   node tests/wasm/bench.mjs [SCENARIO] [--duration S] [--warmup S] [--repeat N]
// Defaults: scenarios/mob-default.toml with its own run length, one seed, best of 3.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Lab, root, storelabBin } from './engine.mjs';
import { setKeys } from './scenario-text.mjs';
import { record } from '../bench/record.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { duration: { type: 'string' }, warmup: { type: 'string' }, repeat: { type: 'string', default: '3' } },
});
const scenario = positionals[0] ?? 'scenarios/mob-default.toml';
const overrides = { seeds: 1 };
if (opts.duration !== undefined) overrides.duration_s = Number(opts.duration);
if (opts.warmup !== undefined) overrides.warmup_s = Number(opts.warmup);
const text = setKeys(fs.readFileSync(path.resolve(root, scenario), 'utf8'), 'run', overrides);

const repeat = Math.max(1, Number(opts.repeat));
const seconds = (t0) => (performance.now() - t0) / 1e3;

// WASM: building the Lab (parse, database set-up) and the run timed separately; best of `repeat`.
// The native CLI keeps no trace records (it only hashes them), so the WASM run it is compared
// with does not either; the lab's own runs keep them for the views, timed separately.
// A system that generates its database keeps it for the next run of the same seed (the HAC
// system's OO7 database): a first build, at a seed not built before, times the generation.
const freshSeed = 1_000_000 + Math.floor(performance.now());
let t0 = performance.now();
new Lab(setKeys(text, 'meta', { seed: freshSeed })).free();
const firstSetupS = seconds(t0);
let wasmSetupS = Infinity;
let wasmS = Infinity;
let wasmTracedS = Infinity;
let wasm;
for (let i = 0; i < repeat; i++) {
  for (const tracing of [false, true]) {
    let t0 = performance.now();
    const lab = new Lab(text);
    wasmSetupS = Math.min(wasmSetupS, seconds(t0));
    lab.set_tracing(tracing);
    t0 = performance.now();
    lab.run_to_end();
    if (tracing) wasmTracedS = Math.min(wasmTracedS, seconds(t0));
    else wasmS = Math.min(wasmS, seconds(t0));
    const accesses = JSON.parse(lab.summary_json()).accesses;
    wasm = { events: lab.events(), simS: lab.now_ns() / 1e9, hash: lab.trace_hash(), seed: lab.seed(), accesses };
    lab.free();
  }
}

// Native: the whole CLI process, start-up and parsing included (milliseconds); best of `repeat`.
const sets = Object.entries(overrides).flatMap(([k, v]) => ['--set', `run.${k}=${v}`]);
let nativeS = Infinity;
let native;
for (let i = 0; i < repeat; i++) {
  const t0 = performance.now();
  const cli = spawnSync(storelabBin, ['run', scenario, ...sets, '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  nativeS = Math.min(nativeS, seconds(t0));
  if (cli.status !== 0) throw new Error(`storelab run failed:\n${cli.stderr}`);
  native = JSON.parse(cli.stdout).runs[0];
}

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const line = (name, events, wallS) =>
  `${name.padEnd(7)} ${fmt(events)} scheduled events in ${wallS.toFixed(3)} s: ${fmt(events / wallS / 1e6)} M/s, ` +
  `${fmt(wasm.simS / wallS)} simulated s per wall s`;

console.log(`${scenario}, seed ${wasm.seed}: ${fmt(wasm.simS)} simulated s, ${fmt(wasm.events)} scheduled events, best of ${repeat}`);
console.log(line('native', native.events, nativeS));
console.log(line('wasm', wasm.events, wasmS) + ` (+ ${(wasmSetupS * 1e3).toFixed(1)} ms to build the Lab; ${(firstSetupS * 1e3).toFixed(1)} ms the first time for a seed, with what the system builds once per seed)`);
// A system whose clients walk objects (HAC) also counts the object accesses of its measured run.
if (typeof wasm.accesses === 'number') {
  console.log(`wasm    ${fmt(wasm.accesses)} object accesses measured: ${fmt(wasm.accesses / wasmS / 1e6)} M accesses/s (native: storelab bench ${scenario})`);
}
console.log(line('wasm, records kept (as in the lab)', wasm.events, wasmTracedS));
const ratio = wasm.events / wasmS / (native.events / nativeS);
console.log(`wasm/native events/s ratio: ${ratio.toFixed(3)}`);
record(`${path.basename(scenario, '.toml')}: WASM/native events/s`, ratio, '', { min: 0.85 });
record(`${path.basename(scenario, '.toml')}: WASM simulated s per wall s`, wasm.simS / wasmS, 's/s');
if (native.trace_hash !== wasm.hash || native.events !== wasm.events) {
  console.error(`warning: native and WASM runs differ (trace hash ${native.trace_hash} vs ${wasm.hash})`);
  process.exitCode = 1;
}
