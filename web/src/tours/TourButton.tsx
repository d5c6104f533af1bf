// The guided tour in the lab (issue 29): the header's button that starts or resumes it (a first
// visit offers it in "About this scenario", ScenarioIntro.tsx), and the runner of the tour the lab
// shows or offers. The step's card is TourCard.tsx's, loaded once a tour shows.
import { useMemo } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { runnerFor, type TourRunner } from './runner';
import { tourNamed, tourOf } from './list';
import type { Tour } from './tour';
import { scenarioTexts } from '../scenario/gallery';

/** The runner of the tour the lab shows or offers: the one under way, else the loaded system's. */
export function useTourRunner(lab: LabController): TourRunner | null {
  const name = useStore(lab.store, (s) => s.tour?.name);
  const system = useStore(lab.store, (s) => s.description?.kind);
  const tour: Tour | undefined = (name ? tourNamed(name) : undefined) ?? tourOf(system);
  return useMemo(() => (tour ? runnerFor(lab, tour, scenarioTexts) : null), [lab, tour]);
}

/** The header's button: the loaded system's tour, or Resume while one is left. */
export function TourButton({ lab, runner }: { lab: LabController; runner: TourRunner | null }) {
  const tour = useStore(lab.store, (s) => s.tour);
  if (!runner || tour?.active) return null;
  const resume = tour != null && tour.name === runner.tour.name;
  return (
    <button
      type="button"
      onClick={() => runner.go(resume ? tour.step : 0)}
      data-testid={resume ? 'resume-tour' : 'start-tour'}
      title={resume ? `Back to step ${tour.step + 1} of the tour, at its moment` : `A guided tour of ${runner.tour.steps.length} steps over the live model`}
    >
      {resume ? 'Resume tour' : 'Tour'}
    </button>
  );
}
