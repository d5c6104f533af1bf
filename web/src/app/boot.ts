// Creates a lab: the engine client (worker), the stores and the controller, then loads the first
// scenario (URL hash, else local storage, else mob-default).
import { LabClient, type EngineModule } from '../engine/client';
import { LabController } from '../state/controller';
import type { EngineLike } from '../state/engine';
import { FrameStore } from '../state/frames';
import { createStore, initialLabState, type LabState } from '../state/store';
import { scenarioTexts } from '../scenario/gallery';
import { unknownScenario } from './embedParams';
import { problemsOf } from '../scenario/fields';
import { initTools } from '../engine/tools';
import { decodeHash, encodeHash } from '../state/url';
import { loadPersisted, resolveStartup, savePersisted, type Startup } from '../state/persist';
import { tourHash } from '../tours/tour';
import { tourNamed, tours } from '../tours/list';
import { runnerFor } from '../tours/runner';

/** `module`: the engine compiled already or being compiled, for its worker (the page's, or the
 * <storelab-scenario> element's). */
export function createLab(module?: EngineModule): LabController {
  const engine = new LabClient(undefined, module) as unknown as EngineLike;
  const store = createStore<LabState>(initialLabState());
  const lab = new LabController(engine, store, new FrameStore());
  (globalThis as { __storelab?: unknown }).__storelab = { lab, frames: lab.frames, store };
  return lab;
}

/** Loads the startup scenario. A stored text the engine rejects stays in the editor with its
 * errors while mob-default runs; a stored draft that never loaded stays in the editor beside the
 * last text that did, which is what runs. */
export async function startLab(lab: LabController, startup: Startup, autoplay = false): Promise<void> {
  if (startup.unknownScenario) lab.store.set({ linkError: `The link's ${unknownScenario(startup.unknownScenario, scenarioTexts)}. The lab opened ${startup.source === 'storage' ? 'your last scenario' : 'mob-default'} instead.` });
  const res = await lab.load(startup.text, startup.seed, { tNs: startup.tNs, scenarioName: startup.scenarioName });
  if (!res.ok) {
    const errors = res.errors;
    const fallback = scenarioTexts['mob-default'] ?? '';
    await lab.load(fallback, null, { scenarioName: 'mob-default' });
    lab.store.set({ draftText: startup.text, errors, editorOpen: true });
  } else if (startup.draft != null) {
    await initTools();
    lab.store.set({ draftText: startup.draft, errors: problemsOf(startup.draft), editorOpen: true });
  }
  if (autoplay) lab.play();
}

export function labStartup(useStorage: boolean): Startup {
  const hash = decodeHash(location.hash);
  const q = new URLSearchParams(location.search);
  if (hash.text == null && !hash.scenario && q.get('scenario')) hash.scenario = q.get('scenario');
  return resolveStartup(hash, useStorage ? loadPersisted() : null, scenarioTexts);
}

/** Follows the URL once the lab runs (issue 24, item 1): a link pasted into the address bar, and
 * back and forward, load what the hash names as a start-up does. The lab's own permalink updates
 * (`history.replaceState`) fire no `hashchange`. An unapplied draft stays in the editor; a link
 * the engine refuses leaves the run that was going, its text and errors in the editor (or, beside
 * a draft, its first error in the link banner). Returns the stop function. */
export function followUrl(lab: LabController): () => void {
  const onHashChange = () => {
    const hash = decodeHash(location.hash);
    if (hash.tour) {
      void startTourLink(lab, hash.tour);
      return;
    }
    if (hash.text == null && !hash.scenario) return;
    const s = lab.store.get();
    const draft = s.draftText && s.draftText !== s.appliedText ? s.draftText : null;
    const startup = resolveStartup(hash, null, scenarioTexts);
    if (startup.unknownScenario) {
      lab.store.set({ linkError: `The link's ${unknownScenario(startup.unknownScenario, scenarioTexts)}. The lab keeps the scenario it was running.` });
      return;
    }
    void followLink(lab, startup, draft).catch(() => undefined);
  };
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}

/** Opens a tour's step from its link (`#tour=mob&step=3`); an unknown tour is said in the link
 * banner. Returns whether the link named a tour the lab has. */
export function startTourLink(lab: LabController, link: { name: string; step: number }): boolean {
  const tour = tourNamed(link.name);
  if (!tour) {
    lab.store.set({ linkError: `The link's tour ${link.name} is not one of the lab's (${tours.map((t) => t.name).join(', ')}).` });
    return false;
  }
  runnerFor(lab, tour, scenarioTexts).go(link.step);
  return true;
}

async function followLink(lab: LabController, startup: Startup, draft: string | null): Promise<void> {
  lab.store.set({ linkError: null });
  const res = await lab.load(startup.text, startup.seed, { tNs: startup.tNs, scenarioName: startup.scenarioName, keepDraft: draft != null });
  if (!res.ok && draft != null) {
    await initTools();
    const e = res.errors[0];
    lab.store.set({
      linkError: `The link's scenario was refused${e ? ` (${e.path}: ${e.message})` : ''}; the lab keeps the scenario it was running, and your draft.`,
      errors: problemsOf(draft),
    });
  }
}

/** Keeps the URL hash (permalink) and local storage in step with the lab. Returns the stop function. */
export function syncUrlAndStorage(lab: LabController, opts: { storage: boolean; hash: boolean }): () => void {
  let lastHash = '';
  let lastHashMs = 0;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  let prev = lab.store.get();
  const writeHash = () => {
    const s = lab.store.get();
    if (!s.appliedText) return;
    // A tour's step has its own address while it shows; else the permalink.
    const h = s.tour?.active ? tourHash(s.tour.name, s.tour.step) : encodeHash({ text: s.appliedText, seed: s.seed, tNs: s.nowNs });
    if (h !== lastHash) {
      lastHash = h;
      history.replaceState(null, '', h);
    }
    lastHashMs = performance.now();
  };
  const unsub = lab.store.subscribe(() => {
    const s = lab.store.get();
    if (opts.hash && s.appliedText && (s.nowNs !== prev.nowNs || s.appliedText !== prev.appliedText || s.seed !== prev.seed || s.playing !== prev.playing || s.tour !== prev.tour)) {
      // While playing, at most once a second; otherwise at once.
      if (!s.playing || performance.now() - lastHashMs > 1000) writeHash();
    }
    if (opts.storage && (s.draftText !== prev.draftText || s.appliedText !== prev.appliedText || s.seed !== prev.seed || s.speedPosition !== prev.speedPosition || s.scenarioName !== prev.scenarioName)) {
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(save, 250);
    }
    prev = s;
  });
  // The pending save is written, not dropped, when the lab stops or the page goes away.
  function save() {
    saveTimer = null;
    const x = lab.store.get();
    if (!x.draftText) return;
    const failed = savePersisted({ text: x.draftText, applied: x.appliedText || null, seed: x.seed, scenarioName: x.scenarioName, speedPosition: x.speedPosition });
    if (failed !== x.saveError) lab.store.set({ saveError: failed });
  }
  const flush = () => {
    if (saveTimer) {
      clearTimeout(saveTimer);
      save();
    }
  };
  window.addEventListener('pagehide', flush);
  return () => {
    unsub();
    flush();
    window.removeEventListener('pagehide', flush);
  };
}
