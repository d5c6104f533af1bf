// How an opportunistic-log run is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';

/** The opportunistic log's run: it starts in steady state, then a warm-up and a measured window. */
export function OplogIntro({ run }: IntroProps) {
  return (
    <>
      <p>
        {`The run starts in steady state (the cache full, all but 1000 of its pages dirty, the log nearly full of pending entries), so the first ${run.warmup_s} s are a short warm-up, not measured; the ${run.duration_s} s after it are the measured window.`}{' '}
        The bar under the timeline shows both.
      </p>
      <ul className="hint">
        <li>Each transaction uses one object of a page chosen uniformly from the whole database; the client cache is modelled by the fetch ratio alone (§4.4).</li>
        <li>The server's memory is non-volatile: a commit is done once its modification is in the log, and no log is written to disk (§4.3).</li>
      </ul>
    </>
  );
}
