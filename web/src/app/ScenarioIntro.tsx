// What the lab is showing, for a student's first look: the scenario's own description, how its
// run is timed and the things that puzzle newcomers about it (the system's intro,
// systems/<kind>/Intro.tsx), and on a first visit a cue to press Play, with the offer of the
// system's guided tour.
import { useEffect, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { systemOf } from '../systems';
import type { IntroProps, RunTimes } from '../systems/system';
import { useEdited } from './useEdited';
import { formatDifference } from '../scenario/edited';
import type { TourRunner } from '../tours/runner';

const SEEN_KEY = 'storelab.seen-intro';

function firstVisit(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) == null;
  } catch {
    return false;
  }
}

export default function ScenarioIntro({ lab, tour }: { lab: LabController; tour?: TourRunner | null }) {
  const scenario = useStore(lab.store, (s) => s.scenario);
  const endNs = useStore(lab.store, (s) => s.endNs);
  const playing = useStore(lab.store, (s) => s.playing);
  const edited = useEdited(lab);
  const touring = useStore(lab.store, (s) => s.tour != null);
  const [first] = useState(firstVisit);
  const [cue, setCue] = useState(first);
  const dismiss = () => {
    setCue(false);
    try {
      localStorage.setItem(SEEN_KEY, '1');
    } catch {
      /* storage blocked: the cue shows again next time */
    }
  };
  // Pressing Play is what the cue asks: once it is done the cue has served (issue 24, item 13).
  useEffect(() => {
    if (playing && cue) dismiss();
  }, [playing, cue]);
  if (!scenario) return null;
  const meta = scenario.meta as { description?: string };
  const Intro = systemOf(String((scenario.system as { kind?: string }).kind))?.Intro ?? RunIntro;
  const run = scenario.run as unknown as RunTimes;
  const warmupEnd = endNs != null ? endNs - run.duration_s * 1e9 : null;
  return (
    <details className="intro" open={first} data-testid="intro">
      <summary>About this scenario</summary>
      {cue && (
        <p className="cue" data-testid="play-cue">
          Press <b>▶ Play</b> (or Space) to start the simulation; drag the timeline to jump; click anything to inspect it. This is
          one of the lab&apos;s systems: <a href="./start/">see them all</a>, with their lessons and figures, or pick any scenario
          with <b>Scenarios…</b>.{' '}
          {tour && !touring && (
            <>
              New here? Take the <b>guided tour</b>: {tour.tour.steps.length} steps over the live model.{' '}
              <button
                type="button"
                onClick={() => {
                  dismiss();
                  tour.go(0);
                }}
                data-testid="tour-offer-start"
              >
                Start the tour
              </button>{' '}
            </>
          )}
          <button type="button" onClick={dismiss}>
            Got it
          </button>
        </p>
      )}
      {edited && (
        <p className="edited-note" data-testid="intro-edited">
          This run is not the gallery's <code>{edited.name}</code> as written: {edited.differences.map(formatDifference).join('; ')}. The description
          below is the original's.
        </p>
      )}
      {meta.description && <p>{meta.description}</p>}
      <Intro scenario={scenario} run={run} warmupEnd={warmupEnd} />
    </details>
  );
}

/** A system that says nothing of its own run: a warm-up, then a measured window. */
function RunIntro({ run }: IntroProps) {
  return (
    <p>
      The first {run.warmup_s} s are a warm-up, not measured; the {run.duration_s} s after it are the measured window. The bar under the timeline
      shows both.
    </p>
  );
}
