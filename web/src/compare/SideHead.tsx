// The head of one side: its letter and colour, its scenario's title, the fields that differ from
// the other side (its values), where its run is (the shared time, or when it finished), and a
// link that opens it in the lab at that time.
import { useMemo, useState } from 'react';
import type { FrameSource, InspectTarget, ViewProps } from '../views/contract';
import { useFrameTick } from '../views/lib/hooks';
import { formatSimTime, positionToSpeed } from '../state/clock';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { encodeHash } from '../state/url';
import type { FieldDifference } from './diff';
import { SIDE_NAMES, type SideLoad } from './pair';

/** Colours of the two sides, in the counters, charts and plot (4.5:1 or more on white). */
export const SIDE_COLOURS = ['#1f5fbf', '#b04a00'] as const;

/** How many differing fields the head lists before "and N more". */
const SHOWN_DIFFERENCES = 3;

export default function SideHead({
  index,
  load,
  text,
  frames,
  differences,
  seed,
}: {
  index: number;
  load: SideLoad;
  /** The side's scenario text (the lab's link carries it). */
  text: string;
  frames: FrameSource;
  differences: FieldDifference[];
  seed: number;
}) {
  const frame = useFrameTick(frames, 200);
  const name = SIDE_NAMES[index];
  const shown = differences.slice(0, SHOWN_DIFFERENCES);
  const more = differences.length - shown.length;
  const openInLab = () => window.open(`../${encodeHash({ text, seed, tNs: frame?.nowNs ?? 0 })}`, '_blank', 'noopener');
  return (
    <header className="side-head" style={{ borderTopColor: SIDE_COLOURS[index] }} data-testid={`side-${name}`}>
      <div className="side-title">
        <span className="side-letter" style={{ background: SIDE_COLOURS[index] }} aria-hidden="true">
          {name}
        </span>
        <h2>
          <span className="sr-only">Side {name}: </span>
          {load.title}
        </h2>
        <button type="button" className="link" onClick={openInLab} title={`Open side ${name} in the lab at this time`}>
          Open in the lab ↗
        </button>
      </div>
      <div className="side-meta">
        <span data-testid={`differs-${name}`} title={differences.map((d) => `${d.path} = ${d.values[index]}`).join('\n')}>
          {differences.length === 0 ? (
            'the same scenario as the other side'
          ) : (
            <>
              {shown.map((d, i) => (
                <span key={d.path}>
                  {i > 0 && ', '}
                  <code>{d.path}</code> = <b>{d.values[index]}</b>
                </span>
              ))}
              {more > 0 && ` and ${more} more`}
            </>
          )}
        </span>
        <span className={`side-status${frame?.finished ? ' finished' : ''}`} data-testid={`status-${name}`} data-ns={frame?.nowNs ?? 0}>
          {frame == null ? 'loading…' : frame.endedEarly ? `ended early at ${formatSimTime(frame.nowNs)}: ${frame.endedEarly}` : frame.finished ? `finished at ${formatSimTime(frame.nowNs)}` : `at ${formatSimTime(frame.nowNs)}`}
        </span>
      </div>
    </header>
  );
}

/** What one side's views receive: its frames, description and scenario, its own selection;
 * a view's seek moves the shared clock, so both sides. */
export function useSideViewProps(lab: LabController, frames: FrameSource, load: SideLoad | null, inspectable: boolean): ViewProps {
  const [selected, select] = useState<InspectTarget | null>(null);
  const speed = useStore(lab.store, (s) => positionToSpeed(s.speedPosition));
  return useMemo(
    () => ({
      frames,
      selected,
      select,
      seek: (tNs: number) => {
        lab.pause();
        void lab.seek(tNs);
      },
      inspectable,
      speed,
      description: load?.description ?? null,
      scenario: load?.scenario ?? null,
    }),
    [lab, frames, selected, inspectable, speed, load],
  );
}
