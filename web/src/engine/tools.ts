// Loads the tools' WebAssembly module (@storelab/engine/tools: engine/wasm-tools, built beside the
// lab's by scripts/build-wasm.sh): scenario text checked and edited field by field, the JSON
// schemas, every system's description, assignments, a sweep's plan and table. The lab's module
// (wasm.ts) runs the simulations, in workers. A page instantiates this one on its main thread
// when it first needs it: the start, assignment, figures, lessons, compare and embed pages before
// they render; the lab only when a part of it that reads or edits text shows (`useTools`), so it
// opens a scenario without it. Under Node (Vitest) the caller passes the .wasm file's bytes.
import { useEffect, useState } from 'react';
import init from '@storelab/engine/tools';

let ready: Promise<unknown> | null = null;
let loaded = false;

/** Instantiates the tools' module once; `source` is its .wasm file's content where it cannot be
 * fetched. */
export function initTools(source?: BufferSource): Promise<unknown> {
  ready ??= (
    source
      ? init({ module_or_path: source })
      : import('@storelab/engine/storelab_wasm_tools_bg.wasm?url').then((m) => init({ module_or_path: m.default }))
  ).then((exports) => {
    loaded = true;
    return exports;
  });
  return ready;
}

/** Whether the tools' module is instantiated: its functions may be called. */
export function toolsLoaded(): boolean {
  return loaded;
}

/** Whether the tools' module is instantiated; starts loading it when `wanted` and it is not, and
 * renders again once it is. */
export function useTools(wanted = true): boolean {
  const [ok, setOk] = useState(loaded);
  useEffect(() => {
    if (!wanted || ok) return;
    let live = true;
    initTools().then(
      () => live && setOk(true),
      (e: unknown) => console.error('the engine tools (WebAssembly) failed to load', e),
    );
    return () => {
      live = false;
    };
  }, [wanted, ok]);
  return ok;
}
