// The OO7 panel's typed reading of the frame sections `oo7` (the assembly hierarchy and the
// traversal's position) and `composite` (the composite part being walked), declared once for
// every system that walks OO7 (engine/core/src/workload/oo7/view.rs). Each value is read by its
// name and a missing one throws, so a renamed or dropped column fails the tests instead of drawing
// NaN; enumeration values are looked up by name in the description. Built once per frame.
import { oncePerFrame, section } from '../sections';
import type { Frame, SystemDescription } from '../../../engine/types';
import { valueId, valueNames } from '../describe';

/** "None" in a u32 column (u32::MAX). */
export const NONE = 4294967295;

/** The engine's numbers for the values the panel tells apart, and the names of the others. */
export interface Oo7Names {
  /** An assembly's state: not yet walked, on the current path, walked. */
  notYet: number;
  walking: number;
  walked: number;
  /** The names of `oo7.traversal` (T6, T1−, …), and of `client.traversal` (warm-up, measured,
   * done) when the system describes it; else null, and the run's phase stands in. */
  traversal: readonly string[];
  phase: readonly string[] | null;
}

export interface Oo7Frame {
  names: Oo7Names;
  /** The traversal's name as the engine gives it (T6, T1−, …) and its phase (warm-up, measured,
   * done). */
  traversal: string;
  phase: string;
  levels: number;
  fanout: number;
  /** Composite part and base assembly being walked, or -1. */
  composite: number;
  base: number;
  compositeVisits: number;
  compositeVisitsTotal: number;
  /** Atomic parts visited in the composite part being walked, and how many the walk visits there. */
  partVisits: number;
  partLimit: number;
  /** One entry per assembly, depth-first pre-order, the root first. */
  assemblies: {
    /** NONE for the root. */
    parent: Uint32Array;
    /** 1 for the root. */
    level: Uint8Array;
    /** 1: a base assembly (its children are composite parts). */
    base: Uint8Array;
    state: Uint8Array;
  };
  /** The atomic parts of the composite part being walked (none when there is none). */
  parts: {
    visited: Uint8Array;
    /** 1: on the depth-first stack. */
    onPath: Uint8Array;
    /** The parts each part's three connections lead to (indices within the composite part). */
    to: readonly [Uint32Array, Uint32Array, Uint32Array];
  };
}

const names = new WeakMap<SystemDescription, Oo7Names>();

/** The OO7 values' names and numbers in the loaded system's numbering; throws when the system does
 * not describe them. */
export function oo7Names(d: SystemDescription): Oo7Names {
  let n = names.get(d);
  if (!n) {
    n = {
      notYet: valueId(d, 'oo7', 'state', 'not yet'),
      walking: valueId(d, 'oo7', 'state', 'walking'),
      walked: valueId(d, 'oo7', 'state', 'walked'),
      traversal: valueNames(d, 'oo7', 'traversal'),
      phase: tellsPhase(d) ? valueNames(d, 'client', 'traversal') : null,
    };
    names.set(d, n);
  }
  return n;
}

/** Whether the system says where its traversal is in a phase of its own, `client.traversal`
 * (HAC's: the warm-up traversal of a hot run is unmeasured, §4.1), rather than by the run's phase. */
function tellsPhase(d: SystemDescription): boolean {
  return d.sections.some((s) => s.name === 'client' && s.scalars.some((x) => x.name === 'traversal'));
}

/** The run's phases, named as the traversal's. */
const RUN_PHASES: Record<Frame['phase'], string> = { warmup: 'warm-up', measuring: 'measured', done: 'done' };

/** The OO7 sections of `f`, typed; throws when the frame lacks one of their values. */
export const oo7Frame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription): Oo7Frame {
  const o = section(f, 'oo7');
  const c = section(f, 'composite');
  const n = oo7Names(d);
  const name = (values: readonly string[], v: number) => values[v] ?? String(v);
  return {
    names: n,
    traversal: name(n.traversal, o.num('traversal')),
    phase: n.phase ? name(n.phase, section(f, 'client').num('traversal')) : RUN_PHASES[f.phase],
    levels: o.num('levels'),
    fanout: o.num('fanout'),
    composite: o.num('composite'),
    base: o.num('base'),
    compositeVisits: o.num('composite_visits'),
    compositeVisitsTotal: o.num('composite_visits_total'),
    partVisits: o.num('part_visits'),
    partLimit: o.num('part_limit'),
    assemblies: { parent: o.col('parent'), level: o.col('level'), base: o.col('base'), state: o.col('state') },
    parts: { visited: c.col('visited'), onPath: c.col('on_path'), to: [c.col('to0'), c.col('to1'), c.col('to2')] },
  };
}

/** What the panel shows, in one sentence: the screen reader's summary. */
export function summarize(o: Oo7Frame): string {
  const t = o.traversal;
  const total = o.compositeVisitsTotal.toLocaleString('en-US');
  const visits = o.compositeVisits.toLocaleString('en-US');
  if (o.phase === 'done') return `${t} done: ${total} composite-part visits`;
  const phase = o.phase === 'warm-up' ? `${t} (unmeasured warm-up traversal)` : t;
  if (o.composite >= 0) {
    return `${phase}: walking composite part ${o.composite}, visit ${visits} of ${total}; ${o.partVisits} of ${o.partLimit} atomic parts visited`;
  }
  if (o.compositeVisits === 0) return `${phase} has not reached a composite part yet: 0 of ${total} composite-part visits`;
  return `${phase}: walking the assemblies, ${visits} of ${total} composite-part visits done`;
}
