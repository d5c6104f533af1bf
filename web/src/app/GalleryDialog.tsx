// The lab's "Scenarios…" dialog: the gallery, grouped by system and searchable, without opening
// the editor. Picking a card loads it as the editor's Gallery tab does (an unapplied draft is set
// aside, and offered back); Escape or a click outside closes it and gives the focus back.
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import GalleryList from '../scenario/GalleryList';
import Dialog from './Dialog';

export default function GalleryDialog({ lab, onClose }: { lab: LabController; onClose: () => void }) {
  const current = useStore(lab.store, (s) => s.scenarioName);
  return (
    <Dialog labelledBy="gallery-title" testId="gallery-dialog" className="gallery-dialog" onClose={onClose}>
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
    </Dialog>
  );
}
