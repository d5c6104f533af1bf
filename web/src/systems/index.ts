// The one list of systems on the web side, the twin of the engine's `systems!`
// (engine/core/src/systems/mod.rs): a new system is its folder here plus one line below. The
// lab, the embed, compare mode and the lessons ask this list for what a system brings (its views
// by name, its part of the inspector, the intro to its run, its grid, its place in the gallery);
// systems.test.ts checks it against what the engine describes. Views that every system shows
// (`SHARED_VIEWS`) or several do (`LIB_VIEWS`) are declared here, once.
import type { ViewLoader, WebSystem } from './system';
import { mob } from './mob';
import { hac } from './hac';
import { oplog } from './oplog';
import { disk } from './disk';
import { thor } from './thor';
import { globalMemory } from './global';

/** Every system, in the order the gallery groups their scenarios. */
export const SYSTEMS: readonly WebSystem[] = [mob, hac, oplog, disk, thor, globalMemory];

/** The system a scenario runs when its `[system] kind` is not given: the engine's default
 * (systems.test.ts checks it against the engine's schema). */
export const DEFAULT_KIND = SYSTEMS[0].kind;

/** The registry's entry for `kind`, or undefined for a system it does not list. */
export function systemOf(kind: string): WebSystem | undefined {
  return SYSTEMS.find((s) => s.kind === kind);
}

/** The modules a run of `kind` shows: its views' by name (its own, the shared ones) and its
 * parts' (the MOB view's extras, the inspector's part), for the lab to start loading as it opens
 * one. */
export function modulesOf(kind: string): { views: [string, ViewLoader][]; parts: (() => Promise<unknown>)[] } {
  const s = systemOf(kind);
  if (!s) return { views: [], parts: [] };
  const views = [...viewNames(s), ...Object.keys(SHARED_VIEWS)].map((n): [string, ViewLoader] => [n, viewLoader(n)!]);
  const parts = [s.mobView?.extras, s.inspector].filter((p) => p != null);
  return { views, parts };
}

/** The views every system shows: they read only what every system's frames carry. */
export const SHARED_VIEWS: Readonly<Record<string, ViewLoader>> = {
  EventLog: () => import('../views/EventLog'),
  Inspector: () => import('../views/Inspector'),
};

/** A view some systems show (each lists it in `WebSystem.libViews`): its module and the height
 * it needs, as a system's own view has in `views` and `viewHeights`. */
export interface LibView {
  load: ViewLoader;
  height: number;
}

/** The views more than one system shows, from views/lib/, each declared once. Heights measured in
 * Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks them). */
export const LIB_VIEWS: Readonly<Record<string, LibView>> = {
  Oo7Panel: { load: () => import('../views/lib/oo7/Oo7Panel'), height: 520 },
  MobView: { load: () => import('../views/lib/mob/MobView'), height: 580 },
};

/** The names of the views `s` lists: its own, then those of `LIB_VIEWS` it shows. */
export function viewNames(s: WebSystem): string[] {
  return [...Object.keys(s.views), ...(s.libViews ?? [])];
}

/** The height of a view no system sizes, and of the shared views (their lists scroll). */
export const DEFAULT_VIEW_HEIGHT = 320;

/** The height (CSS px) view `name` needs to show whole in a column 300 to 480 px wide. */
export function viewHeight(name: string): number {
  if (Object.hasOwn(LIB_VIEWS, name)) return LIB_VIEWS[name].height;
  return SYSTEMS.find((s) => Object.hasOwn(s.viewHeights, name))?.viewHeights[name] ?? DEFAULT_VIEW_HEIGHT;
}

/** The module of the view named `name`, whichever system it belongs to; undefined for a name no
 * system lists. */
export function viewLoader(name: string): ViewLoader | undefined {
  if (Object.hasOwn(SHARED_VIEWS, name)) return SHARED_VIEWS[name];
  if (Object.hasOwn(LIB_VIEWS, name)) return LIB_VIEWS[name].load;
  return SYSTEMS.find((s) => Object.hasOwn(s.views, name))?.views[name];
}
