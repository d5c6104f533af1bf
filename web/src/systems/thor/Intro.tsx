// How a Thor run is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';

/** Thor's run: one cold traversal, measured whole, over when its last transaction commits. */
export function ThorIntro({ scenario }: IntroProps) {
  const medium = scenario.database?.size === 'medium';
  return (
    <>
      <p>
        One traversal of the OO7 database on cold caches, measured whole as the paper measures its cold runs (§6.1): the FE starts
        with an empty cache, fetches every object it needs from the OR, and the run ends when the traversal&apos;s last transaction has
        committed. There is no warm-up. One FE and one OR work in turn, so the elapsed time is the sum of Table 2&apos;s and Table
        3&apos;s categories.
      </p>
      <ul className="hint">
        {medium ? (
          <li>
            On the medium database the traversal (T6 aside) runs as calls of 48 atomic parts in transactions of 83 calls (the paper&apos;s
            9112 calls and 110 transactions): the FE shrinks and collects only between calls.
          </li>
        ) : (
          <li>The small database fits in the FE&apos;s 12 MB cache: nothing is discarded, and the traversal is one call.</li>
        )}
      </ul>
    </>
  );
}
