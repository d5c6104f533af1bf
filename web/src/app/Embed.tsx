// The /embed/ route: one scenario with chosen views and controls, for an iframe.
//   embed/?views=MobView,DiskView&controls=1&autoplay=0&set=server.mob_mb%3D2#sc=mob-default&seed=1&t=0
// The hash may also carry a full permalink (`#s=…`). `set` pins parameters on top of the scenario
// (`section.key=value,…`, as lessons' `set:` lines and the CLI's --set; a rejected override is shown
// by name and nothing runs). Nothing is written to local storage.
import { useEffect, useMemo, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { encodeHash } from '../state/url';
import TimeControls from '../controls/TimeControls';
import HelpOverlay from '../controls/HelpOverlay';
import { useShortcuts } from '../controls/useShortcuts';
import { ViewPanel, parseViewList, systemViews } from './views';
import { labStartup, startLab } from './boot';
import { StatusBanner, useViewProps } from './App';
import { describeOverrides, loadWithOverrides, readSetParam } from '../lessons/overrides';

export default function Embed({ lab }: { lab: LabController }) {
  const q = new URLSearchParams(location.search);
  const asked = parseViewList(q.get('views'));
  const controls = q.get('controls') !== '0';
  const autoplay = q.get('autoplay') === '1';
  const title = useStore(lab.store, (s) => s.title);
  const helpOpen = useStore(lab.store, (s) => s.helpOpen);
  const viewProps = useViewProps(lab);
  // The views asked for that the system has; without a `views` parameter, its first three.
  const shown = asked.length ? systemViews(viewProps.description, asked) : systemViews(viewProps.description).slice(0, 3);
  const set = useMemo(() => readSetParam(location.search), []);
  const [setError, setSetError] = useState(set.error);
  useShortcuts(lab);

  useEffect(() => {
    const speed = Number(q.get('speed'));
    if (q.get('speed') && Number.isFinite(speed)) lab.setSpeedPosition(speed);
    const startup = labStartup(false);
    if (set.error) {
      // Nothing to run: the error is shown instead of a scenario that differs from the one asked for.
    } else if (set.pinned.length) {
      const load = (text: string) => lab.load(text, startup.seed, { tNs: startup.tNs, scenarioName: startup.scenarioName });
      void loadWithOverrides(load, startup.text, set.pinned)
        .then((error) => {
          if (error) setSetError(error);
          else if (autoplay) lab.play();
        })
        .catch(() => undefined);
    } else {
      void startLab(lab, startup, autoplay).catch(() => undefined);
    }
    return () => lab.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lab]);

  const openInLab = () => {
    const s = lab.store.get();
    window.open(`../${encodeHash({ text: s.appliedText, seed: s.seed, tNs: lab.currentNs() })}`, '_blank', 'noopener');
  };

  return (
    <div className="embed" data-testid="embed">
      <header className="embed-bar">
        <strong>{title || 'Storelab'}</strong>
        {set.pinned.length > 0 && !setError && (
          <span className="hint" data-testid="pinned" title="Set by the embed, unlike the scenario file">
            pinned: {describeOverrides(set.pinned)}
          </span>
        )}
        <button type="button" className="link" onClick={openInLab}>
          Open in the lab ↗
        </button>
      </header>
      {controls && !setError && <TimeControls lab={lab} compact />}
      {setError ? (
        <div className="error-banner" role="alert" data-testid="set-error">
          The embed's <code>set</code> parameter was rejected: {setError}
        </div>
      ) : (
        <>
          <StatusBanner lab={lab} />
          <div className={`embed-views n${shown.length}`}>
            {shown.map((info) => (
              <ViewPanel key={info.view} info={info} props={viewProps} />
            ))}
          </div>
        </>
      )}
      {helpOpen && <HelpOverlay onClose={() => lab.store.set({ helpOpen: false })} />}
    </div>
  );
}
