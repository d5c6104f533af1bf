// How a run of the global-memory cluster is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';

/** The cluster's run: a warm-up that fills the servers' memories, then a measured window. */
export function GlobalIntro({ scenario }: IntroProps) {
  const nodes = Number(scenario.cluster?.nodes ?? 10);
  const frames = Number(scenario.cluster?.frames ?? 1024);
  const web = scenario.workload?.model === 'web';
  const w = scenario.web ?? {};
  const hot = Number(w.hot_files ?? 0);
  const files = Number(w.files ?? 300);
  const pages = Number(w.file_pages ?? 32);
  // Fig. 58 (§5.4.4): the same pages divided equally among four file sizes.
  const served =
    w.file_sizes === 'mixed'
      ? `${(files * pages).toLocaleString()} pages in files of 16, 32, 64 and 128 pages, a quarter of the pages each, the sizes dealt to the files at random (Fig. 58)`
      : `${files.toLocaleString()} files of ${pages} pages`;
  return (
    <>
      {web ? (
        <p data-testid="intro-web">
          {nodes} servers of {frames.toLocaleString()} frames each, serving {served} (thesis Ch. 5). {Number(w.mpl ?? 4)} requests a
          server are in progress at a time; each asks for{' '}
          {hot > 0
            ? `one of ${hot} hot files, then one of the cold ones, each uniformly (Fig. 60),`
            : `a whole file, picked by a Zipf law of skew ${Number(w.zipf ?? 1)},`}{' '}
          and goes to the next server in turn, which fetches the file&apos;s pages one after another. The warm-up fills the memories, then the window measures each file request: its response
          time to the last page in memory, its disk reads and its messages carrying a page (§5.4).
        </p>
      ) : (
        <p>
          {nodes} servers of {frames.toLocaleString()} frames each. Each client asks its primary server for pages of its locality set,
          one at a time. The warm-up fills the servers&apos; memories, then the window measures the large clients&apos; requests: the
          response time to the page&apos;s arrival in the primary&apos;s memory (its processing excluded), the disk reads (misses) and
          the messages carrying a page, each per request (thesis §3.5).
        </p>
      )}
      <ul className="hint">
        <li>
          The cluster runs Chapter 3&apos;s simulation (Base, ClSv, Reserve and Optimal replacement, clustered and declustered placement,
          reads and writes under callback locking), Chapter 4&apos;s SP/2 with Global replacement, and Chapter 5&apos;s read-only web
          server (ClSv, Dup-Elim, Hybrid and Threshold). The cluster view shows every server&apos;s memory by owner, its duplicates and
          the messages between them; the event log every page served, read, written, dropped and shipped back.
        </li>
      </ul>
    </>
  );
}
