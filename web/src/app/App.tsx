// The lab page: header, the shared time controls, the scenario panel and the views.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { positionToSpeed } from '../state/clock';
import { decodeHash, encodeHash } from '../state/url';
import type { InspectTarget, ViewProps } from '../views/contract';
import TimeControls from '../controls/TimeControls';
import HelpOverlay from '../controls/HelpOverlay';
import { useShortcuts } from '../controls/useShortcuts';
import { mayHaveSweep } from '../scenario/sweep';
import { ViewPanel, systemViews } from './views';
import { followUrl, labStartup, startLab, startTourLink, syncUrlAndStorage } from './boot';
import ResultsPanel from './ResultsPanel';
import { sharePermalink } from './share';
import ScenarioIntro from './ScenarioIntro';
import { systemOf } from '../systems';
import { formatDifference, summarize } from '../scenario/edited';
import { initTools } from '../engine/tools';
import { initEngine } from '../engine/wasm';
import { useEdited } from './useEdited';
import { TourButton, useTourRunner } from '../tours/TourButton';

// The editor and the dialogs that read or edit scenario text load with the engine's tools
// (engine/tools.ts), which the lab does not need to open and run a scenario.
const ScenarioPanel = lazy(() => initTools().then(() => import('../scenario/ScenarioPanel')));
// Compare's picker also runs the lab's module on this thread, for the sides' knobs.
const CompareDialog = lazy(() => Promise.all([initTools(), initEngine()]).then(() => import('../compare/CompareDialog')));
// A tour's card, with the Markdown renderer its text needs, loads once a tour shows; the sweep
// bar and its plot with a text that may have a sweep.
const SweepBar = lazy(() => import('../scenario/SweepBar'));
const TourCard = lazy(() => import('../tours/TourCard'));
const GalleryDialog = lazy(() => initTools().then(() => import('./GalleryDialog')));
const EmbedDialog = lazy(() => import('./EmbedDialog'));

/** What every view receives; `inspectable`: an inspector is on the page. */
export function useViewProps(lab: LabController, inspectable = true): ViewProps {
  const selected = useStore(lab.store, (s) => s.selection);
  const speedPosition = useStore(lab.store, (s) => s.speedPosition);
  const description = useStore(lab.store, (s) => s.description);
  const scenario = useStore(lab.store, (s) => s.scenario);
  return useMemo(
    () => ({
      frames: lab.frames,
      selected,
      select: (target: InspectTarget | null) => lab.store.set({ selection: target }),
      seek: (tNs: number) => {
        lab.pause();
        void lab.seek(tNs);
      },
      inspectable,
      speed: positionToSpeed(speedPosition),
      description,
      scenario,
    }),
    [lab, selected, inspectable, speedPosition, description, scenario],
  );
}

export function StatusBanner({ lab }: { lab: LabController }) {
  const status = useStore(lab.store, (s) => s.status);
  const fatal = useStore(lab.store, (s) => s.fatal);
  const endedEarly = useStore(lab.store, (s) => s.endedEarly);
  const saveError = useStore(lab.store, (s) => s.saveError);
  const restarted = useStore(lab.store, (s) => s.restarted);
  const linkError = useStore(lab.store, (s) => s.linkError);
  const setAside = useStore(lab.store, (s) => s.setAside);
  if (endedEarly) {
    return (
      <div className="error-banner" role="alert" data-testid="ended-early">
        The run ended early: {endedEarly} Edit the scenario and apply it to run again.
      </div>
    );
  }
  if (fatal) {
    return (
      <div className="error-banner" role="alert" data-testid="fatal">
        {fatal} Reload the page; if it persists, rebuild the engine with <code>bash scripts/build-wasm.sh</code>.
      </div>
    );
  }
  if (restarted) {
    return (
      <div className="error-banner" role="alert" data-testid="restarted">
        {restarted}{' '}
        <button type="button" onClick={() => lab.store.set({ restarted: null })}>
          Dismiss
        </button>
      </div>
    );
  }
  if (linkError) {
    return (
      <div className="error-banner" role="alert" data-testid="link-error">
        {linkError}{' '}
        <button type="button" onClick={() => lab.store.set({ linkError: null })}>
          Dismiss
        </button>
      </div>
    );
  }
  if (setAside != null) {
    return (
      <div className="hint-banner" role="status" data-testid="set-aside">
        The scenario you opened replaced your unapplied edits in the editor; they are kept.{' '}
        <button type="button" onClick={() => lab.restoreDraft()} data-testid="restore-draft">
          Put my edits back in the editor
        </button>{' '}
        <button type="button" onClick={() => lab.store.set({ setAside: null })}>
          Let them go
        </button>
      </div>
    );
  }
  if (saveError) {
    return (
      <div className="error-banner" role="status" data-testid="save-error">
        This browser will not keep your edits ({saveError}): use Export in the scenario panel or Copy link to keep them.
      </div>
    );
  }
  if (status === 'loading') {
    return (
      <div className="loading" role="status" data-testid="loading">
        Starting the engine (loading WebAssembly in a worker)…
      </div>
    );
  }
  return null;
}

