// HAC's client cache (Castro et al. 1997, spec §2.14 and §7.1, items 1–4): the frames as 8 KB
// bars in scan order, their objects coloured by usage; the primary and secondary scan pointers;
// the candidate set, next victim first; and the replacement of the fetch in flight step by step:
// a compaction lane with the victim and the target full width, discarded objects fading out and
// moved ones flying to their new place, the steps in words and the fetch and replacement on one
// time axis. Where the page has a clock to move (`seek`), buttons and the keys n / p walk the
// replacement a step at a time. The canvas is drawn on every frame without React; the lists
// re-render 5 times a second at most. A baseline's cache (FPC, QuickStore, GOM) is drawn in the
// same grid, with its own note, tooltips and inspector rows (pageCache.tsx).
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Frame } from '../../engine/types';
import type { ViewProps } from '../../views/contract';
import { fmtBytes } from '../../views/lib/format';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { candidateOrder, frameCounts, frameKindText, hacFrame, type HacFrame } from './hacFrame';
import { barBox, canvasLayout, EFFECT_MS, EMPTY, GREY, hitTest, INK, laneFrames, paint, paintEffects, TEXT, usageBits, USAGE_COLOURS } from './hacDraw';
import {
  callout,
  replacementCaption,
  stepCount,
  stepEffects,
  stepState,
  stepTargets,
  stepText,
  stepTime,
  stepWindow,
  type Effect,
  type StepMove,
  type StepTargets,
} from './hacSteps';
import { pageFrameLabel, pageObjectLabel, PageCacheNote, policyName } from './pageCache';
import '../../views/views.css';

/** Steps the list shows around the current one; candidates it lists. */
const STEP_ROWS = 7;
const CANDIDATE_ROWS = 40;
/** A step button's seek is taken as under way this long at most (wall-clock ms): presses made
 * before its frame arrives step on from its target, not from the frame before it. */
const PENDING_MS = 2000;
/** The view's own keys: n and p walk the replacement (no lab shortcut uses them). */
const KEY_MOVES: Readonly<Record<string, StepMove>> = { n: 'next', N: 'next', p: 'previous', P: 'previous' };

interface Hover {
  frame: number;
  row: number;
  x: number;
  y: number;
}

