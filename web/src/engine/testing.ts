// Test helpers: the real engine under Node, from the .wasm bytes (see wasm.ts).
import { readFileSync } from 'node:fs';
import { initEngine } from './wasm';

const root = new URL('../../../', import.meta.url);

export function loadEngineForTests(): Promise<unknown> {
  return initEngine(readFileSync(new URL('engine/wasm/pkg/storelab_wasm_bg.wasm', root)));
}

export function readScenario(name: string): string {
  return readFileSync(new URL(`scenarios/${name}`, root), 'utf8');
}

/** A short default run with a 1 MB MOB: it fills and flushes within a couple of seconds. */
export const SHORT = '[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 0\nduration_s = 3.0\n[server]\nmob_mb = 1.0\n';
