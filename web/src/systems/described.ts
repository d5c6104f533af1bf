// What the engine says of every system it runs (WASM `describe_systems`): the title, the paper,
// the figures and views of each, read without running one, so the start page and the gallery
// name the systems as the lab does. The page must have called initTools().
import { describe_systems } from '@storelab/engine/tools';
import type { SystemDescription } from '../engine/types';

let described: readonly SystemDescription[] | null = null;

/** Every system the engine runs, in its order. */
export function describedSystems(): readonly SystemDescription[] {
  described ??= JSON.parse(describe_systems()) as SystemDescription[];
  return described;
}

/** The engine's description of system `kind`, or undefined for a kind it does not run. */
export function describedSystem(kind: string): SystemDescription | undefined {
  return describedSystems().find((d) => d.kind === kind);
}
