// The replacement of the fetch in flight, step by step, as the HAC view tells it (hacDraw.ts
// paints it): each step's state and words, the moments spec §2.14 calls out, the short effects
// (fade-outs, moves) a step starts, and where the step buttons seek: the simulated time of the
// step before or after the one the frame shows. Pure functions of a HacFrame (hacFrame.ts).
import { formatDuration } from '../../state/clock';
import { objectRow, type HacFrame, type ReplacementSnapshot } from './hacFrame';
import { objectClass } from './hacDraw';
import { fmtBytes } from '../../views/lib/format';

// ---- Words --------------------------------------------------------------------------------

export type StepState = 'done' | 'current' | 'pending';

/** Steps before the current one are done, after it pending (their objects not yet moved). */
export function stepState(h: HacFrame, i: number): StepState {
  return i < h.replacement.step ? 'done' : i === h.replacement.step ? 'current' : 'pending';
}

/** The steps the list shows: `size` of them from the one before the current step. */
export function stepWindow(h: HacFrame, size: number): [number, number] {
  const n = h.replacement.kind.length;
  const from = Math.max(0, Math.min(n - 1, h.replacement.step - 1));
  return [from, Math.min(n, from + size)];
}

/** Where the replacement is: "3 steps, none done yet", "step 25 of 124"; a step past the rows
 * the frame lists says so. */
export function stepCount(h: HacFrame): string {
  const r = h.replacement;
  const total = r.stepsTotal.toLocaleString();
  if (r.step < 0) return `${total} steps, none done yet`;
  const rows = r.kind.length < r.stepsTotal && r.step >= r.kind.length ? ` (the list stops at ${r.kind.length.toLocaleString()})` : '';
  return `step ${(r.step + 1).toLocaleString()} of ${total}${rows}`;
}

const th = (t: number, h: number) => `T ${t}, H ${h.toFixed(2)}`;

/** Step i in words. */
export function stepText(h: HacFrame, i: number): string {
  const r = h.replacement;
  const f = r.stepFrame[i];
  const o = r.object[i];
  const b = fmtBytes(r.bytes[i]);
  const R = h.client.retention.toFixed(2);
  switch (h.names.stepKind[r.kind[i]]) {
    case 'scan primary':
      return `primary pointer scans frame ${f}: usage decays, ${th(r.t[i], r.h[i])}`;
    case 'scan secondary':
      return r.t[i] === 1
        ? `secondary pointer adds frame ${f} to the candidates (under R = ${R} of its objects installed)`
        : `secondary pointer checks frame ${f}: not added (R = ${R} or more installed)`;
    case 'pointer moved':
      return `${o === 0 ? 'primary pointer' : `secondary pointer ${o}`} moves on from frame ${f} to frame ${r.to[i]}`;
    case 'candidate expired':
      return `frame ${f} leaves the candidates (older than E epochs)`;
    case 'victim selected':
      return `victim: frame ${f} (${th(r.t[i], r.h[i])})`;
    case 'discard':
      return `discard object ${o} (${b}, usage ${r.t[i]}) from frame ${f}`;
    case 'move':
      return `move object ${o} (${b}): frame ${f} → frame ${r.to[i]} at ${fmtBytes(r.offset[i])}`;
    case 'move home':
      return `move object ${o} (${b}) home: frame ${f} → frame ${r.to[i]} (its page, intact) at ${fmtBytes(r.offset[i])}`;
    case 'slide in place':
      return `slide object ${o} (${b}) down inside frame ${f} from ${fmtBytes(r.fromOffset[i])} to ${fmtBytes(r.offset[i])}`;
    case 'target full':
      return `target full: frame ${f} (${th(r.t[i], r.h[i])}) joins the candidates`;
    case 'new target':
      return `new target: frame ${f}`;
    case 'frame freed':
      return `frame freed: frame ${f}`;
    case 'compacted':
      return `frame ${f} compacted at T ${r.t[i]}`;
    default:
      return `step ${i} of frame ${f}`;
  }
}

