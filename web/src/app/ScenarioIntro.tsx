// What the lab is showing, for a student's first look: the scenario's own description, how its
// run is timed (why the warm-up lasts longer than its warm-up_s), a cue to press Play on a first
// visit, and the things that puzzle newcomers, said where they are asked.
import { useState } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { formatSimTime } from '../state/clock';

const SEEN_KEY = 'storelab.seen-intro';

function firstVisit(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) == null;
  } catch {
    return false;
  }
}

export default function ScenarioIntro({ lab }: { lab: LabController }) {
  const scenario = useStore(lab.store, (s) => s.scenario);
  const endNs = useStore(lab.store, (s) => s.endNs);
  const [first, setFirst] = useState(firstVisit);
  if (!scenario) return null;
  const meta = scenario.meta as { description?: string };
  const system = (scenario.system as { kind?: string }).kind;
  const run = scenario.run as unknown as Run;
  const warmupEnd = endNs != null ? endNs - run.duration_s * 1e9 : null;
  const dismiss = () => {
    setFirst(false);
    try {
      localStorage.setItem(SEEN_KEY, '1');
    } catch {
      /* storage blocked: the cue shows again next time */
    }
  };
  return (
    <details className="intro" open={first} data-testid="intro">
      <summary>About this scenario</summary>
      {first && (
        <p className="cue" data-testid="play-cue">
          Press <b>▶ Play</b> (or Space) to start the simulation; drag the timeline to jump; click anything to inspect it.{' '}
          <button type="button" onClick={dismiss}>
            Got it
          </button>
        </p>
      )}
      {meta.description && <p>{meta.description}</p>}
      {system === 'hac' ? (
        <HacTiming hot={(scenario.workload as { start?: string }).start === 'hot'} />
      ) : system === 'oplog' ? (
        <OplogTiming run={run} />
      ) : (
        <MobTiming run={run} warmupEnd={warmupEnd} />
      )}
    </details>
  );
}

interface Run {
  warmup_s: number;
  duration_s: number;
  warmup_flusher_passes?: number;
}

/** The MOB's run: a warm-up of time and flusher passes, then a measured window of time. */
function MobTiming({ run, warmupEnd }: { run: Run; warmupEnd: number | null }) {
  const passes = run.warmup_flusher_passes ?? 0;
  return (
    <>
      <p>
        {passes > 0
          ? `The warm-up lasts at least ${run.warmup_s} s and until the flusher has made ${passes} passes${warmupEnd != null ? ` (${formatSimTime(warmupEnd)} in this run)` : ''}, so the MOB and the caches are full before anything is measured; the ${run.duration_s} s after it are the measured window.`
          : `The first ${run.warmup_s} s are a warm-up, not measured; the ${run.duration_s} s after it are the measured window.`}{' '}
        The bar under the timeline shows both.
      </p>
      <ul className="hint">
        <li>
          Clients start in the middle of a transaction, some already committing at 0 s: the client cache is modelled by probability (thesis §4.2.1), not
          simulated page by page.
        </li>
        <li>The disk draws the database's band of cylinders magnified, so its radial scale is not uniform.</li>
      </ul>
    </>
  );
}

/** The opportunistic log's run: it starts in steady state, then a warm-up and a measured window. */
function OplogTiming({ run }: { run: Run }) {
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

/** HAC's run: one traversal measured, after an unmeasured one when hot; it ends with it. */
function HacTiming({ hot }: { hot: boolean }) {
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
