// A compare session: two engine workers, the pair that drives them as one engine, the lab's
// controller over the pair (one clock, the lab's time controls and shortcuts), and a frame source
// per side that the side's views, counters and charts read.
import { LabClient } from '../engine/client';
import type { ScenarioError } from '../engine/types';
import { LabController } from '../state/controller';
import type { EngineLike } from '../state/engine';
import { FrameStore } from '../state/frames';
import { createStore, initialLabState, type LabState } from '../state/store';
import { problemsOf, readField, tomlString } from '../scenario/fields';
import { DEFAULT_KIND } from '../systems';
import { PairEngine, type PairFrame } from './pair';

/** A side's frames, with its run's summary at the latest of them. */
export class SideSource extends FrameStore {
  summary: Record<string, unknown> | null = null;
}

export interface CompareSession {
  lab: LabController;
  pair: PairEngine;
  sides: SideSource[];
}

export function createCompare(): CompareSession {
  const clients = [new LabClient(), new LabClient()] as unknown as EngineLike[];
  const pair = new PairEngine(clients, checkPair);
  const lab = new LabController(pair, createStore<LabState>(initialLabState()), new FrameStore());
  const sides = [new SideSource(), new SideSource()];
  lab.frames.subscribe((f) => {
    (f as PairFrame).sides.forEach((side, i) => {
      sides[i].summary = side.summary;
      for (const frame of side.frames) sides[i].publish(frame);
    });
  });
  (globalThis as { __storelab?: unknown }).__storelab = { lab, frames: lab.frames, store: lab.store, pair, sides };
  return { lab, pair, sides };
}

/** The system a text runs (`[system] kind`; the engine's default when it names none). */
function kindOf(text: string): string {
  return tomlString(readField(text, 'system.kind')) ?? DEFAULT_KIND;
}

/** Each side's problems before anything loads: the engine's, and, on side B, another system than
 * side A's (compare shows two scenarios of one system). */
export function checkPair(texts: readonly string[]): ScenarioError[][] {
  const problems = texts.map((t) => problemsOf(t));
  const [a, b] = texts.map(kindOf);
  if (problems.every((p) => p.length === 0) && a !== b) {
    problems[1].push({
      path: 'system.kind',
      line: 0,
      column: 0,
      message: `side A runs the ${a} system and side B the ${b} system: compare shows two scenarios of the same system`,
      expected: `kind = "${a}"`,
      range: null,
    });
  }
  return problems;
}