const CALLOUTS = ['target full', 'new target', 'frame freed'];

/** The current step in big words when it is one of the moments §2.14 calls out (or the
 * compaction it ended is the current step), else null. */
export function callout(h: HacFrame): string | null {
  const r = h.replacement;
  let i = Math.min(r.step, r.kind.length - 1);
  if (i > 0 && h.names.stepKind[r.kind[i]] === 'compacted') i--;
  const k = i >= 0 ? h.names.stepKind[r.kind[i]] : '';
  if (!CALLOUTS.includes(k)) return null;
  const f = r.stepFrame[i];
  return k === 'frame freed' ? `frame ${f} freed` : k === 'new target' ? `new target: frame ${f}` : `target full: frame ${f}`;
}

/** A step's time after the fetch was sent, to the nanosecond (steps of no work are 1 ns apart):
 * "+210.403 µs"; "—" before it is known (HAC-FG's steps before the reply). */
export function stepTime(h: HacFrame, s: number): string {
  return s < 0 ? '—' : `+${((secondsToNs(s) - secondsToNs(h.replacement.sentS)) / 1e3).toFixed(3)} µs`;
}

/** Simulated seconds `s` after the fetch was sent: "+12.3 µs". */
export const sinceSent = (h: HacFrame, s: number) => `+${formatDuration(Math.max(0, (s - h.replacement.sentS) * 1e9))}`;

/** Whether replacement overlaps the fetch or follows the reply, with its times. */
export function replacementCaption(h: HacFrame): string {
  const r = h.replacement;
  if (r.page < 0) return 'No fetch yet: replacement runs at the first miss.';
  const how = r.background ? 'Background replacement (§3.3): it runs during the fetch.' : 'HAC-FG (§4.5): replacement runs after the reply, in the foreground.';
  const reply = r.replyS < 0 ? 'reply pending' : `reply ${sinceSent(h, r.replyS)}`;
  const run = r.startS < 0 ? 'replacement starts at the reply' : `replacement ${sinceSent(h, r.startS)} → ${r.endS < 0 ? '…' : sinceSent(h, r.endS)}`;
  return `${how} Page ${r.page} → frame ${r.frame}: sent at ${r.sentS.toFixed(6)} s, ${reply}; ${run} after sending.`;
}

// ---- Stepping through the replacement -------------------------------------------------------

/** Simulated seconds as the integer nanoseconds the engine keeps (each step is 1 ns or more after
 * the one before, so rounding keeps them apart). */
export const secondsToNs = (s: number): number => Math.round(s * 1e9);

export type StepMove = 'start' | 'previous' | 'next' | 'end';

/** Where a step button seeks: the simulated time `tNs` at which the frame shows step `step` as
 * the last one done (-1: the start, none done). */
export interface StepTarget {
  step: number;
  tNs: number;
}

export interface StepTargets extends Record<StepMove, StepTarget | null> {
  /** The last step done at the time asked about (-1: none). */
  step: number;
}

const NO_TARGETS: StepTargets = { step: -1, start: null, previous: null, next: null, end: null };

/** The last step of `r` done at `nowNs` (-1: none), as the engine counts it (a step is done at
 * its time); past the rows the frame lists, the last row, until the end. */
export function stepAt(r: ReplacementSnapshot, nowNs: number): number {
  if (r.startS < 0 || r.stepsTotal === 0) return -1;
  if (r.endS >= 0 && nowNs >= secondsToNs(r.endS)) return r.stepsTotal - 1;
  // Rows done: the times ascend, so the first row not yet done, by bisection.
  let lo = 0;
  let hi = r.tS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r.tS[mid] >= 0 && secondsToNs(r.tS[mid]) <= nowNs) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Where "start of the replacement", "previous step", "next step" and "end" seek from simulated
 * time `nowNs` (the frame's, or the last seek's while it is under way), null where there is
 * nothing to go to (at an end; a replacement that has not started, as HAC-FG's before the
 * reply). A replacement of more steps than the frame lists (4,096) goes from the last listed one
 * to the end. */
