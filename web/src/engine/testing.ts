// Test helpers: the real engine under Node, from the .wasm bytes (see wasm.ts).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SystemDescription } from './types';
import { initEngine, Lab } from './wasm';
import { initTools } from './tools';

// Paths, not URL objects: under jsdom the global URL is jsdom's, which node:fs does not take.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Both of the engine's modules: the lab's (simulations) and the tools' (text, schemas). */
export function loadEngineForTests(): Promise<unknown> {
  return Promise.all([
    initEngine(readFileSync(join(root, 'engine/wasm/npm/storelab_wasm_bg.wasm'))),
    initTools(readFileSync(join(root, 'engine/wasm/npm/storelab_wasm_tools_bg.wasm'))),
  ]);
}

export function readScenario(name: string): string {
  return readFileSync(join(root, 'scenarios', name), 'utf8');
}

/** A short default run with a 1 MB MOB: it fills and flushes within a couple of seconds. */
export const SHORT = '[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 0\nduration_s = 3.0\n[server]\nmob_mb = 1.0\n';

/** LabHost slicing as fine as it goes: 100 events per engine call, each call a slice. */
export const EVERY_CALL_A_SLICE = { sliceMs: 0, eventsPerCall: 100 };

/** The description the engine gives of the system `scenario` runs (the default one: the MOB's,
 * of a short run); call loadEngineForTests first. */
export function describeForTests(scenario = SHORT): SystemDescription {
  const lab = new Lab(scenario);
  const d = JSON.parse(lab.describe_json()) as SystemDescription;
  lab.free();
  return d;
}

/** A frame's trace of `rows` ([t, kind, entity, a, b, c] each), with `lost` records dropped before them. */
export function traceBatch(rows: [number, number, number, number, number, number][], lost = 0) {
  return {
    t: Float64Array.from(rows.map((r) => r[0])),
    kind: Uint8Array.from(rows.map((r) => r[1])),
    entity: Uint32Array.from(rows.map((r) => r[2])),
    a: Float64Array.from(rows.map((r) => r[3])),
    b: Float64Array.from(rows.map((r) => r[4])),
    c: Float64Array.from(rows.map((r) => r[5])),
    lost,
  };
}
