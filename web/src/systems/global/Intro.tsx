// How a run of the global-memory cluster is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';

/** The cluster's run: a warm-up that fills the servers' memories, then a measured window. */
export function GlobalIntro({ scenario }: IntroProps) {
  const nodes = Number(scenario.cluster?.nodes ?? 10);
  const frames = Number(scenario.cluster?.frames ?? 1024);
  return (
    <>
      <p>
        {nodes} servers of {frames.toLocaleString()} frames each. Each client asks its primary server for pages of its locality set,
        one at a time. The warm-up fills the servers&apos; memories, then the window measures the large clients&apos; requests: the
        response time to the page&apos;s arrival in the primary&apos;s memory (its processing excluded), the disk reads (misses) and
        the messages carrying a page, each per request (thesis §3.5).
      </p>
      <ul className="hint">
        <li>
          This first version of the cluster runs Chapter 3&apos;s simulation: Base, ClSv, Reserve and Optimal replacement, clustered and
          declustered placement, read-only clients. The cluster view shows every server&apos;s memory by owner and the messages
          between them; the event log every page served, read, dropped and shipped back.
        </li>
      </ul>
    </>
  );
}