export function stepTargets(r: ReplacementSnapshot, nowNs: number): StepTargets {
  const rows = r.tS.length;
  const total = r.stepsTotal;
  if (r.page < 0 || r.startS < 0 || r.endS < 0 || total === 0 || rows === 0) return NO_TARGETS;
  const at = (i: number): StepTarget | null => {
    if (i < 0) return { step: -1, tNs: secondsToNs(r.startS) };
    if (i < rows && r.tS[i] >= 0) return { step: i, tNs: secondsToNs(r.tS[i]) };
    return i === total - 1 ? { step: i, tNs: secondsToNs(r.endS) } : null;
  };
  const step = stepAt(r, nowNs);
  const last = at(rows - 1);
  // Past the last listed step, not yet at the end: a step the frame does not list.
  const beyond = rows < total && step === rows - 1 && last !== null && nowNs > last.tNs;
  return {
    step,
    start: step >= 0 ? at(-1) : null,
    previous: beyond ? last : step >= 0 ? (at(step - 1) ?? last) : null,
    next: beyond ? at(total - 1) : step < total - 1 ? (at(step + 1) ?? at(total - 1)) : null,
    end: step < total - 1 ? at(total - 1) : null,
  };
}

// ---- Effects a new step starts --------------------------------------------------------------

/** A discarded object fading out where it was, or a moved one flying from where it was. */
export interface Effect {
  kind: 'discard' | 'move';
  object: number;
  bytes: number;
  cls: number;
  from: { frame: number; offset: number };
  to: { frame: number; offset: number } | null;
  /** Wall-clock ms it started. */
  start: number;
}

/** At most this many effects at once, started one after another within STAGGER_MS. */
const MAX_EFFECTS = 12;
const STAGGER_MS = 480;

const sameReplacement = (a: HacFrame, b: HacFrame) => a.replacement.sentS === b.replacement.sentS && a.replacement.page === b.replacement.page;

/** The effects of the steps done since `prev` (the previous frame; none without one, or when the
 * frame went back), the newest MAX_EFFECTS, in step order one after another. */
export function stepEffects(prev: HacFrame | null, cur: HacFrame, wallMs: number): Effect[] {
  if (!prev) return [];
  const r = cur.replacement;
  const from = sameReplacement(prev, cur) ? prev.replacement.step + 1 : 0;
  const out: Omit<Effect, 'start'>[] = [];
  for (let i = Math.min(r.step, r.kind.length - 1); i >= from && out.length < MAX_EFFECTS; i--) {
    const e = stepEffect(prev, cur, i);
    if (e) out.unshift(e);
  }
  return out.map((e, k) => ({ ...e, start: wallMs + (k * STAGGER_MS) / out.length }));
}

/** Step i's effect, if it discards or moves an object: a move flies from where the step says the
 * object was (`from_offset`) to where it put it, coloured as the frame now has it. */
function stepEffect(prev: HacFrame, cur: HacFrame, i: number): Omit<Effect, 'start'> | null {
  const r = cur.replacement;
  const k = cur.names.stepKind[r.kind[i]];
  const frame = r.stepFrame[i];
  const object = r.object[i];
  const was = objectRow(prev.objects, frame, object);
  if (k === 'discard') {
    const cls = was >= 0 ? objectClass(prev.objects, was) : Math.min(15, r.t[i]);
    return { kind: 'discard', object, bytes: r.bytes[i], cls, from: { frame, offset: r.fromOffset[i] }, to: null };
  }
  if (k === 'move' || k === 'move home' || k === 'slide in place') {
    const now = objectRow(cur.objects, r.to[i], object);
    const cls = now >= 0 ? objectClass(cur.objects, now) : was >= 0 ? objectClass(prev.objects, was) : -1;
    if (cls < 0) return null;
    return { kind: 'move', object, bytes: r.bytes[i], cls, from: { frame, offset: r.fromOffset[i] }, to: { frame: r.to[i], offset: r.offset[i] } };
  }
  return null;
}
