// The one shared set of time controls (DESIGN.md §4): play/pause, step one event, step to the
// next record of a kind the system offers (the MOB's next flusher run, page write, …),
// logarithmic speed, timeline scrubbing, reset and seed.
import { useEffect, useState, type Ref } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { formatSimTime, formatSpeed, positionToSpeed, simTimeDigits, SPEED_STEPS } from '../state/clock';

/** While the engine finds the run's end, just after a load that did not know it. */
const FINDING_END = 'The engine is finding when this run ends: it runs a copy of the run ahead, in the background.';
/** Why a run's end is not shown yet, whatever the system: its warm-up or the work it measures
 * decides it, and the engine has not got there. */
const UNKNOWN_END = 'The engine does not know yet when this run ends: its warm-up, or the work it measures, decides, and the run has not got that far. The end shows once it has.';

export default function TimeControls({ lab, compact = false, ref }: { lab: LabController; compact?: boolean; ref?: Ref<HTMLDivElement> }) {
  const s = useStore(lab.store, (x) => x);
  const ready = s.status === 'ready';
  // The timeline spans the run: to its end once known, else to the latest it can end, so a
  // click at x% lands at x% (the end becomes known when the warm-up's wait is over).
  const end = lab.timelineEndNs();
  const durationNs = Number(s.scenario?.run?.duration_s ?? 0) * 1e9;
  const warmupEnd = s.endNs != null ? s.endNs - durationNs : null;
  // While dragging, the slider shows where the thumb is; the engine catches up behind it.
  const [drag, setDrag] = useState<number | null>(null);
  const [seedText, setSeedText] = useState(String(s.seed));
  useEffect(() => setSeedText(String(s.seed)), [s.seed]);
  const tl = drag ?? s.nowNs;
  const targets = lab.stepTargets();
  const target = targets.find((r) => r.id === s.stepTarget) ?? targets[0];

  const applySeed = () => {
    const n = Number(seedText);
    if (Number.isSafeInteger(n) && n >= 0 && n !== s.seed) void lab.load(s.appliedText, n, { tNs: 0 });
    else setSeedText(String(s.seed));
  };

  return (
    <div ref={ref} className={`time-controls${compact ? ' compact' : ''}`} role="toolbar" aria-label="Time controls">
      <button
        type="button"
        className="primary"
        data-testid="play"
        disabled={!ready}
        onClick={() => lab.togglePlay()}
        title={s.finished && !s.playing ? 'Play the run again from 0 (Space)' : 'Play / pause (Space)'}
      >
        {s.playing ? '❚❚ Pause' : s.finished ? '↻ Replay' : '▶ Play'}
      </button>
      <button type="button" data-testid="step" disabled={!ready} onClick={() => void lab.step()} title="Step one event (→ or .)" aria-label="Step one event">
        Step
      </button>
      {targets.length > 0 && (
        <span className="step-target">
          <button
            type="button"
            data-testid="step-target"
            disabled={!ready}
            onClick={() => void lab.stepToTarget()}
            title={`Run to the ${target?.step ?? ''} (f)`}
          >
            Next
          </button>
          <select
            aria-label="Step to the next"
            data-testid="step-target-kind"
            value={target?.id}
            onChange={(e) => lab.store.set({ stepTarget: Number(e.target.value) })}
          >
            {targets.map((r) => (
              <option key={r.id} value={r.id} title={r.description}>
                {r.step}
              </option>
            ))}
          </select>
        </span>
      )}
      <button type="button" data-testid="reset" disabled={!ready} onClick={() => void lab.reset()} title="Back to time 0 (r)">
        ⟲ Reset
      </button>
      <label className="speed" title="Simulated time per wall-clock second, log scale ([ slower, ] faster)">
        <span>Speed</span>
        <input
          type="range"
          min={0}
          max={SPEED_STEPS}
          value={s.speedPosition}
          data-testid="speed"
          aria-label="Speed"
          aria-valuetext={`${formatSpeed(positionToSpeed(s.speedPosition))}: simulated time per second`}
          onChange={(e) => lab.setSpeedPosition(Number(e.target.value))}
        />
        <output data-testid="speed-value">{formatSpeed(positionToSpeed(s.speedPosition))}</output>
      </label>
      <label className="timeline" title="Scrub the simulated time (Shift+←/→, Home, End)">
        <span>Time</span>
        <span className="timeline-track">
        <input
          type="range"
          min={0}
          max={end}
          step={Math.max(1, Math.round(end / 2000))}
          value={Math.min(tl, end)}
          data-testid="timeline"
          aria-label="Timeline (simulated time)"
          aria-valuetext={`${formatSimTime(Math.min(tl, end))} of ${s.endNs != null ? '' : 'at most '}${formatSimTime(end)} simulated`}
          disabled={!ready}
          onChange={(e) => {
            const t = Number(e.target.value);
            setDrag(t);
            lab.pause();
            void lab.seek(t).then(() => setDrag(null));
          }}
        />
        {ready && (
          <span className="run-bar" data-testid="run-bar" aria-hidden="true">
            {warmupEnd != null ? (
              <>
                <span className="warmup" style={{ width: `${(100 * warmupEnd) / end}%` }} title={`Warm-up: 0 to ${formatSimTime(warmupEnd)}, not measured`} />
                <span className="measured" style={{ width: `${(100 * durationNs) / end}%` }} title={`Measured window: ${formatSimTime(warmupEnd)} to ${formatSimTime(end)}`} />
              </>
            ) : (
              <span className="warmup open" style={{ width: '100%' }} title={UNKNOWN_END} />
            )}
          </span>
        )}
        </span>
        <output data-testid="sim-time" data-ns={s.nowNs} title={s.endNs != null ? undefined : s.findingEnd ? FINDING_END : `${UNKNOWN_END} It is at most ${formatSimTime(end)}.`}>
          {formatSimTime(s.nowNs, simTimeDigits(positionToSpeed(s.speedPosition)))}
          {/* Not the limit as if it were the end (issue 24, item 13: "≤ 4200.000 s" for a run of 10 s);
              while the engine finds it, a mark as short as the end, so nothing moves when it comes. */}
          {s.endNs != null ? ` / ${formatSimTime(s.endNs)}` : s.findingEnd ? ' / …' : ' / end not known yet'}
        </output>
      </label>
      <span className="counter" data-testid="events" data-events={s.events} title="Events processed by the engine">
        {s.events.toLocaleString('en')} events
      </span>
      <span className={`phase phase-${s.phase}`} title="Warm-up: not yet measured. Measuring: counts toward the results.">
        {s.phase}
      </span>
      {!compact && (
        <label className="seed" title="Random seed: the same scenario and seed give the same run">
          <span>Seed</span>
          <input
            type="text"
            inputMode="numeric"
            value={seedText}
            data-testid="seed"
            aria-label="Seed"
            onChange={(e) => setSeedText(e.target.value)}
            onBlur={applySeed}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applySeed();
            }}
            size={6}
          />
        </label>
      )}
      {s.busy && (
        <span className="busy">
          <span role="status">{s.busy}</span>
          {s.progress != null && (
            <>
              <progress
                max={1}
                value={s.progress.done}
                data-testid="progress"
                aria-label={s.busy}
                aria-valuetext={`${Math.round(s.progress.done * 100)}% done, at ${formatSimTime(s.progress.atNs)}`}
              />
              <span className="reached" title="Simulated time the engine has reached so far">
                at {formatSimTime(s.progress.atNs)}
              </span>
              <button type="button" data-testid="cancel" onClick={() => lab.cancel()} title="Stop here (Esc): the lab shows the time reached">
                Cancel
              </button>
            </>
          )}
        </span>
      )}
    </div>
  );
}
