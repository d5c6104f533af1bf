// The /embed/ route: one scenario with chosen views and controls, for an iframe.
//   embed/?views=MobView,DiskView&controls=1&autoplay=0&speed=20&bar=1&set=server.mob_mb%3D2#sc=mob-default&seed=1&t=0
// The hash may also carry a full permalink (`#s=…`). The options are read and checked by
// embedParams.ts; `set` pins parameters on top of the scenario (`section.key=value,…`, as lessons'
// `set:` lines and the CLI's --set). A wrong option, an unknown view or gallery name, a rejected
// override or a scenario the engine refuses is shown by name (or line and field), with what
// exists, and nothing runs. Nothing is written to local storage. Opened by a <storelab-scenario>
// element (`element=1`), it also speaks to the element (element/frame.ts).
import { useEffect, useMemo, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { encodeHash } from '../state/url';
import TimeControls from '../controls/TimeControls';
import HelpOverlay from '../controls/HelpOverlay';
import { useShortcuts } from '../controls/useShortcuts';
import { ViewPanel, systemViews } from './views';
import { labStartup } from './boot';
import { StatusBanner, useViewProps } from './App';
import { describeOverrides, loadWithOverrides, readSetParam } from '../lessons/overrides';
import { embedHeight, readEmbedParams, unknownScenario, unknownViews } from './embedParams';
import { useElementBridge } from '../element/frame';
import { scenarioTexts } from '../scenario/gallery';
import { viewHeight } from '../systems';

export default function Embed({ lab }: { lab: LabController }) {
  const params = useMemo(() => readEmbedParams(location.search), []);
  const startup = useMemo(() => labStartup(false), []);
  const title = useStore(lab.store, (s) => s.title);
  const helpOpen = useStore(lab.store, (s) => s.helpOpen);
  const description = useStore(lab.store, (s) => s.description);
  // The views asked for (all of them the system's, or it is an error); without a `views`
  // parameter, the system's first three.
  const shown = params.views.length ? systemViews(description, params.views) : systemViews(description).slice(0, 3);
  const viewProps = useViewProps(lab, shown.some((v) => v.view === 'Inspector'));
  const set = useMemo(() => readSetParam(location.search), []);
  const [loadError, setLoadError] = useState(set.error && `The embed's set parameter was rejected: ${set.error}`);
  // What stops the embed, in the words it shows (each names what exists).
  const problems = [
    ...params.errors,
    ...(startup.unknownScenario ? [unknownScenario(startup.unknownScenario, scenarioTexts)] : []),
    ...(description && params.views.length ? [unknownViews(params.views, description)].filter((e) => e != null) : []),
  ];
  const stopped = problems.length > 0 || loadError != null;
  useShortcuts(lab);
  const heightShown = embedHeight(shown.map((v) => v.view));
  useElementBridge(lab, [...(loadError != null ? [loadError] : []), ...problems.map((p) => `This embed cannot run: ${p}.`)], heightShown);

  useEffect(() => {
    if (params.speed != null) lab.setSpeed(params.speed);
    if (params.errors.length || startup.unknownScenario || set.error) return () => lab.dispose(); // nothing to run: the error shows instead
    // A scenario the engine refuses is shown by line, never swapped for another (the `set`
    // overrides, if any, named by their own).
    const load = (text: string) => lab.load(text, startup.seed, { tNs: startup.tNs, scenarioName: startup.scenarioName });
    void loadWithOverrides(load, startup.text, set.pinned)
      .then((error) => {
        if (error) setLoadError(set.pinned.length ? `The embed's set parameter was rejected: ${error}` : `The scenario was rejected: ${error}`);
        else if (params.autoplay) lab.play();
      })
      .catch(() => undefined);
    return () => lab.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lab]);

  useEffect(() => {
    if (stopped) lab.pause();
  }, [lab, stopped]);

  const openInLab = () => {
    const s = lab.store.get();
    window.open(`../${encodeHash({ text: s.appliedText, seed: s.seed, tNs: lab.currentNs() })}`, '_blank', 'noopener');
  };

  return (
    <div className="embed" data-testid="embed">
      {params.bar && (
        <header className="embed-bar">
          <strong>{title || 'Storelab'}</strong>
          {set.pinned.length > 0 && !loadError && (
            <span className="hint" data-testid="pinned" title="Set by the embed, unlike the scenario file">
              pinned: {describeOverrides(set.pinned)}
            </span>
          )}
          <button type="button" className="link" onClick={openInLab}>
            Open in the lab ↗
          </button>
        </header>
      )}
      {params.controls && !stopped && <TimeControls lab={lab} compact />}
      {stopped ? (
        <div className="error-banner" role="alert" data-testid="set-error">
          {loadError != null && <p>{loadError}</p>}
          {problems.map((p) => (
            <p key={p}>This embed cannot run: {p}.</p>
          ))}
        </div>
      ) : (
        <>
          <StatusBanner lab={lab} />
          <div className={`embed-views n${shown.length}`}>
            {shown.map((info) => (
              <ViewPanel key={info.view} info={info} props={viewProps} height={viewHeight(info.view)} />
            ))}
          </div>
        </>
      )}
      {helpOpen && <HelpOverlay onClose={() => lab.store.set({ helpOpen: false })} />}
    </div>
  );
}
