// Loads the WASM engine's lab module, the one that runs simulations: the workspace package
// @storelab/engine (engine/wasm/npm, built by scripts/build-wasm.sh), as the Ruff playground
// consumes its WASM crate. The tools' module (text checked and edited, schemas, descriptions) is
// tools.ts's. In the browser the .wasm file is fetched from the URL Vite gives it, so it is
// hashed and cached like any asset; under Node (Vitest) fetch() cannot read file:// URLs, so the
// caller passes the bytes instead. Either way the module is instantiated once per realm (the
// worker, or the test process). A page that compiles the module once for several engines (the
// lab's page for its worker, the <storelab-scenario> element's) passes the compiled
// WebAssembly.Module to each (`compileEngine`).
import init, { Lab, panic_for_tests, take_panic, run_sweep_job } from '@storelab/engine';
// Imported with this module, not on demand: the fetch of the .wasm file starts without waiting
// for a chunk that only names it.
import wasmFile from '@storelab/engine/storelab_wasm_bg.wasm?url';

export { Lab, panic_for_tests, take_panic, run_sweep_job };

let ready: Promise<unknown> | null = null;

/** Instantiates the engine once; `source` is the .wasm file's content where it cannot be
 * fetched, or the module compiled already. */
export function initEngine(source?: BufferSource | WebAssembly.Module): Promise<unknown> {
  ready ??= init({ module_or_path: source ?? wasmFile });
  return ready;
}

/** The engine's module compiled from its .wasm file, for pages that start several engines: one
 * fetch and one compile for all. A host serving .wasm without `application/wasm` gets the slower
 * compile from its bytes. The fetch starts at once. */
export function compileEngine(): Promise<WebAssembly.Module> {
  return WebAssembly.compileStreaming(fetch(wasmFile)).catch(async () => {
    const res = await fetch(wasmFile);
    if (!res.ok) throw new Error(`fetching ${wasmFile} failed: ${res.status} ${res.statusText}`);
    return WebAssembly.compile(await res.arrayBuffer());
  });
}
