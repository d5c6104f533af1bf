// Checkpoints for the timeline (DESIGN.md §2, "Seekable time"): forks of the simulation taken as
// it moves forward, so a backward seek restores the nearest one and replays only the rest.
//
// Sizing, measured (tests/wasm/facade.test.mjs): a fork of mob-default with its 12 MB MOB full
// costs ~6.3 MiB of WASM memory (the MOB's object table and modification records; forks drop the
// trace ring), and WASM replays that scenario at ~300 simulated s per wall s. So at most
// MAX_CHECKPOINTS are kept (~65 MiB for mob-default): when the list is full every other one is
// dropped and the spacing doubles, which keeps them spread over the whole run and bounds a
// replay to one spacing (32 s of mob-default's 330 s run, ~0.1 s of wall time).
import type { Lab } from './wasm';

export const MAX_CHECKPOINTS = 10;
/** Initial spacing in simulated time: a second of a typical scenario replays in milliseconds. */
export const INITIAL_SPACING_NS = 1e9;

interface Checkpoint {
  tNs: number;
  lab: Lab;
}

export class Checkpoints {
  private list: Checkpoint[] = [];
  private spacingNs = INITIAL_SPACING_NS;

  /** Starts over from `origin` (a fork at time 0, owned from now on). */
  constructor(origin: Lab) {
    this.list.push({ tNs: origin.now_ns(), lab: origin });
  }

  get count(): number {
    return this.list.length;
  }

  get spacing(): number {
    return this.spacingNs;
  }

  /** Forks `lab` if it is a spacing past the latest checkpoint. Checkpoints later than a
   *  restored time stay valid: the run is deterministic, so replay passes through them again. */
  offer(lab: Lab): void {
    const last = this.list[this.list.length - 1];
    if (lab.now_ns() < last.tNs + this.spacingNs) return;
    this.list.push({ tNs: lab.now_ns(), lab: lab.fork() });
    if (this.list.length > MAX_CHECKPOINTS) this.thin();
  }

  /** A new Lab at the latest checkpoint at or before `tNs` (the first one if none is). */
  restore(tNs: number): Lab {
    let best = this.list[0];
    for (const c of this.list) if (c.tNs <= tNs) best = c;
    return best.lab.fork();
  }

  dispose(): void {
    for (const c of this.list) c.lab.free();
    this.list = [];
  }

  /** Keeps the origin and every other checkpoint after it. */
  private thin(): void {
    this.list = this.list.filter((c, i) => {
      if (i % 2 === 0) return true;
      c.lab.free();
      return false;
    });
    this.spacingNs *= 2;
  }
}
