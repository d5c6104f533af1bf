// Entry point of the compare page (compare/index.html). Besides its workers, it instantiates both
// of the engine's modules on the main thread, for what must be synchronous: the tools' for checking
// the sides' texts and setting their fields (scenario/fields.ts), the lab's for their knobs.
import { createRoot } from 'react-dom/client';
import '../app/styles.css';
import { initEngine } from '../engine/wasm';
import { initTools } from '../engine/tools';
import { createCompare } from './session';
import Compare from './Compare';

const root = document.getElementById('root')!;

Promise.all([initEngine(), initTools()]).then(
  () => createRoot(root).render(<Compare session={createCompare()} />),
  (e: unknown) => {
    root.textContent = `The simulation engine (WebAssembly) failed to load: ${e instanceof Error ? e.message : String(e)}. Reload the page; if it persists, use a browser with WebAssembly enabled.`;
  },
);
