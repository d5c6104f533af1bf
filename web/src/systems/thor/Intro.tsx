// How a Thor run is timed, for the lab's "About this scenario".
import type { IntroProps } from '../system';
import type { ScenarioValues } from '../../engine/types';

/** The calls and transactions the traversal is split into, as the engine's `Config::split` reads
 * the scenario (§6.1; spec A14, A23): parts a call (0: one call) and calls a transaction (0: one
 * transaction). */
export function thorSplit(scenario: ScenarioValues): { parts: number; calls: number } {
  const medium = scenario.database?.size === 'medium' && scenario.workload?.traversal !== 't6';
  const parts = Number(scenario.workload?.parts_per_call ?? (medium ? 48 : 0));
  const calls = Number(scenario.workload?.calls_per_transaction ?? (parts > 0 ? 83 : 0));
  return { parts, calls };
}

/** Thor's run: one cold traversal (or a hot run's five), measured whole, over when its last
 * transaction commits; its calls and transactions; the other FEs sharing the database, if any. */
export function ThorIntro({ scenario }: IntroProps) {
  const hot = scenario.workload?.start === 'hot';
  const { parts, calls } = thorSplit(scenario);
  const others = Number(scenario.sharing?.other_fes ?? 0);
  return (
    <>
      <p>
        {hot
          ? 'Five traversals of the OO7 database in one transaction, from cold caches; the measure is the mean of the middle three (§6.1). '
          : 'One traversal of the OO7 database on cold caches, measured whole as the paper measures its cold runs (§6.1): the FE starts with an empty cache and fetches every object it needs from the OR. '}
        The run ends when the last transaction has committed. There is no warm-up. One FE and one OR work in turn, so the elapsed
        time is the sum of Table 2&apos;s and Table 3&apos;s categories.
      </p>
      <ul className="hint">
        {parts > 0 ? (
          <li data-testid="thor-split">
            The traversal runs as calls of {parts} atomic parts, {calls > 0 ? `in transactions of ${calls} calls` : 'all in one transaction'}{' '}
            (the paper&apos;s medium runs: 48 and 83). The FE shrinks and collects only between calls, and a transaction&apos;s modified
            objects stay in its cache until it commits.
          </li>
        ) : (
          <li data-testid="thor-split">The traversal is one call and one transaction: the FE collects only when a group would not fit.</li>
        )}
        {others > 0 && (
          <li data-testid="thor-sharing">
            {others} other FE{others > 1 ? 's share' : ' shares'} the database (the lab&apos;s extension; the paper&apos;s runs have one
            FE), each committing every {Number(scenario.sharing?.commit_interval_ms)} ms on average. Each commit makes the OR send
            this FE invalidations, which turn its copies into surrogates. A transaction that used an invalidated object aborts and
            runs again. The run stops if one transaction aborts {Number(scenario.sharing?.abort_limit)} times in a row
            (sharing.abort_limit).
          </li>
        )}
      </ul>
    </>
  );
}
