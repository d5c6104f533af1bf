// The /embed/ route: one scenario with chosen views and controls, for an iframe.
//   embed/?views=MobView,DiskView&controls=1&autoplay=0#sc=mob-default&seed=1&t=0
// The hash may also carry a full permalink (`#s=…`). Nothing is written to local storage.
import { useEffect } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { encodeHash } from '../state/url';
import TimeControls from '../controls/TimeControls';
import HelpOverlay from '../controls/HelpOverlay';
import { useShortcuts } from '../controls/useShortcuts';
import { ViewPanel, parseViewList, type ViewName } from './views';
import { labStartup, startLab } from './boot';
import { StatusBanner, useViewProps } from './App';

export default function Embed({ lab }: { lab: LabController }) {
  const q = new URLSearchParams(location.search);
  const views: ViewName[] = parseViewList(q.get('views'));
  const shown = views.length ? views : (['MobView', 'DiskView', 'Charts'] as ViewName[]);
  const controls = q.get('controls') !== '0';
  const autoplay = q.get('autoplay') === '1';
  const title = useStore(lab.store, (s) => s.title);
  const helpOpen = useStore(lab.store, (s) => s.helpOpen);
  const viewProps = useViewProps(lab);
  useShortcuts(lab);

  useEffect(() => {
    const speed = Number(q.get('speed'));
    if (q.get('speed') && Number.isFinite(speed)) lab.setSpeedPosition(speed);
    void startLab(lab, labStartup(false), autoplay).catch(() => undefined);
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
        <button type="button" className="link" onClick={openInLab}>
          Open in the lab ↗
        </button>
      </header>
      {controls && <TimeControls lab={lab} compact />}
      <StatusBanner lab={lab} />
      <div className={`embed-views n${shown.length}`}>
        {shown.map((name) => (
          <ViewPanel key={name} name={name} props={viewProps} />
        ))}
      </div>
      {helpOpen && <HelpOverlay onClose={() => lab.store.set({ helpOpen: false })} />}
    </div>
  );
}
