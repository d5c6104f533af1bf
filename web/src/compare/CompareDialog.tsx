// The lab's "Compare…" dialog: the lab's scenario on side A, side B picked (by default the same
// scenario with the system's first knob changed: HAC's policy against its first baseline, FPC),
// and a link that opens compare mode on both at the lab's seed and time, in a new tab.
import { useEffect, useRef } from 'react';
import type { LabController } from '../state/controller';
import { scenarioTexts } from '../scenario/gallery';
import { encodeCompareHash, sideSpec } from './compareParams';
import ComparePicker from './ComparePicker';
import Dialog from '../app/Dialog';
import './compare.css';

export default function CompareDialog({ lab, onClose }: { lab: LabController; onClose: () => void }) {
  const s = lab.store.get();
  const a = sideSpec(s.appliedText, s.scenarioName, scenarioTexts);
  const tNs = lab.currentNs();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('select, input, a, button')?.focus();
  }, []);
  return (
    <Dialog labelledBy="compare-title" testId="compare-dialog" className="compare-dialog" onClose={onClose} ref={box}>
      <h2 id="compare-title">Compare two scenarios</h2>
      <p className="hint">
        Side by side, same seed ({s.seed}), one clock, from this time on: each side's views and counters, their difference over time, and a figure against a swept
        field.
      </p>
      <ComparePicker
        a={a}
        knobs={s.description?.knobs}
        action={(sides) => (
          <p className="picker-actions">
            {sides ? (
              <a className="button primary" href={`./compare/${encodeCompareHash(sides, s.seed, tNs)}`} target="_blank" rel="noopener" onClick={onClose} data-testid="open-compare">
                Open compare ↗
              </a>
            ) : (
              <button type="button" className="primary" disabled>
                Open compare ↗
              </button>
            )}{' '}
            <button type="button" onClick={onClose}>
              Cancel
            </button>
          </p>
        )}
      />
    </Dialog>
  );
}
