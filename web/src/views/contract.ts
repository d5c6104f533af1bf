// What every view receives (DESIGN.md §4). The app's single requestAnimationFrame loop gets one
// Frame per animation frame from the engine worker and publishes it through a FrameSource.
// Views subscribe, draw dense layers on canvas inside that callback (no React re-render per
// frame), keep their own short histories, and clear them when `frame.reset` is true.
import type { Frame, Sample, ScenarioValues, SystemDescription } from '../engine/types';
import type { RecordStore } from './lib/records';

export interface FrameSource {
  /** Called with every new frame, in order; returns the unsubscribe function. */
  subscribe(listener: (frame: Frame) => void): () => void;
  /** The most recent frame, or null before the first one. */
  latest(): Frame | null;
  /** Every series sample since the last reset, as the frames brought them: a view that mounts
   * after the first frames (views load lazily) starts from these. */
  series(): readonly Sample[];
  /** The most recent trace records since the last reset, as the frames brought them: a view that
   * mounts after the first frames (the event log) shows these, not only the ones after it. */
  records(): RecordStore;
}

/** The things only one system's views pick, by kind: each system adds its own from its folder
 * (`systems/<kind>/targets.ts`, augmenting this interface), so none is named here. */
export interface SystemTargets {}

/** Something the user clicked, shown in full by the Inspector: what many systems have (a client,
 * a page, a disk request, the disk, a trace record), or one system's own. */
export type InspectTarget =
  | { kind: 'client'; id: number }
  | { kind: 'page'; id: number }
  | { kind: 'request'; page: number; requestKind: number; start: number }
  | { kind: 'disk' }
  | { kind: 'record'; index: number; t: number; recordKind: number; entity: number; a: number; b: number; c: number }
  | SystemTargets[keyof SystemTargets];

export interface ViewProps {
  frames: FrameSource;
  selected: InspectTarget | null;
  select: (target: InspectTarget | null) => void;
  /** Pauses and moves the lab to simulated time `tNs`, where the page has one clock to move (a
   * view's own stepping, such as a replacement's steps, which no trace record marks). */
  seek?: (tNs: number) => void;
  /** Whether an inspector shows what `select` picks (an embed may have none): views hint at
   * clicking to inspect only then. */
  inspectable: boolean;
  /** Simulated nanoseconds per wall-clock second at the current speed (for motion cues). */
  speed: number;
  /** What the loaded system reports: its record kinds (names, fields, sentences), figures and
   * views; null until a scenario has loaded. */
  description: SystemDescription | null;
  /** The loaded scenario's values (defaults filled in), for model parameters such as the network
   * latency; null until a scenario has loaded. */
  scenario: ScenarioValues | null;
}

/** Colours of the disk's request kinds, keyed by name, shared by every view and every system so a
 * page write looks the same everywhere. Views put them in the engine's numbering of the values
 * (`valueColours`), so no view numbers a value itself. */
export const REQUEST_PALETTE: Readonly<Record<string, string>> = {
  'fetch read': '#1b9e77',
  'installation read': '#d95f02',
  'page write': '#7570b3',
  'cleaner I/O': '#e7298a',
};

/** The colour of each value of an enumeration, in its numbering; grey for a name the palette
 * does not know. */
export function valueColours(names: readonly string[], palette: Readonly<Record<string, string>>): string[] {
  return names.map((n) => palette[n] ?? '#9e9e9e');
}

/** Colours of record kinds as text (the event log), by kind number modulo its length: Dark2's
 * hues darkened until each reads at 4.5:1 or more on white and on the log's hover and selection
 * backgrounds (WCAG AA; views.test.ts checks). */
export const KIND_TEXT_PALETTE: readonly string[] = ['#0b6e4f', '#a03f00', '#5b55a0', '#b0185b', '#356a0f', '#7a6000', '#7a5512', '#555555'];
