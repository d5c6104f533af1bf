// Loads the WASM engine for the Node suites, both modules (the lab's, which runs simulations, and
// the tools': text, schemas, assignments, a sweep's plan and table): the web-target glue generated
// by scripts/build-wasm.sh, initialised with the .wasm bytes (the glue's default fetch() cannot
// read file:// URLs under Node). Also locates the native release CLI for comparisons.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

const pkg = path.join(root, 'engine/wasm/npm');
const wasmFile = path.join(pkg, 'storelab_wasm_bg.wasm');
const toolsFile = path.join(pkg, 'storelab_wasm_tools_bg.wasm');
for (const file of [wasmFile, toolsFile]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run bash scripts/build-wasm.sh`);
}
const glue = await import('@storelab/engine');
const exports = await glue.default({ module_or_path: fs.readFileSync(wasmFile) });
const tools = await import('@storelab/engine/tools');
await tools.default({ module_or_path: fs.readFileSync(toolsFile) });

export const { Lab, run_sweep_job } = glue;
export const { validate, schema, set_field, read_field, remove_field, sweep_plan, sweep_table } = tools;
export const {
  assignment_validate,
  assignment_outline,
  assignment_seed,
  assignment_problem,
  assignment_key,
  assignment_submission,
} = tools;

/** The engine's linear memory (it only grows), for measuring what checkpoints cost. */
export const memory = () => exports.memory;

/** The release CLI (`cargo build --release -p storelab-cli`). */
export const storelabBin = path.join(
  process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(root, 'engine/target'),
  'release/storelab',
);

export function readScenario(name) {
  return fs.readFileSync(path.join(root, 'scenarios', name), 'utf8');
}

export function readAssignment(name) {
  return fs.readFileSync(path.join(root, 'assignments', name), 'utf8');
}
