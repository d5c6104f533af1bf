// Every tour in tours/*.md, against the engine and over it (issue 29): each file reads without a
// mistake, names its system's views, record kinds and gallery scenarios; played step by step in a
// real engine, every step's awaited event happens, Back shows the step before at its moment with
// the same numbers, and a link to a step reaches the same moment as playing to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabClient } from '../engine/client';
import { LabHost } from '../engine/host';
import { serve } from '../engine/serve';
import { describeForTests, loadEngineForTests } from '../engine/testing';
import { LabController, type Scheduler } from '../state/controller';
import type { EngineLike } from '../state/engine';
import { FrameStore } from '../state/frames';
import { createStore, initialLabState, type LabState } from '../state/store';
import { scenarioTexts } from '../scenario/gallery';
import { SHARED_VIEWS } from '../systems';
import { parseTour } from './tour';
import { tourSources, tours } from './list';
import { TourRunner } from './runner';

beforeAll(loadEngineForTests);

const channels: MessageChannel[] = [];
afterAll(() => channels.forEach((c) => (c.port1.close(), c.port2.close())));

/** A lab over a real engine in this thread; nothing plays it but the tour's steps. */
function lab(): LabController {
  const ch = new MessageChannel();
  channels.push(ch);
  serve({ postMessage: (m, t) => ch.port1.postMessage(m, t), addEventListener: (type, l) => ch.port1.addEventListener(type, l), start: () => ch.port1.start() }, new LabHost());
  const engine = new LabClient(ch.port2) as unknown as EngineLike;
  const never: Scheduler = { request: () => 0, cancel: () => undefined };
  return new LabController(engine, createStore<LabState>(initialLabState()), new FrameStore(), never);
}

describe('the tours', () => {
  it('read without a mistake, one for each system it names', () => {
    expect(Object.keys(tourSources).length).toBeGreaterThan(0);
    for (const [name, source] of Object.entries(tourSources)) expect(parseTour(name, source).errors, `tours/${name}.md`).toEqual([]);
    expect(tours.map((t) => t.name)).toEqual(Object.keys(tourSources).sort());
  });

  it("name their system's views, record kinds and gallery scenarios", () => {
    for (const tour of tours) {
      for (const step of tour.steps) {
        const where = `tours/${tour.name}.md line ${step.line}`;
        const text = scenarioTexts[step.run.scenario];
        expect(text, `${where}: no gallery scenario ${step.run.scenario}`).toBeDefined();
        const d = describeForTests(text);
        expect(d.kind, `${where}: the scenario runs ${d.kind}, not ${tour.system}`).toBe(tour.system);
        if (step.view) expect([...d.views.map((v) => v.view), ...Object.keys(SHARED_VIEWS)], `${where}: no view ${step.view}`).toContain(step.view);
        if (step.wait.kind === 'record') expect(d.records.map((r) => r.name), `${where}: no record kind ${step.wait.name}`).toContain(step.wait.name);
      }
    }
  });

  for (const tour of tours) {
    it(`${tour.name}: every step's event happens; Back and a link show a step at its moment`, async () => {
      const played = lab();
      const runner = new TourRunner(played, tour, scenarioTexts);
      const seen: { ns: number; events: number }[] = [];
      for (let k = 0; k < tour.steps.length; k++) {
        await runner.goTo(k);
        const s = played.store.get();
        expect(s.tour).toEqual({ name: tour.name, step: k, active: true });
        seen.push({ ns: played.currentNs(), events: s.events });
        const w = tour.steps[k].wait;
        if (k > 0 && w.kind !== 'reader' && !tour.steps[k].restarts) expect(seen[k].ns, `step ${k + 1} waits for what comes later`).toBeGreaterThan(seen[k - 1].ns);
        if (w.kind === 'time') expect(seen[k].ns).toBe(w.ns);
        if (w.kind === 'record') {
          // The step stops at the awaited record, not at the run's end.
          const kind = s.description!.records.find((r) => r.name === w.name)!.id;
          const records = played.frames.records();
          expect(records.filter(new Set([kind])).some((i) => records.get(i).t === s.nowNs), `step ${k + 1}: ${w.name} happened at its moment`).toBe(true);
        }
      }
      for (let k = tour.steps.length - 2; k >= 0; k--) {
        await runner.goTo(k);
        expect({ ns: played.currentNs(), events: played.store.get().events }, `Back to step ${k + 1}`).toEqual(seen[k]);
      }
      // Played on past a step, the next one still starts from the step's moment.
      if (tour.steps.length > 2 && !tour.steps[2].restarts) {
        const again = lab();
        const r = new TourRunner(again, tour, scenarioTexts);
        await r.goTo(1);
        await again.seek(again.currentNs() + 1e9);
        await r.goTo(2);
        expect({ ns: again.currentNs(), events: again.store.get().events }, 'step 3 after playing on from step 2').toEqual(seen[2]);
      }
      // A link to the last step, in a fresh lab.
      const linked = lab();
      const last = tour.steps.length - 1;
      await new TourRunner(linked, tour, scenarioTexts).goTo(last);
      expect({ ns: linked.currentNs(), events: linked.store.get().events }).toEqual(seen[last]);
    }, 180_000);
  }
});
