// The lab's one clock (DESIGN.md §4): a logarithmic speed control and the mapping from wall time
// to simulated time used by the requestAnimationFrame loop. Pure functions, unit-tested.

/** Slowest speed: 1 µs of simulated time per wall second, so each step of a HAC compaction (a
 * discard takes 3 µs, a move about 3 µs for an OO7 object) can be read; one ~11 ms disk request
 * (seek, rotation, 64 KB transfer) plays out over about 11 s at 1 ms/s. */
export const MIN_SPEED_NS_PER_S = 1e3;
/** Fastest speed: 300 s of simulated time per wall second. */
export const MAX_SPEED_NS_PER_S = 3e11;
/** The slider's integer positions: 0 … SPEED_STEPS. */
export const SPEED_STEPS = 1000;
const LOG_RANGE = Math.log(MAX_SPEED_NS_PER_S / MIN_SPEED_NS_PER_S);
/** Keyboard `[` / `]` move by this many slider positions (a factor of 2 each). */
export const SPEED_NUDGE = Math.round((SPEED_STEPS * Math.LN2) / LOG_RANGE);
/** Default slider position: 1 simulated second per wall second. */
export const DEFAULT_SPEED_POSITION = speedToPosition(1e9);
/** Longest wall-clock gap one frame may cover: after a stall (tab hidden, debugger, slow frame)
 * the simulation resumes smoothly instead of jumping. */
export const MAX_FRAME_DT_S = 0.25;


/** Slider position (0 … SPEED_STEPS, clamped) → simulated ns per wall second, log scale. */
export function positionToSpeed(position: number): number {
  const p = clamp(position, 0, SPEED_STEPS) / SPEED_STEPS;
  return MIN_SPEED_NS_PER_S * Math.exp(p * LOG_RANGE);
}

/** Simulated ns per wall second → nearest slider position (inverse of positionToSpeed); with
 * `exact`, the position between steps that gives exactly that speed (an embed's `speed=20`). */
export function speedToPosition(speed: number, exact = false): number {
  if (!(speed > 0)) return 0;
  const p = clamp(Math.log(speed / MIN_SPEED_NS_PER_S) / LOG_RANGE, 0, 1) * SPEED_STEPS;
  return exact ? p : Math.round(p);
}

/** One `[` (dir −1) or `]` (dir +1) press. */
export function nudgePosition(position: number, dir: 1 | -1): number {
  return clamp(Math.round(position) + dir * SPEED_NUDGE, 0, SPEED_STEPS);
}

/** The simulated time the next frame should show: `simNs + dt·speed`, with the wall-clock gap
 * capped at MAX_FRAME_DT_S and the result capped at `endNs` (when known). */
export function nextTarget(simNs: number, dtWallS: number, speed: number, endNs: number | null): number {
  const dt = clamp(dtWallS, 0, MAX_FRAME_DT_S);
  const target = simNs + dt * speed;
  return endNs != null ? Math.min(target, endNs) : target;
}

/** A speed as people read it: "1 ms/s", "2.5 s/s", "300 s/s" of simulated time per wall second
 * (seconds from 1 s/s up, never minutes: "300 s/s", not "4 min 59 s/s"). */
export function formatSpeed(speed: number): string {
  return speed >= 1e9 ? `${round3(speed / 1e9)} s/s` : `${formatDuration(speed)}/s`;
}

/** Nanoseconds as a short duration with a unit: 850 ns, 12.3 µs, 4.56 ms, 1.23 s, 5 min 3 s. */
export function formatDuration(ns: number): string {
  const a = Math.abs(ns);
  if (a < 1e3) return `${round3(ns)} ns`;
  if (a < 1e6) return `${round3(ns / 1e3)} µs`;
  if (a < 1e9) return `${round3(ns / 1e6)} ms`;
  if (a < 60e9) return `${round3(ns / 1e9)} s`;
  const totalS = Math.floor(ns / 1e9);
  return `${Math.floor(totalS / 60)} min ${totalS % 60} s`;
}

/** Simulated time on the timeline, always in seconds with millisecond precision: "12.345 s". */
export function formatSimTime(ns: number, digits = 3): string {
  return `${(ns / 1e9).toFixed(digits)} s`;
}

/** The decimals of seconds that show the clock move at `speedNsPerS`: the last digit changes
 * from one animation frame to the next (a 60th of a second), from milliseconds at 1 s/s and
 * above down to nanoseconds (issue 24, item 13: at slow speeds 0.408 s stayed 0.408 s while
 * events advanced). */
export function simTimeDigits(speedNsPerS: number): number {
  const perFrameS = speedNsPerS / 60 / 1e9;
  return clamp(Math.ceil(-Math.log10(perFrameS)), 3, 9);
}

function round3(x: number): string {
  return Number(x.toPrecision(3)).toString();
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
