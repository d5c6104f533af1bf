// Entry point of every page: the lab (index.html), the embed route (embed/index.html), the
// lessons (lessons/index.html), the model notes (notes/index.html), the start page
// (start/index.html), the assignment page (assignment/index.html) and the figures page
// (figures/index.html) choose their page with
// <div id="root" data-page="…">.
import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { createLab, labStartup } from './app/boot';
import { kindOf } from './scenario/gallery';
import { preloadViews } from './app/views';
import App from './app/App';
import Embed from './app/Embed';
import { compileEngine } from './engine/wasm';
import { initTools } from './engine/tools';
import { elementModule, failInElement, inElement } from './element/frame';

const LessonPage = lazy(() => import('./lessons/LessonPage'));
const NotesPage = lazy(() => import('./notes/NotesPage'));
const StartPage = lazy(() => import('./start/StartPage'));
const AssignmentPage = lazy(() => import('./assignment/AssignmentPage'));
const FiguresPage = lazy(() => import('./figures/FiguresPage'));

const root = document.getElementById('root')!;
const page = root.dataset.page ?? 'lab';

// The engine runs in a worker (the lab's module: engine/wasm.ts). What a page does with scenario
// text on its own thread, synchronously (editing it field by field: scenario/fields.ts; naming
// the systems: systems/described.ts), is the tools' module's (engine/tools.ts). The lab loads it
// when its editor or a dialog first needs it, so it opens a scenario without it; an embed only to
// set its link's fields (lessons/overrides.ts); the notes need neither; every other page loads it
// before it renders. A <storelab-scenario> element's frame gets the lab's module compiled once
// for the page (element/).
const shared = page === 'embed' && inElement() ? elementModule() : null;
// The lab fetches and compiles its module for its worker as the page starts (the worker's own
// scripts load meanwhile), and starts loading the views of the system it opens.
const compiled = page === 'lab' ? compileEngine() : null;
const early = compiled ? createLab(compiled) : null;
if (early) preloadViews(kindOf(labStartup(true).text));
const engine = page === 'lab' || page === 'embed' || page === 'notes' ? Promise.all([shared]) : initTools();
engine.then(render, (e: unknown) => {
  root.textContent = `The simulation engine (WebAssembly) failed to load: ${e instanceof Error ? e.message : String(e)}. Reload the page; if it persists, use a browser with WebAssembly enabled.`;
  failInElement(root.textContent);
});

async function render() {
  if (page === 'lessons') {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={<p className="loading">Loading the lesson…</p>}>
          <LessonPage />
        </Suspense>
      </StrictMode>,
    );
  } else if (page === 'start') {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={<p className="loading">Loading the systems…</p>}>
          <StartPage />
        </Suspense>
      </StrictMode>,
    );
  } else if (page === 'assignment') {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={<p className="loading">Loading the assignment…</p>}>
          <AssignmentPage />
        </Suspense>
      </StrictMode>,
    );
  } else if (page === 'figures') {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={<p className="loading">Loading the figures…</p>}>
          <FiguresPage />
        </Suspense>
      </StrictMode>,
    );
  } else if (page === 'notes') {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={<p className="loading">Loading the model notes…</p>}>
          <NotesPage />
        </Suspense>
      </StrictMode>,
    );
  } else {
    // One controller per page, created outside React so StrictMode's double effects share it.
    const lab = early ?? createLab((await shared) ?? undefined);
    createRoot(root).render(page === 'embed' ? <Embed lab={lab} /> : <App lab={lab} />);
  }
}
