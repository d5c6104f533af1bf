// How a HAC run is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';

/** HAC's run: one traversal measured, after an unmeasured one when hot; it ends with it. */
export function HacIntro({ scenario }: IntroProps) {
  const hot = (scenario.workload as { start?: string }).start === 'hot';
  return (
    <>
      <p>
        {hot
          ? 'The traversal runs once unmeasured, to warm the client cache, then again: the second run is measured, and the run ends with it.'
          : 'The traversal starts with an empty client cache at 0 s and is measured from start to end; the run ends with it.'}{' '}
        The bar under the timeline shows both.
      </p>
      <ul className="hint">
        <li>
          Time is simulated: each object access costs the hit time of the paper's Table 3, each miss a fetch through the network, the server's cache and its disk
          (§4, §5 of the spec).
        </li>
        <li>The server's cache starts warm, as in the paper's runs (its hit rate was at least 86%).</li>
      </ul>
    </>
  );
}
