// The guided tour's card in the lab (issue 29): the step's text, Back and Next, its link, Leave,
// and the view it points at outlined and brought into sight. Loaded with the tour (App.tsx), with
// the Markdown renderer its text needs; the header's button that starts or resumes the tour and
// the runner are TourButton.tsx's.
import { useEffect, useMemo } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { markdownHtml } from '../lessons/markdown';
import type { TourRunner } from './runner';
import { tourHash } from './tour';
import './tour.css';

/** The step's card while the tour shows. */
export default function TourCard({ lab, runner }: { lab: LabController; runner: TourRunner }) {
  const tour = useStore(lab.store, (s) => s.tour);
  const busy = useStore(lab.store, (s) => s.busy);
  const k = tour?.active && tour.name === runner.tour.name ? tour.step : -1;
  const step = k >= 0 ? runner.tour.steps[k] : null;
  const html = useMemo(() => (step ? markdownHtml(step.text) : ''), [step]);
  useEffect(() => {
    if (!step?.view) return;
    const panel = document.querySelector<HTMLElement>(`[data-panel="${step.view}"]`);
    panel?.classList.add('tour-focus');
    panel?.scrollIntoView?.({ block: 'nearest' });
    return () => panel?.classList.remove('tour-focus');
  }, [step]);
  if (!step) return null;
  const n = runner.tour.steps.length;
  const last = k === n - 1;
  return (
    <aside className="tour-card" role="dialog" aria-label={`Guided tour: ${runner.tour.title}`} data-testid="tour-card" data-step={k + 1}>
      <div className="tour-head">
        <strong>{runner.tour.title}</strong>
        <span data-testid="tour-progress">
          step {k + 1} of {n}
        </span>
      </div>
      <div className="tour-text" data-testid="tour-text" dangerouslySetInnerHTML={{ __html: html }} />
      {busy && (
        <p className="tour-busy" role="status">
          {busy}
        </p>
      )}
      <div className="tour-buttons">
        <button type="button" onClick={() => runner.go(k - 1)} disabled={k === 0 || busy != null} data-testid="tour-back">
          ← Back
        </button>
        {last ? (
          <button type="button" onClick={() => lab.store.set({ tour: null })} data-testid="tour-finish">
            Finish
          </button>
        ) : (
          <button type="button" onClick={() => runner.go(k + 1)} disabled={busy != null} data-testid="tour-next">
            Next →
          </button>
        )}
        <a href={tourHash(runner.tour.name, k)} data-testid="tour-link" title="A link that opens the lab at this step">
          Link to this step
        </a>
        <button type="button" onClick={() => runner.leave()} title="Explore freely from here (Esc); Resume tour comes back" data-testid="tour-leave">
          Leave (Esc)
        </button>
      </div>
    </aside>
  );
}