/** The first stops of the Tab key (issue 24, item 13: 102 presses reached the inspector): past
 * the header and controls to the views, or straight to the inspector. They show when focused. */
function SkipLinks() {
  const skip = (selector: string) => (e: React.MouseEvent) => {
    e.preventDefault(); // the lab follows its address: a #fragment must not become one
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
  };
  return (
    <nav className="skip-links" aria-label="Skip links">
      <a href="#views" onClick={skip('#views')} data-testid="skip-views">
        Skip to the views
      </a>
      <a href="#inspector" onClick={skip('[data-panel=Inspector]')} data-testid="skip-inspector">
        Skip to the inspector
      </a>
    </nav>
  );
}

/** The lab grid's class: the loaded system's own layout (systems/<kind>/grid.css), or the neutral one. */
function gridClass(kind: string | undefined): string {
  return kind !== undefined && systemOf(kind)?.grid ? `system-${kind}` : 'grid-neutral';
}

export default function App({ lab }: { lab: LabController }) {
  const title = useStore(lab.store, (s) => s.title);
  const edited = useEdited(lab);
  const systemTitle = useStore(lab.store, (s) => s.description?.title);
  const helpOpen = useStore(lab.store, (s) => s.helpOpen);
  const editorOpen = useStore(lab.store, (s) => s.editorOpen);
  const errors = useStore(lab.store, (s) => s.errors.length);
  const viewProps = useViewProps(lab);
  const [copied, setCopied] = useState(false);
  const [comparing, setComparing] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const tourRunner = useTourRunner(lab);
  const touring = useStore(lab.store, (s) => s.tour?.active === true);
  const sweepy = useStore(lab.store, (s) => mayHaveSweep(s.appliedText));
  useShortcuts(lab);

  useEffect(() => {
    const stop = syncUrlAndStorage(lab, { storage: true, hash: true });
    // A tour's link runs its scenario to its step; any other starts the lab as it says.
    const link = decodeHash(location.hash).tour;
    if (!link || !startTourLink(lab, link)) void startLab(lab, labStartup(true)).catch(() => undefined);
    const unfollow = followUrl(lab);
    return () => {
      unfollow();
      stop();
      lab.dispose();
    };
  }, [lab]);

  // Opened below the fold (a phone, where it stacks above the views), the editor comes into view
  // just beneath the time controls, which stay at the top of the window.
  const controls = useRef<HTMLDivElement>(null);
  const revealEditor = (panel: HTMLElement) => {
    const top = panel.getBoundingClientRect().top;
    if (top > window.innerHeight / 2) window.scrollBy?.({ top: top - (controls.current?.getBoundingClientRect().bottom ?? 0) });
  };

  const [embedding, setEmbedding] = useState(false);

  const copyLink = async () => {
    const s = lab.store.get();
    const url = `${location.origin}${location.pathname}${encodeHash({ text: s.appliedText, seed: s.seed, tNs: lab.currentNs() })}`;
    await sharePermalink(url, setCopied);
  };

  return (
    <div className={`lab${editorOpen ? ' with-editor' : ''}`}>
      <SkipLinks />
      <header className="topbar">
        <h1>
          Storelab <span className="subtitle">{(systemTitle ?? 'storage systems').toLowerCase()}, event by event</span>
        </h1>
        <span className="scenario-title" data-testid="scenario-title">
          {title}
          {edited && (
            <span className="edited" data-testid="edited" title={edited.differences.map(formatDifference).join('\n')}>
              {' '}
              — edited: {summarize(edited)}
            </span>
          )}
        </span>
        <nav>
          <a href="./start/" data-testid="start-link" title="Every system by its paper: its idea, its lesson, its scenarios and its figures">
            All systems
          </a>
          <a href="./figures/" data-testid="figures-link" title="Every figure and table the lab reproduces, each sweep run whole in your browser beside the paper's numbers">
            Figures
          </a>
          <button type="button" onClick={() => setBrowsing(true)} data-testid="open-gallery" title="Pick a scenario of any system, grouped by system and searchable">
            Scenarios…
          </button>
          <button type="button" onClick={() => lab.store.set({ editorOpen: !editorOpen })} data-testid="toggle-editor" aria-pressed={editorOpen}>
            {editorOpen ? 'Hide scenario' : 'Edit scenario'}
            {errors > 0 && <span className="badge">{errors}</span>}
          </button>
          <button type="button" onClick={() => void copyLink()} data-testid="copy-link" title="Copy a link that reopens this scenario, seed and time">
            {copied ? 'Link copied ✓' : 'Copy link'}
          </button>
          <button
            type="button"
            onClick={() => setEmbedding(true)}
            data-testid="copy-embed"
            aria-haspopup="dialog"
            title="Show this scenario, seed and time in another page: a <storelab-scenario> tag or an iframe, to copy"
          >
            Copy embed code…
          </button>
          <button type="button" onClick={() => setComparing(true)} data-testid="compare" title="Open compare mode: this scenario beside another of the same system, one clock">
            Compare…
          </button>
          <TourButton lab={lab} runner={tourRunner} />
          <a href="./lessons/">Lessons</a>
          <button type="button" onClick={() => lab.store.set({ helpOpen: true })} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" data-testid="help-button">
            ?
          </button>
        </nav>
      </header>
      <TimeControls lab={lab} ref={controls} />
      {sweepy && (
        <Suspense fallback={null}>
          <SweepBar lab={lab} />
        </Suspense>
      )}
      <StatusBanner lab={lab} />
      <ScenarioIntro lab={lab} tour={tourRunner} />
      <ResultsPanel lab={lab} />
      <div className="workspace">
        {editorOpen && (
          <Suspense fallback={<aside className="loading">Loading the editor…</aside>}>
            <ScenarioPanel lab={lab} onOpen={revealEditor} />
          </Suspense>
        )}
        <main className={`views-grid ${gridClass(viewProps.description?.kind)}`} id="views" tabIndex={-1} aria-label="Views">
          {systemViews(viewProps.description).map((info) => (
            <ViewPanel key={info.view} info={info} props={viewProps} className={`area-${info.view}${viewProps.selected ? ' has-selection' : ''}`} />
          ))}
        </main>
      </div>
      {tourRunner && touring && (
        <Suspense fallback={null}>
          <TourCard lab={lab} runner={tourRunner} />
        </Suspense>
      )}
      {helpOpen && <HelpOverlay onClose={() => lab.store.set({ helpOpen: false })} />}
      {browsing && (
        <Suspense fallback={null}>
          <GalleryDialog lab={lab} onClose={() => setBrowsing(false)} />
        </Suspense>
      )}
      {embedding && (
        <Suspense fallback={null}>
          <EmbedDialog lab={lab} onClose={() => setEmbedding(false)} />
        </Suspense>
      )}
      {comparing && (
        <Suspense fallback={null}>
          <CompareDialog lab={lab} onClose={() => setComparing(false)} />
        </Suspense>
      )}
    </div>
  );
}
