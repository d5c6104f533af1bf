// What a system gives the shared MOB view (MobView.tsx) beyond its frames: the words for its
// buffer (`WebSystem.mobView`), and what only it shows (the MOB system's PAGE and FREEMOB), loaded
// with the view.
import type { ComponentType } from 'react';
import type { Frame, ScenarioValues, SystemDescription } from '../../../engine/types';

/** The words the view uses for a system's buffer and its pages. */
export interface MobTerms {
  /** The view's heading: "Modified Object Buffer". */
  title: string;
  /** The buffer in running text: "MOB", "mcache". */
  buffer: string;
  /** What its pages are: "page", "segment"; and the prefix of a page's number on a chunk. */
  page: string;
  pagePrefix: string;
  /** What the chunks' colours, the `mob` section's areas, stand for: "area". */
  areas: string;
  /** The colour of each area, by the name the system gives it (the `mob` section's `area`
   * values), so an area looks the same in every view of the system. */
  areaColours: Readonly<Record<string, string>>;
  /** Where write absorption, modifications committed per page write, is measured ("Fig. 4-2"). */
  absorptionSource: string;
}

/** The MOB system's words, and the view's when a system gives none. */
export const MOB_TERMS: MobTerms = {
  title: 'Modified Object Buffer',
  buffer: 'MOB',
  page: 'page',
  pagePrefix: 'p',
  areas: 'area',
  areaColours: { hot: '#d7301f', warm: '#fc8d59', cold: '#4575b4' },
  absorptionSource: 'Fig. 4-2',
};

/** What only one system's buffer shows, read from its frame. */
export interface MobExtras {
  /** Whether this frame's run has no buffer (the MOB system under PAGE): the view shows `Instead`. */
  noBuffer?(frame: Frame, description: SystemDescription | null): boolean;
  Instead?: ComponentType<{ frame: Frame; description: SystemDescription | null; scenario: ScenarioValues | null }>;
  /** A note on the flusher for the head and the legend (FREEMOB's free installation reads), or
   * null: `short` in the head, `long` in the legend in place of the reading swatch. */
  note?(frame: Frame, description: SystemDescription | null): { short: string; long: string } | null;
}

export interface MobViewPart {
  terms: MobTerms;
  /** Its extras' module, loaded with the view. */
  extras?: () => Promise<{ default: MobExtras }>;
}
