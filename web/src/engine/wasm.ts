// Loads the WASM engine: the workspace package @storelab/engine (engine/wasm/npm, built by
// scripts/build-wasm.sh), as the Ruff playground consumes its WASM crate. In the browser the
// .wasm file is fetched from the URL Vite gives it, so it is hashed and cached like any asset;
// under Node (Vitest) fetch() cannot read file:// URLs, so the caller passes the bytes instead.
// Either way the module is instantiated once per realm (the worker, or the test process).
import init, { Lab, panic_for_tests, take_panic } from '@storelab/engine';

export { Lab, panic_for_tests, take_panic };

let ready: Promise<unknown> | null = null;

/** Instantiates the engine once; `bytes` is the .wasm file's content where it cannot be fetched. */
export function initEngine(bytes?: BufferSource): Promise<unknown> {
  ready ??= bytes
    ? init({ module_or_path: bytes })
    : import('@storelab/engine/storelab_wasm_bg.wasm?url').then((m) => init({ module_or_path: m.default }));
  return ready;
}
