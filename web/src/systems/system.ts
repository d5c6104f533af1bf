// What the web app needs from a system: the twin of a system's folder in the engine
// (engine/core/src/systems/<kind>/). Each system's folder here exports one `WebSystem` from its
// index.ts, and systems/index.ts lists them; nothing outside a system's folder names a system.
import type { ComponentType } from 'react';
import type { Frame, ScenarioValues, SystemDescription } from '../engine/types';
import type { InspectTarget, ViewProps } from '../views/contract';
import type { MobViewPart } from '../views/lib/mob/part';

/** A view's module, loaded the first time the view is shown. */
export type ViewLoader = () => Promise<{ default: ComponentType<ViewProps> }>;

/** The system's part of the inspector (views/Inspector.tsx is the shell: records, headings). */
export interface InspectorPart {
  /** What there is to inspect before anything is picked: the system's own things. */
  Empty: ComponentType<{ select: ViewProps['select'] }>;
  /** The full state of `sel` (never a record: the shell shows those) in `frame`. */
  Details: ComponentType<{ frame: Frame; description: SystemDescription | null; sel: InspectTarget; select: ViewProps['select'] }>;
  /** The heading for `sel`, or null for the shell's. */
  title(sel: InspectTarget, description: SystemDescription | null): string | null;
}

/** The `[run]` times the intro explains. */
export interface RunTimes {
  warmup_s: number;
  duration_s: number;
  warmup_flusher_passes?: number;
}

export interface IntroProps {
  /** The applied scenario as the engine read it (defaults filled in). */
  scenario: ScenarioValues;
  run: RunTimes;
  /** When this run's warm-up ends, ns, once known. */
  warmupEnd: number | null;
}

export interface WebSystem {
  /** The engine's `[system] kind` (SystemKind, snake_case). */
  kind: string;
  /** Its views, by the names its description lists (engine `systems/<kind>/describe.rs`). The
   * names are public (embed `?views=`, compare mode, lessons), unique across systems. */
  views: Readonly<Record<string, ViewLoader>>;
  /** The height (CSS px) each of its views needs to show whole in a column 300 to 480 px wide,
   * legends and captions included: an embed gives its panels at least this, and the embed code's
   * height adds up its rows (`app/embedParams.ts`). A view it does not list gets
   * `DEFAULT_VIEW_HEIGHT`. */
  viewHeights: Readonly<Record<string, number>>;
  /** The views it shows that other systems show too, by name: each is declared once, with its
   * height, in `LIB_VIEWS` (systems/index.ts), and its module lives in views/lib/. */
  libViews?: readonly string[];
  /** Its words for its modified object buffer, and what only it shows there, when it shows the
   * MOB view (`MobView`, views/lib/mob/). */
  mobView?: MobViewPart;
  /** Its part of the inspector, loaded with the inspector; without one the inspector shows
   * records only. */
  inspector?: () => Promise<{ default: InspectorPart }>;
  /** How its run is timed, in the lab's "About this scenario". */
  Intro?: ComponentType<IntroProps>;
  /** Whether it lays out the lab's views itself: its CSS (beside it, imported by its index.ts)
   * styles `.views-grid.system-<kind>`; otherwise the lab's neutral grid. */
  grid: boolean;
  /** The keys its views take beyond the lab's, for the help dialog. */
  viewKeys?: { where: string; keys: readonly { keys: readonly string[]; what: string }[] };
  /** Gallery: its scenarios that lead its group, in this order (the rest follow by name). */
  galleryFirst?: readonly string[];
  /** The start page: the system's idea in a sentence or two, for a student who has not read the
   * paper (its title and paper come from the engine's description). */
  about: string;
  /** The start page: the gallery scenarios that show the idea best, the first opened by
   * "Open in the lab". */
  headline: readonly string[];
}
