// The knobs of a scenario's system (`SystemDescription.knobs`: the fields students change most)
// before anything has loaded, from the main thread's engine, once per system.
import { Lab } from '../engine/wasm';
import type { SystemDescription } from '../engine/types';
import { kindOf } from '../scenario/gallery';

const bySystem = new Map<string, string[]>();

/** The knobs of the system `text` runs; none when the engine refuses the text. */
export function knobsOf(text: string): string[] {
  const kind = kindOf(text);
  let knobs = bySystem.get(kind);
  if (!knobs) {
    let lab: Lab | null = null;
    try {
      lab = new Lab(text);
      knobs = (JSON.parse(lab.describe_json()) as SystemDescription).knobs;
      bySystem.set(kind, knobs);
    } catch {
      return [];
    } finally {
      lab?.free();
    }
  }
  return knobs;
}
