// Runs a guided tour over the live engine (issue 29): each step plays the lab to what it waits
// for (a trace record of a kind, a simulated time, or nothing), then pauses and shows. The moment
// each step was shown at is kept (a simulated time, every event of that instant done), so Back
// (and Next again) is the engine's seek to that moment: the same numbers show as the first time.
// A link to step k runs steps 1 to k in turn, which the engine's determinism makes the same
// moments.
import type { LabController } from '../state/controller';
import { applyOverrides } from '../lessons/overrides';
import { initTools } from '../engine/tools';
import type { Run, Step, Tour } from './tour';

export class TourRunner {
  /** The simulated time each step reached was shown at; the run it showed in. */
  private readonly moments: { ns: number; run: Run }[] = [];
  /** The run the tour loaded, and its text: the lab runs it still while it shows that text. */
  private loaded: { run: Run; text: string } | null = null;
  /** Serialises the steps: a click during a run to a step waits for it. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly lab: LabController,
    readonly tour: Tour,
    private readonly texts: Readonly<Record<string, string>>,
  ) {}

  /** Shows step `i` (from 0), running the steps before it first when they have not been. */
  goTo(i: number): Promise<void> {
    const run = async () => {
      const k = Math.max(0, Math.min(i, this.tour.steps.length - 1));
      if (k < this.moments.length) await this.revisit(k);
      else for (let j = this.moments.length; j <= k; j++) await this.reach(j);
      this.show(k);
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Leaves the tour where it is, for free exploration (Esc); `goTo` its step comes back. */
  leave(): void {
    const t = this.lab.store.get().tour;
    if (t) this.lab.store.set({ tour: { ...t, active: false } });
  }

  /** Runs `goTo` for a button: a step that cannot run (its scenario refused, say) is said in the
   * lab's banner, and the lab goes on. */
  go(i: number): void {
    this.goTo(i).catch((e: unknown) => this.lab.store.set({ linkError: `The tour stopped: ${e instanceof Error ? e.message : String(e)}.` }));
  }

  /** Plays from the step before's moment to what step `j` waits for: from that moment even when
   * the reader played on meanwhile, so the step's moment is its link's. */
  private async reach(j: number): Promise<void> {
    const step = this.tour.steps[j];
    const before = this.moments[j - 1];
    if (step.restarts || !this.running(step.run)) await this.load(step.run, 0);
    else if (before && this.lab.currentNs() !== before.ns) await this.revisit(j - 1);
    this.lab.setSpeed(step.run.speed * 1e9);
    await this.wait(step);
    this.moments[j] = { ns: this.lab.currentNs(), run: step.run };
  }

  /** Back at step `k`'s moment: the engine's seek, after reloading its run if another is loaded. */
  private async revisit(k: number): Promise<void> {
    const m = this.moments[k];
    this.lab.pause();
    if (!this.running(m.run)) await this.load(m.run, m.ns);
    else await this.lab.seek(m.ns);
    this.lab.setSpeed(m.run.speed * 1e9);
  }

  private async load(run: Run, tNs: number): Promise<void> {
    const text = this.texts[run.scenario];
    if (text == null) throw new Error(`the tour's scenario ${run.scenario} is not in the gallery`);
    if (run.set) await initTools(); // setting fields is the engine tools' work
    const applied = applyOverrides(text, run.set);
    const res = await this.lab.load(applied, run.seed, { tNs, scenarioName: run.set ? null : run.scenario });
    if (!res.ok) throw new Error(`the tour's scenario ${run.scenario} was refused: ${res.errors[0]?.message ?? ''}`);
    this.loaded = { run, text: applied };
  }

  /** Whether the lab still runs `run` as the tour loaded it (not another scenario opened since). */
  private running(run: Run): boolean {
    const l = this.loaded;
    const s = this.lab.store.get();
    return l != null && l.run.scenario === run.scenario && l.run.seed === run.seed && l.run.set === run.set && s.appliedText === l.text && s.seed === run.seed;
  }

  private async wait(step: Step): Promise<void> {
    const w = step.wait;
    if (w.kind === 'record') {
      const kind = this.lab.store.get().description?.records.find((r) => r.name === w.name);
      if (!kind) throw new Error(`this system records no ${w.name}`);
      await this.lab.stepToTarget(kind.id);
      // The step's moment is the record's instant, every event of it done: what a seek to that
      // time (Back, a permalink) shows too.
      await this.lab.seek(this.lab.currentNs());
    } else if (w.kind === 'time') {
      this.lab.pause();
      await this.lab.seek(w.ns);
    } else {
      this.lab.pause();
    }
  }

  private show(k: number): void {
    const step = this.tour.steps[k];
    this.lab.store.set({ tour: { name: this.tour.name, step: k, active: true }, ...(step.select ? { selection: step.select } : {}) });
  }
}

const runners = new WeakMap<LabController, Map<string, TourRunner>>();

/** The one runner of `tour` over `lab`: the card, the header's button and a link share its
 * moments. */
export function runnerFor(lab: LabController, tour: Tour, texts: Readonly<Record<string, string>>): TourRunner {
  let byName = runners.get(lab);
  if (!byName) runners.set(lab, (byName = new Map()));
  let r = byName.get(tour.name);
  if (!r) byName.set(tour.name, (r = new TourRunner(lab, tour, texts)));
  return r;
}
