// The lab's "Scenarios…" dialog: the gallery, grouped by system and searchable, without opening
// the editor. Picking a card loads it as the editor's Gallery tab does (an unapplied draft is set
// aside, and offered back); Escape or a click outside closes it and gives the focus back.
import { useEffect, useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import GalleryList from '../scenario/GalleryList';

export default function GalleryDialog({ lab, onClose }: { lab: LabController; onClose: () => void }) {
  const current = useStore(lab.store, (s) => s.scenarioName);
  // What had the focus before the search box took it (at the first render, before autoFocus).
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => before?.focus?.(), [before]);
  return (
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="gallery-title"
      onClick={onClose}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      data-testid="gallery-dialog"
    >
      <div className="overlay-box gallery-dialog" onClick={(e) => e.stopPropagation()}>
        <div className="gallery-dialog-head">
          <h2 id="gallery-title">Scenarios</h2>
          <a href="./start/">Every system, its lesson and its figures</a>
          <button type="button" onClick={onClose} aria-label="Close the scenarios">
            ✕
          </button>
        </div>
        <GalleryList
          current={current}
          autoFocus
          onPick={(g) => {
            onClose();
            void lab.openScenario(g.text, g.name);
          }}
        />
      </div>
    </div>
  );
}
