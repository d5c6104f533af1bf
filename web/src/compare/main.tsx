// Entry point of the compare page (compare/index.html). Like the other pages (src/main.tsx), it
// instantiates the engine on the main thread too, for what must be synchronous: checking the
// sides' texts and setting their fields (scenario/fields.ts).
import { createRoot } from 'react-dom/client';
import '../app/styles.css';
import { initEngine } from '../engine/wasm';
import { createCompare } from './session';
import Compare from './Compare';

const root = document.getElementById('root')!;

initEngine().then(
  () => createRoot(root).render(<Compare session={createCompare()} />),
  (e: unknown) => {
    root.textContent = `The simulation engine (WebAssembly) failed to load: ${e instanceof Error ? e.message : String(e)}. Reload the page; if it persists, use a browser with WebAssembly enabled.`;
  },
);
