// What every view receives (DESIGN.md §4). The app's single requestAnimationFrame loop gets one
// Frame per animation frame from the engine worker and publishes it through a FrameSource.
// Views subscribe, draw dense layers on canvas inside that callback (no React re-render per
// frame), keep their own short histories, and clear them when `frame.reset` is true.
import type { Frame, ScenarioValues, SystemDescription } from '../engine/types';

export interface FrameSource {
  /** Called with every new frame, in order; returns the unsubscribe function. */
  subscribe(listener: (frame: Frame) => void): () => void;
  /** The most recent frame, or null before the first one. */
  latest(): Frame | null;
}

/** Something the user clicked, shown in full by the Inspector. */
export type InspectTarget =
  | { kind: 'client'; id: number }
  | { kind: 'page'; id: number }
  | { kind: 'chunk'; logIndex: number; page: number }
  | { kind: 'request'; page: number; requestKind: number; start: number }
  | { kind: 'flusher' }
  | { kind: 'disk' }
  | { kind: 'record'; index: number; t: number; recordKind: number; entity: number; a: number; b: number; c: number };

export interface ViewProps {
  frames: FrameSource;
  selected: InspectTarget | null;
  select: (target: InspectTarget | null) => void;
  /** Simulated nanoseconds per wall-clock second at the current speed (for motion cues). */
  speed: number;
  /** What the loaded system reports: its record kinds (names, fields, sentences), figures and
   * views; null until a scenario has loaded. */
  description: SystemDescription | null;
  /** The loaded scenario's values (defaults filled in), for model parameters such as the network
   * latency; null until a scenario has loaded. */
  scenario: ScenarioValues | null;
}

/** Colours shared by every view, so a hot modification looks the same everywhere. Each palette
 * follows the names of the engine's enumeration in its numbering (`values` of the MOB's
 * `mob.area` and `disk.kind` frame columns); smoke.test.ts checks that they agree. */
export const AREA_COLOURS = ['#d7301f', '#fc8d59', '#4575b4'] as const; // hot, warm, cold
export const AREA_NAMES = ['hot', 'warm', 'cold'] as const;
export const REQUEST_COLOURS = ['#1b9e77', '#d95f02', '#7570b3'] as const; // fetch read, installation read, write
export const REQUEST_NAMES = ['fetch read', 'installation read', 'page write'] as const;
