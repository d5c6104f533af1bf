// How a disk-system run is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';

/** The disk system's run: every request there at time 0, the run over when the last is served. */
export function DiskIntro({ scenario }: IntroProps) {
  const ostep = scenario.disk?.preset === 'ostep' || scenario.disk?.preset === undefined;
  return (
    <>
      <p>
        Every request is there at time 0; the disk serves them one at a time in the order its policy picks, and the run ends when the
        last is served. There is no warm-up and nothing is averaged: each request&apos;s seek, rotation and transfer are in the
        requests table.
      </p>
      {ostep && (
        <ul className="hint">
          <li>
            The disk is OSTEP&apos;s homework disk (disk.py): its times are disk.py&apos;s time units, each simulated as a millisecond,
            so the table reads as <code>disk.py -c</code> prints it.
          </li>
        </ul>
      )}
    </>
  );
}
