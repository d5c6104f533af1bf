// How a MOB run is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';
import { formatSimTime } from '../../state/clock';

/** The MOB's run: a warm-up of time and flusher passes, then a measured window of time. */
export function MobIntro({ scenario, run, warmupEnd }: IntroProps) {
  const passes = run.warmup_flusher_passes ?? 0;
  // Spec A31: the write-optimized and hybrid layouts also write every region once, so pages have
  // fragmented or moved.
  const regions = ['write_optimized', 'hybrid'].includes(String(scenario.server?.layout));
  const cycle = regions ? ' and a full cycle of the disk’s regions' : '';
  // PAGE has no flusher: its warm-up waits until the cache has turned over.
  const page = scenario.server?.architecture === 'page';
  const oo7 = scenario.workload?.kind === 'oo7';
  const waitsFor = page ? 'the server has written as many evicted dirty pages as its cache has frames' : `the flusher has made ${passes} passes${cycle}`;
  return (
    <>
      <p>
        {passes > 0
          ? `The warm-up lasts at least ${run.warmup_s} s and until ${waitsFor}${warmupEnd != null ? ` (${formatSimTime(warmupEnd)} in this run)` : ''}, so ${page ? 'the cache is' : 'the MOB and the caches are'} full before anything is measured; the ${run.duration_s} s after it are the measured window.`
          : `The first ${run.warmup_s} s are a warm-up, not measured; the ${run.duration_s} s after it are the measured window.`}{' '}
        The bar under the timeline shows both.
      </p>
      <ul className="hint">
        {oo7 ? (
          <li>
            Each transaction is one OO7 traversal (thesis §6.3.3); each client keeps the objects it used in an object cache with one use bit (§6.1.2). In the
            MOB's colours, "warm" is the modules the clients own, "cold" the others; nothing is hot.
          </li>
        ) : (
          <li>
            Clients start in the middle of a transaction, some already committing at 0 s: the client cache is modelled by probability (thesis §4.2.1), not
            simulated page by page.
          </li>
        )}
        <li>The disk draws the database's band of cylinders magnified, so its radial scale is not uniform.</li>
      </ul>
    </>
  );
}
