// Low-frequency app state (DESIGN.md §4): an external store read by React through
// useSyncExternalStore. Per-frame data never goes through here; it flows through FrameStore.
import { useSyncExternalStore } from 'react';
import type { InspectTarget } from '../views/contract';
import type { ScenarioError, ScenarioValues, SystemDescription } from '../engine/types';
import { DEFAULT_SPEED_POSITION } from './clock';

export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((s: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const p = typeof patch === 'function' ? patch(state) : patch;
      let changed = false;
      for (const k of Object.keys(p) as (keyof T)[]) {
        if (!Object.is(state[k], p[k])) changed = true;
      }
      if (!changed) return;
      state = { ...state, ...p };
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to one slice of a store (re-renders only when the slice changes). */
export function useStore<T, S>(store: Store<T>, select: (s: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}

export type EngineStatus = 'loading' | 'ready' | 'error';

export interface LabState {
  /** The scenario text the run was started from (the last one the engine accepted). */
  appliedText: string;
  /** The editor's text: may differ from appliedText, may be invalid; never discarded. */
  draftText: string;
  /** Gallery name of the scenario the text came from (e.g. "mob-default"), or null if edited/imported. */
  scenarioName: string | null;
  title: string;
  /** What the loaded system reports (record kinds, figures, views); null before the first load. */
  description: SystemDescription | null;
  /** The applied scenario as the engine read it (defaults filled in); null before the first load. */
  scenario: ScenarioValues | null;
  /** The record kind "step to next" runs to; null for the system's first step target. */
  stepTarget: number | null;
  seed: number;
  playing: boolean;
  /** Speed slider position, see clock.ts. */
  speedPosition: number;
  selection: InspectTarget | null;
  /** The engine's complaints about draftText (empty when it loaded). */
  errors: ScenarioError[];
  status: EngineStatus;
  /** A message for the user (engine failed to start, …); null when all is well. */
  fatal: string | null;
  /** Set when the engine stopped and restarted by itself: what happened, for the user. */
  restarted: string | null;
  /** What was wrong with the link the lab opened (a gallery name it does not have), or null. */
  linkError: string | null;
  /** An unapplied draft a scenario opened from the gallery or a file replaced in the editor, kept
   * until the user takes it back or lets it go (`LabController.openScenario`), or null. */
  setAside: string | null;
  /** Why the browser would not keep the user's text (storage full or blocked), or null. */
  saveError: string | null;
  /** Simulated time and event count of the latest frame, for the controls (updated at most ~10×/s). */
  nowNs: number;
  events: number;
  endNs: number | null;
  /** Whether the engine is finding `endNs` (it runs a copy of the run ahead, just after a load
   * that did not know it). */
  findingEnd: boolean;
  /** The latest the run can end (its longest warm-up plus the duration): the timeline's end
   * while `endNs` is not known yet. Null before the first load. */
  longestEndNs: number | null;
  finished: boolean;
  /** Why the run ended before its end (simulated time stopped advancing, or the model met a
   * limit), or null. */
  endedEarly: string | null;
  phase: string;
  /** Something in flight the user waits for (seek, step to flusher run), shown as a hint. */
  busy: string | null;
  /** How far that work has come once it has taken long enough to report it (`done`: 0 … 1,
   * `atNs`: the simulated time reached); it can then be canceled. Null otherwise. */
  progress: { done: number; atNs: number } | null;
  helpOpen: boolean;
  editorOpen: boolean;
  /** The guided tour under way (tours/*.md): its name, the step shown (from 0), and whether it
   * shows (false: left with Esc for free exploration, to be resumed); null without one. */
  tour: { name: string; step: number; active: boolean } | null;
}

export function initialLabState(): LabState {
  return {
    appliedText: '',
    draftText: '',
    scenarioName: null,
    title: '',
    description: null,
    scenario: null,
    stepTarget: null,
    seed: 1,
    playing: false,
    speedPosition: DEFAULT_SPEED_POSITION,
    selection: null,
    errors: [],
    status: 'loading',
    fatal: null,
    saveError: null,
    restarted: null,
    linkError: null,
    setAside: null,
    nowNs: 0,
    events: 0,
    endNs: null,
    findingEnd: false,
    longestEndNs: null,
    finished: false,
    endedEarly: null,
    phase: 'warmup',
    busy: null,
    progress: null,
    helpOpen: false,
    editorOpen: false,
    tour: null,
  };
}