export default function HacView({ frames, select, selected, seek, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 200);
  const h = tick && hacFrame(tick, description);
  const hac = h !== null && h.client.policy === 'hac';
  // Every policy's frames are drawn: the baselines' hold whole pages (issue 24, item 4).
  const drawn = h !== null;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const effectsCanvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useElementSize(box);
  const [hover, setHover] = useState<Hover | null>(null);
  const [focus, setFocus] = useState(-1);
  const [focused, setFocused] = useState(false);
  const selFrame = selected?.kind === 'frame' ? selected.id : -1;
  const marks = useLatest({ hover: hover?.frame ?? -1, object: hover?.row ?? -1, focus: focused ? focus : -1, selected: selFrame });
  const effects = useRef<Effect[]>([]);
  const redraw = useRef<() => void>(() => {});
  /** The step buttons' last seek, until its frame arrives; `shown`: the time it went to, for the
   * announcement of the step it shows. */
  const pending = useRef<{ tNs: number; at: number } | null>(null);
  const [shown, setShown] = useState(-1);

  // Every frame: start the effects of the steps done since the last one, and draw. The effects
  // move on every animation frame while they play, on a canvas of their own over the grid, so the
  // grid, lane and timeline under them are painted once a frame (or a change of marks).
  useEffect(() => {
    let prev: HacFrame | null = null;
    let raf = 0;
    let shown = 1; // effects on the effects canvas now (unknown at first: cleared once)
    const layoutOf = (cur: HacFrame) => {
      const l = canvasLayout(cur.client.frames, width, height, cur.client.policy === 'hac');
      return { l, lane: laneFrames(cur, marks.current.selected, l.laneRows) };
    };
    const drawEffects = () => {
      cancelAnimationFrame(raf);
      const f = frames.latest();
      if (!f) return;
      const now = performance.now();
      effects.current = effects.current.filter((e) => now - e.start < EFFECT_MS);
      if (effects.current.length === 0 && shown === 0) return;
      const ctx = prepareCanvas(effectsCanvas.current, width, height);
      if (!ctx) return;
      const cur = hacFrame(f, description);
      const { l, lane } = layoutOf(cur);
      paintEffects(ctx, cur, l, lane, effects.current, now);
      shown = effects.current.length;
      if (shown > 0) raf = requestAnimationFrame(drawEffects);
    };
    const draw = () => {
      const f = frames.latest();
      if (!f) return;
      const cur = hacFrame(f, description);
      const ctx = prepareCanvas(canvas.current, width, height);
      if (!ctx) return;
      const { l, lane } = layoutOf(cur);
      paint(ctx, cur, l, lane, marks.current);
      drawEffects();
    };
    const onFrame = (f: Frame) => {
      if (pending.current && (f.nowNs === pending.current.tNs || performance.now() - pending.current.at > PENDING_MS)) pending.current = null;
      const cur = hacFrame(f, description);
      if (f.reset) effects.current = [];
      else if (cur.client.policy === 'hac') effects.current = [...effects.current, ...stepEffects(prev, cur, performance.now())];
      prev = cur;
      draw();
    };
    redraw.current = draw;
    const unsub = frames.subscribe(onFrame);
    draw();
    return () => {
      unsub();
      cancelAnimationFrame(raf);
    };
    // `drawn`: the canvas is there only once a frame it draws has come, which may be after the
    // size is known; without it the grid stayed blank until the next frame.
  }, [frames, description, width, height, marks, drawn]);

  useEffect(() => redraw.current(), [hover, focus, focused, selFrame]);

  const n = h?.client.frames ?? 0;
  const l = canvasLayout(n, width, height, hac);
  const lane = hac ? laneFrames(h, selFrame, l.laneRows) : [];
  const pick = (f: number) => f >= 0 && f < n && select({ kind: 'frame', id: f });
  const onMove = (e: MouseEvent<HTMLCanvasElement>) => {
    if (!drawn) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const hit = hitTest(h, l, lane, x, y);
    setHover(hit.frame < 0 ? null : { ...hit, x, y });
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const cur = focus < 0 || focus >= n ? 0 : focus;
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: l.grid.cols, ArrowUp: -l.grid.cols, Home: -cur, End: n - 1 - cur };
    if (e.key === 'Enter' || e.key === ' ') pick(cur);
    else if (e.key in step) setFocus(Math.max(0, Math.min(n - 1, cur + step[e.key])));
    else return;
    // The grid's keys are not the lab's too (→ steps an event, Home goes to 0 s, Space plays).
    e.preventDefault();
    e.stopPropagation();
  };
  /** Where the step buttons seek from: the time of the step seek under way, else the frame's. */
  const targets = (cur: HacFrame): StepTargets => {
    const p = pending.current;
    return stepTargets(cur.replacement, p && performance.now() - p.at <= PENDING_MS ? p.tNs : cur.nowNs);
  };
  const stepTo = (move: StepMove) => {
    const f = frames.latest();
    if (!seek || !f) return;
    const cur = hacFrame(f, description);
    const to = cur.client.policy === 'hac' ? targets(cur)[move] : null;
    if (!to) return;
    pending.current = { tNs: to.tNs, at: performance.now() };
    setShown(to.tNs);
    seek(to.tNs);
  };
  const stepping = hac && seek !== undefined && h.replacement.stepsTotal > 0;
  // n / p anywhere in the view: the next or previous step (the lab's shortcuts leave them alone).
  const onViewKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!stepping || e.ctrlKey || e.metaKey || e.altKey) return;
    const move = KEY_MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    e.stopPropagation();
    stepTo(move);
  };
  // …and anywhere on the page while the view is shown (issue 24, item 7: they did nothing unless
  // the focus was in the view), unless the key is typed into a field.
  const stepKey = useRef(stepTo);
  stepKey.current = stepTo;
  useEffect(() => {
    if (!stepping) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const move = KEY_MOVES[e.key];
      if (!move || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      e.preventDefault();
      stepKey.current(move);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [stepping]);
  const focusFrame = drawn && focused ? Math.max(0, Math.min(focus, n - 1)) : -1;
  const focusLabel = focusFrame >= 0 ? frameLabel(h!, focusFrame) : '';
  const tip = drawn && hover ? (hover.row >= 0 ? objectLabel(h, hover.row) : frameLabel(h, hover.frame)) : focusLabel;
  const focusBar = barBox(l.grid, Math.max(0, focusFrame));
  const tipAt = hover ?? { x: focusBar.x + focusBar.w, y: l.gridY + focusBar.y + focusBar.h };

  return (
    <div className="sl-view hac-view" data-view="hac" onKeyDown={onViewKey}>
      <div className="sl-head">
        <h3 className="sl-title">{h && !hac ? `Client cache (${policyName(h.client.policy)})` : 'HAC client cache'}</h3>
        {h && <Figures h={h} />}
      </div>
      <div className="hac-main">
        <div className="hac-body">
          <div
            className="hac-canvas sl-focus"
            ref={box}
            role={drawn ? 'application' : undefined}
            aria-roledescription={drawn ? 'frame grid' : undefined}
            tabIndex={drawn ? 0 : undefined}
            aria-label={drawn ? `Client cache frames in ${hac ? 'scan' : 'frame'} order (${n} frames; arrow keys move, Enter inspects${stepping ? '; n and p: next and previous replacement step' : ''})${focusLabel ? `: ${focusLabel}` : ''}` : undefined}
            onKeyDown={drawn ? onKey : undefined}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          >
            {!h && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
            {drawn && (
              <canvas
                ref={canvas}
                className="hac-grid"
                role="img"
                aria-label={
                  hac
                    ? "The client cache's frames as bars of their bytes, objects coloured by usage; the compaction lane; the fetch and replacement timeline"
                    : "The client cache's frames as bars of their bytes, the objects used since their page arrived coloured"
                }
                onMouseMove={onMove}
                onMouseLeave={() => setHover(null)}
                onClick={() => hover && pick(hover.frame)}
                style={{ cursor: hover ? 'pointer' : 'default', display: 'block' }}
              />
            )}
            {drawn && <canvas ref={effectsCanvas} className="hac-effects" aria-hidden="true" />}
            <span role="status" aria-live="polite" className="hac-sr">
              {focusLabel}
            </span>
            {tip && (
              <div className="sl-tooltip hac-tip" style={{ left: Math.max(0, Math.min(tipAt.x + 12, width - 250)), top: Math.min(tipAt.y + 14, Math.max(0, height - 80)) }}>
                {tip}
              </div>
            )}
          </div>
          {hac && (
            <div className="hac-side">
              <ReplacementPanel h={h} steps={stepping ? targets(h) : null} stepTo={stepTo} shown={shown} />
              <Candidates h={h} select={select} selected={selFrame} />
            </div>
          )}
        </div>
        {hac && <Legend h={h} inspectable={inspectable} />}
        {drawn && !hac && <PageCacheNote h={h} />}
      </div>
    </div>
  );
}

/** The header's figures, all from the frame. */
function Figures({ h }: { h: HacFrame }) {
  const c = h.client;
  const counts = frameCounts(h);
  const cacheBytes = c.frames * c.frameBytes;
  const hac = c.policy === 'hac';
  return (
    <>
      <span className="sl-stat" data-testid="hac-policy">
        policy <b>{policyName(c.policy)}</b>
        {hac && h.replacement.page >= 0 ? (h.replacement.background ? ' (background)' : ' (HAC-FG)') : ''}
      </span>
      <span className="sl-stat">
        <b>{c.frames.toLocaleString()}</b> frames × {fmtBytes(c.frameBytes)}
      </span>
      <span className="sl-stat">
        fetches <b>{c.fetches.toLocaleString()}</b>
      </span>
      <span className="sl-stat" title="Indirection table: 16 B an installed object (§2.3)">
        table <b>{fmtBytes(c.tableBytes)}</b> ({cacheBytes ? ((100 * c.tableBytes) / cacheBytes).toFixed(1) : '0'}% of the frames)
      </span>
      {hac && (
        <>
          <span className="sl-stat" data-testid="hac-kinds">
            <b>{counts.intact}</b> intact · <b>{counts.compacted}</b> compacted · <b>{counts.free}</b> free
          </span>
          <span className="sl-stat">
            epoch <b>{c.epoch.toLocaleString()}</b> (fetches)
          </span>
        </>
      )}
    </>
  );
}

/** The fetch in flight and its replacement, step by step: a few steps from the one before the
 * current one (which is in big words too at the moments §2.14 calls out), buttons to the step
 * before and after it where the page can seek (`steps`), and when it all runs. */
function ReplacementPanel({ h, steps, stepTo, shown }: { h: HacFrame; steps: StepTargets | null; stepTo: (m: StepMove) => void; shown: number }) {
  const r = h.replacement;
  const [from, to] = stepWindow(h, STEP_ROWS);
  const big = callout(h);
  return (
    <section className="hac-section" aria-label="Replacement step by step" data-testid="hac-replacement">
      <h4>Replacement, step by step</h4>
      {big && (
        <p className="hac-callout" data-testid="hac-callout">
          {big}
        </p>
      )}
      {r.kind.length > 0 && (
        <>
          <div className="sl-muted" data-testid="hac-step-count">
            {stepCount(h)}
            {r.victim >= 0 ? `; compacting frame ${r.victim} at T ${r.threshold}` : ''}
          </div>
          {steps && <StepButtons h={h} steps={steps} stepTo={stepTo} />}
          <ol className="hac-steps" start={from + 1}>
            {Array.from({ length: to - from }, (_, k) => from + k).map((i) => (
              <li key={i} className={`hac-step-${stepState(h, i)}`} aria-current={stepState(h, i) === 'current' ? 'step' : undefined}>
                <span className="hac-step-t">{stepTime(h, r.tS[i])}</span> {stepText(h, i)}
              </li>
            ))}
          </ol>
          {steps && (
            <span role="status" aria-live="polite" className="hac-sr">
              {shown === h.nowNs ? (r.step < 0 ? 'start of the replacement, no step done' : `${stepCount(h)}: ${r.step < r.kind.length ? stepText(h, r.step) : 'done'}`) : ''}
            </span>
          )}
        </>
      )}
      <p className="hac-caption">{replacementCaption(h)}</p>
    </section>
  );
}

/** Whether a key goes into a field being typed in, not to the page. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

const STEP_BUTTONS: { move: StepMove; text: string; label: string; key?: string }[] = [
  { move: 'start', text: 'start', label: 'start of the replacement, before its first step' },
  { move: 'previous', text: '◀ previous step', label: 'previous step of the replacement', key: 'p' },
  { move: 'next', text: 'next step ▶', label: 'next step of the replacement', key: 'n' },
  { move: 'end', text: 'end', label: 'end of the replacement, after its last step' },
];

/** Seeks to the start of the replacement, the step before, the step after, its end; each says
 * where it goes, and is disabled where there is nowhere to go (aria-disabled: a button pressed to
 * the end keeps the focus, so n and p still work). */
function StepButtons({ h, steps, stepTo }: { h: HacFrame; steps: StepTargets; stepTo: (m: StepMove) => void }) {
  const r = h.replacement;
  const total = r.stepsTotal.toLocaleString();
  const where = (s: number, tNs: number) =>
    `${s < 0 ? 'the start, no step done' : `step ${(s + 1).toLocaleString()} of ${total}${s < r.kind.length ? `: ${stepText(h, s)}` : ''}`}, ${stepTime(h, tNs / 1e9)} after the fetch was sent`;
  return (
    <div className="hac-stepper" role="group" aria-label="Walk through the replacement">
      {STEP_BUTTONS.map((b) => {
        const to = steps[b.move];
        const key = b.key ? ` (key ${b.key})` : '';
        return (
          <button
            key={b.move}
            type="button"
            className="sl-btn"
            data-testid={`hac-step-${b.move}`}
            aria-label={`${b.label}${key}`}
            aria-keyshortcuts={b.key}
            aria-disabled={to ? undefined : true}
            title={to ? `Pause and go to ${where(to.step, to.tNs)}${key}` : `No ${b.move === 'start' || b.move === 'previous' ? 'step before this one' : 'step after this one'}`}
            onClick={() => to && stepTo(b.move)}
          >
            {b.text}
          </button>
        );
      })}
      <span className="sl-muted hac-keys" aria-hidden="true" title="With the focus in this view: n, the next step; p, the previous one">
        keys n, p
      </span>
    </div>
  );
}

/** The candidate set, next victim first, each with its age out of E. */
function Candidates({ h, select, selected }: { h: HacFrame; select: ViewProps['select']; selected: number }) {
  const c = h.candidates;
  const order = candidateOrder(h);
  return (
    <section className="hac-section" aria-label="Candidate set" data-testid="hac-candidates">
      <h4>
        Candidates, next victim first ({order.length}; E = {c.epochs} epochs)
      </h4>
      {order.length === 0 && <p className="sl-muted">Empty: the scan pointers add frames at each fetch.</p>}
      <ul className="hac-cands">
        {order.slice(0, CANDIDATE_ROWS).map((i) => {
          const f = c.frame[i];
          const victim = f === h.replacement.victim;
          return (
            <li key={f}>
              <button
                type="button"
                className={`hac-cand${victim ? ' hac-victim' : ''}${f === selected ? ' hac-sel' : ''}`}
                onClick={() => select({ kind: 'frame', id: f })}
                title={`Inspect frame ${f}`}
              >
                <span className="hac-cand-f">frame {f}</span>
                <span>
                  T {c.t[i]}, H {c.h[i].toFixed(2)}
                </span>
                <span className="sl-progress" title={`age ${c.age[i]} of ${c.epochs} epochs`}>
                  <i style={{ width: `${Math.min(100, (100 * c.age[i]) / Math.max(1, c.epochs))}%` }} />
                </span>
                <span className="hac-cand-age">{c.age[i]} ep</span>
                {victim && <b className="hac-badge">victim</b>}
                {h.client.pinned[f] === 1 && <b className="hac-badge hac-pinned">pinned, skipped</b>}
              </button>
            </li>
          );
        })}
      </ul>
      {order.length > CANDIDATE_ROWS && <p className="sl-muted">…and {order.length - CANDIDATE_ROWS} more</p>}
    </section>
  );
}

function Legend({ h, inspectable }: { h: HacFrame; inspectable: boolean }) {
  const t = h.replacement.threshold;
  const p = h.pointers;
  const primary = Array.from(p.frame).filter((_, i) => p.primary[i]);
  const secondary = Array.from(p.frame).filter((_, i) => !p.primary[i]);
  const box = (border: string) => <i className="sl-swatch" style={{ background: '#fff', border }} />;
  return (
    <div className="sl-legend hac-legend" aria-label="Legend">
      <span data-testid="hac-usage-scale" title="Object usage: 4 bits, higher = used more recently and more often (§3.2.1)">
        usage 0
        <span className="hac-ramp">
          {USAGE_COLOURS.map((c, u) => (
            <i key={u} style={{ background: c }} className={t >= 0 && u === t ? 'hac-t' : undefined} />
          ))}
        </span>
        15
      </span>
      {t >= 0 && <span className="hac-tlabel">victim&apos;s T = {t}: usage ≤ {t} is discarded</span>}
      <span>
        <i className="sl-swatch hac-hatch" style={{ backgroundColor: GREY }} /> not installed
      </span>
      <span>
        <i className="hac-mark" /> modified
      </span>
      <span>
        {box(`1px solid ${INK.intact}`)} intact {box(`2px solid ${INK.compacted}`)} compacted <i className="sl-swatch" style={{ background: EMPTY, border: `1px dotted ${INK.free}` }} /> free
      </span>
      <span>
        {box(`2px dashed ${INK.incoming}`)} awaiting page {box(`2px solid ${INK.target}`)} target {box(`2px dashed ${INK.victim}`)} victim <i className="hac-pin" /> pinned
      </span>
      <span style={{ color: TEXT.primary }} title="Each fetch, the pointers scan S frames and move on S frames (§3.2.3)">
        ▶ primary pointer: frame {primary.join(', ')} (S = {h.client.scan} frames a fetch)
      </span>
      <span style={{ color: TEXT.secondary }}>▶ secondary: {secondary.join(', ')}</span>
<span className="sl-muted">Hover for details{inspectable ? '; click a frame to inspect it' : ''}.</span>
    </div>
  );
}

/** A frame in words, for the tooltip and the keyboard's live label. */
export function frameLabel(h: HacFrame, f: number): string {
  if (h.client.policy !== 'hac') return pageFrameLabel(h, f);
  const c = h.client;
  const ci = Array.prototype.indexOf.call(h.candidates.frame, f) as number;
  const cand = ci >= 0 ? `, candidate (age ${h.candidates.age[ci]} of ${h.candidates.epochs} epochs)` : '';
  const usage = c.objects[f] ? `, T ${c.t[f]}, H ${c.h[f].toFixed(2)}` : '';
  const roles = [f === c.target && 'target', f === h.replacement.victim && 'victim', c.pinned[f] && 'pinned'].filter(Boolean).join(', ');
  return `frame ${f}: ${frameKindText(h, f)}, ${fmtBytes(c.used[f])} of ${fmtBytes(c.frameBytes)} used, ${c.objects[f]} objects (${c.installed[f]} installed)${usage}${roles ? `, ${roles}` : ''}${cand}`;
}

/** An object in words: id, size, offset, its 4 usage bits, installed and modified. */
export function objectLabel(h: HacFrame, row: number): string {
  if (h.client.policy !== 'hac') return pageObjectLabel(h, row);
  const o = h.objects;
  const state = o.installed[row] ? `usage ${usageBits(o.usage[row])}, installed${o.modified[row] ? ', modified' : ''}` : 'a copy not installed here (usage 0)';
  return `object ${o.object[row]} in frame ${o.frame[row]}: ${fmtBytes(o.bytes[row])} at offset ${fmtBytes(o.offset[row])}, ${state}`;
}
