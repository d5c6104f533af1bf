import { useEffect } from 'react';
import type { LabController } from '../state/controller';
import { shortcutFor } from './keyboard';

/** Binds the lab's keyboard shortcuts to the window while mounted. */
export function useShortcuts(lab: LabController, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      // A control that took the key itself (the editor's tabs take the arrows) keeps it.
      if (e.defaultPrevented) return;
      const action = shortcutFor(e);
      if (!action) return;
      const st = lab.store.get();
      if (action === 'closeOverlay') {
        if (st.helpOpen) lab.store.set({ helpOpen: false });
        else if (st.tour?.active) lab.store.set({ tour: { ...st.tour, active: false } });
        else lab.cancel();
        return;
      }
      e.preventDefault();
      switch (action) {
        case 'togglePlay':
          lab.togglePlay();
          break;
        case 'step':
          void lab.step();
          break;
        case 'stepTarget':
          void lab.stepToTarget();
          break;
        case 'slower':
          lab.slower();
          break;
        case 'faster':
          lab.faster();
          break;
        case 'reset':
          void lab.reset();
          break;
        case 'help':
          lab.store.set({ helpOpen: !st.helpOpen });
          break;
        case 'home':
          lab.pause();
          void lab.seek(0);
          break;
        case 'end':
          lab.pause();
          void lab.seek(lab.timelineEndNs());
          break;
        case 'scrubBack':
          void lab.scrubBy(-0.01);
          break;
        case 'scrubForward':
          void lab.scrubBy(0.01);
          break;
      }
    };
    // A focused button activates on Space's keyup: cancel that, or Space would toggle twice.
    const onKeyUp = (e: KeyboardEvent) => {
      if (shortcutFor(e) === 'togglePlay') e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [lab, enabled]);
}
