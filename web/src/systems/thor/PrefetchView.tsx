// Thor0's adaptive prefetching (Liskov et al. 1996 §5.2; spec 003 §2.4, §5.1 items 1–2): the
// group size k each fetch asked for over the fetch number, the objects each group shipped and the
// fraction of them used so far against the 0.3 threshold, with the counters' ratio now and the
// fetches where k grew although the group before is mostly unused (the exponential memory's lag);
// the latest groups as they arrived, used and never used; and the segment of the latest fetch as
// the OR cut it, its aligned chunk of k objects outlined. The view re-renders 5 times a second at
// most, from the latest frame: every number is the engine's at the frame's time.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as d3 from 'd3';
import type { ViewProps } from '../../views/contract';
import { Axis } from '../../views/lib/Axis';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { thorFrame, type Prefetcher, type PrefetchGroup, type SegmentCut } from './thorFrame';
import {
  cellAt,
  chunkBoundaries,
  COLOURS,
  fetchSpan,
  fetchStatus,
  groupLabel,
  groupOf,
  hasSegment,
  inFlight,
  inkOn,
  kPoints,
  lagGroups,
  lastArrival,
  nextRequest,
  rangeOutline,
  segmentCaption,
  segmentCounts,
  slotColours,
  slotLabel,
  SLOT_PALETTE,
  stepPath,
  STRIP_TOP,
  stripGrid,
  usedFraction,
} from './prefetchDraw';
import './targets';
import '../../views/views.css';
import './prefetch.css';

/** Groups the arrivals list shows, newest first. */
export const ARRIVALS = 30;
const M = { l: 44, r: 46, t: 18, b: 32 };
const CHART_H = 200;

type Pick = ((t: { kind: 'group'; id: number } | { kind: 'slot'; id: number }) => void) | null;

export default function PrefetchView({ frames, select, selected, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 200);
  const t = tick && thorFrame(tick, description);
  const body = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(body);
  const w = Math.max(240, width - 16);
  const pick: Pick = inspectable ? select : null;
  const selGroup = selected?.kind === 'group' ? selected.id : -1;
  const selSlot = selected?.kind === 'slot' ? selected.id : -1;
  const p = t?.prefetch;
  const fixed = p && p.policy !== 'adaptive';

  return (
    <div className="sl-view pf-view" data-view="prefetch" data-testid="prefetch-view">
      <div className="sl-head">
        <h3 className="sl-title">{fixed ? `Prefetching, fixed k = ${p.size}` : 'Adaptive prefetching'}</h3>
        {p && (
          <>
            <span className="sl-stat" title="Fetch requests sent so far">
              fetches <b data-testid="prefetch-fetches">{p.fetches.toLocaleString()}</b>
            </span>
            <span className="sl-stat" title="Objects the OR has shipped in groups so far">
              shipped <b>{p.shipped.toLocaleString()}</b> objects
            </span>
            <span className="sl-stat" title="The k the latest request sent; the next one moves it by the step">
              k <b data-testid="prefetch-size">{p.size}</b> objects
            </span>
          </>
        )}
      </div>
      <div className="pf-body" ref={body}>
        {!t || !p ? (
          <div className="sl-empty">{EMPTY_MESSAGE}</div>
        ) : (
          <>
            <p className={`pf-status${inFlight(p) ? ' pf-flying' : ''}`} data-testid="prefetch-status">
              {fetchStatus(p)}
            </p>
            <Counters p={p} />
            <section className="pf-section" aria-label="Group size over the fetches">
              <h4>Group size and use, by fetch</h4>
              <GroupChart p={p} width={w} selected={selGroup} pick={pick} />
            </section>
            <section className="pf-section" aria-label="The latest fetch's segment">
              <h4>The latest fetch&apos;s segment, as the OR cut it</h4>
              <SegmentStrip s={t.segment} p={p} width={w} selected={selSlot} pick={pick} />
            </section>
            <section className="pf-section" aria-label="Groups as they arrived">
              <h4>The latest groups as they arrived, newest first</h4>
              <Arrivals p={p} selected={selGroup} pick={pick} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}

/** The counters and the rule on them (§5.2), and what a miss now would ask for. */
function Counters({ p }: { p: Prefetcher }) {
  if (p.policy !== 'adaptive') {
    return (
      <p className="pf-counters" data-testid="prefetch-counters">
        A fixed k of <b>{p.size}</b> objects at every fetch (the comparison policy of Figs. 7–8): no counters.
      </p>
    );
  }
  const next = nextRequest(p);
  const arrival = lastArrival(p);
  const above = p.ratio >= p.threshold;
  return (
    <div className="pf-counters" data-testid="prefetch-counters">
      <div>
        use <b data-testid="prefetch-use">{p.use.toFixed(2)}</b> ÷ fetch <b data-testid="prefetch-fetch">{p.fetch.toFixed(2)}</b> ={' '}
        <b data-testid="prefetch-ratio" style={{ color: COLOURS.ratio }}>
          {p.ratio.toFixed(3)}
        </b>{' '}
        {above ? '≥' : '<'} threshold <b>{p.threshold}</b>
      </div>
      <div data-testid="prefetch-next">
        {next ? (
          <>
            a miss now would ask for <b>{next.k}</b> objects ({next.change > 0 ? `+${next.change}` : next.change === 0 ? '±0' : next.change}:{' '}
            {next.why})
          </>
        ) : (
          <>the group in flight arrives first: fetch := fetch/2 + N, use := use/2 + 1, then the next miss tests use ÷ fetch</>
        )}
      </div>
      {arrival && (
        <div className="sl-muted" data-testid="prefetch-arrival">
          at the latest arrival (fetch {arrival.number}, N = {arrival.n}): fetch = {arrival.before.toFixed(2)}/2 + {arrival.n} ={' '}
          {p.fetch.toFixed(2)}; use += 1 at each first use of a prefetched object; k moves by {p.step} within [{p.min}, {p.max}]
        </div>
      )}
    </div>
  );
}

/** k asked (step line) and N shipped (bars) on objects; each group's used fraction (dots) on
 * 0–1 with the threshold; the counters' ratio now at the right edge; the lag marked. */
function GroupChart({ p, width, selected, pick }: { p: Prefetcher; width: number; selected: number; pick: Pick }) {
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const iw = Math.max(40, width - M.l - M.r);
  const ih = CHART_H - M.t - M.b;
  const [a, b] = fetchSpan(p);
  const x = d3.scaleLinear().domain([a - 0.5, b + 0.5]).range([0, iw]);
  const pts = kPoints(p);
  const yMax = Math.max(p.min, d3.max(pts, (d) => d.k) ?? 0, d3.max(p.groups, (g) => g.shipped) ?? 0);
  const y = d3.scaleLinear().domain([0, yMax]).nice().range([ih, 0]);
  const fy = d3.scaleLinear().domain([0, 1]).range([ih, 0]);
  const slot = iw / Math.max(1, b - a + 1);
  const bw = Math.max(1, slot * 0.6);
  const lag = lagGroups(p);
  const landed = pts.filter((d) => !d.flying);
  const flying = pts.find((d) => d.flying);
  const last = pts[pts.length - 1];
  const fracLine = d3
    .line<PrefetchGroup>()
    .x((g) => x(g.number))
    .y((g) => fy(Math.min(1, usedFraction(g))))(p.groups);
  // Few groups: dots joined by a line; many: dots alone (a line between 400 would hide the rest).
  const sparse = p.groups.length <= iw / 6;
  const latest = p.groups[p.groups.length - 1];
  // A group no longer listed (older than the latest 400, or after a seek back): the latest instead.
  const shown = groupOf(p, hover ?? cursor ?? -1) ?? latest;
  const ratioY = fy(Math.min(1, p.ratio));
  // Under a fixed k there are no counters, and nothing is tested against the threshold.
  const adaptive = p.policy === 'adaptive';
  const n = p.groups.length;
  const fmtInt = (v: number) => (Number.isInteger(v) ? String(v) : '');
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!n) return;
    const at = groupOf(p, cursor ?? -1) ? cursor! : latest.number;
    const to: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: a, End: latest.number, PageUp: at - 10, PageDown: at + 10 };
    if ((e.key === 'Enter' || e.key === ' ') && pick) pick({ kind: 'group', id: at });
    else if (e.key in to) setCursor(Math.max(a, Math.min(latest.number, to[e.key])));
    else return;
    // The chart's keys are not the lab's too (→ steps an event, Space plays).
    e.preventDefault();
    e.stopPropagation();
  };
  const summary =
    `Group size by fetch number, fetches ${a} to ${b}: k asked ${p.groups.length ? `from ${p.groups[0].k} to ${last.k}` : 'none yet'} objects; ` +
    `${p.groups.length} groups, ${p.groups.filter((g) => usedFraction(g) >= p.threshold).length} of them used at or above the threshold ${p.threshold}; ` +
    `use ÷ fetch now ${p.ratio.toFixed(3)}; ${lag.size} fetches where k grew although the group before is below the threshold.`;
  return (
    <div
      className="pf-chart sl-focus"
      tabIndex={0}
      role="group"
      aria-label={`${summary} Left and right arrow keys move through the groups${pick ? ', Enter inspects one' : ''}.`}
      onKeyDown={onKey}
      onFocus={() => setCursor((c) => c ?? latest?.number ?? null)}
      onBlur={() => setCursor(null)}
    >
      <svg width={width} height={CHART_H} role="img" aria-label={summary} data-testid="prefetch-chart" className="pf-svg">
        <g transform={`translate(${M.l},${M.t})`}>
          <g data-testid="prefetch-shipped">
            {p.groups.map((g) => (
              <rect key={g.number} x={x(g.number) - bw / 2} y={y(g.shipped)} width={bw} height={ih - y(g.shipped)} fill={COLOURS.shipped} />
            ))}
          </g>
          {adaptive && (
            <>
              <line
                x1={0}
                x2={iw}
                y1={fy(p.threshold)}
                y2={fy(p.threshold)}
                stroke={COLOURS.threshold}
                strokeDasharray="5 4"
                strokeWidth={1.5}
                data-testid="prefetch-threshold"
                data-value={p.threshold}
              />
              <text x={4} y={fy(p.threshold) - 3} className="pf-note" fill={COLOURS.threshold}>
                threshold {p.threshold}
              </text>
            </>
          )}
          {sparse && fracLine && <path d={fracLine} fill="none" stroke={COLOURS.used} strokeWidth={1.2} />}
          <g data-testid="prefetch-fraction">
            {p.groups.map((g) => (
              <circle key={g.number} cx={x(g.number)} cy={fy(Math.min(1, usedFraction(g)))} r={sparse ? 2.4 : 1.6} fill={COLOURS.used} stroke={sparse ? '#fff' : 'none'} strokeWidth={0.8} />
            ))}
          </g>
          <path d={stepPath(landed, x, y)} fill="none" stroke={COLOURS.k} strokeWidth={2} data-testid="prefetch-k-line" data-last-k={last?.k ?? -1} />
          {flying && (
            <path
              d={landed.length ? `M${x(flying.n - 0.5)},${y(landed[landed.length - 1].k)}V${y(flying.k)}H${x(flying.n + 0.5)}` : stepPath([flying], x, y)}
              fill="none"
              stroke={COLOURS.k}
              strokeWidth={2}
              strokeDasharray="3 2"
              data-testid="prefetch-k-flying"
              data-k={flying.k}
            />
          )}
          <g data-testid="prefetch-lag">
            {p.groups
              .filter((g) => lag.has(g.number))
              .map((g) => (
                <path key={g.number} d={`M${x(g.number)},${y(g.k) - 3}l-3.5,-6h7z`} fill={COLOURS.lag} />
              ))}
          </g>
          {adaptive && (
            <path d={`M${iw},${ratioY}l-8,-4.5v9z`} fill={COLOURS.ratio} stroke="#fff" strokeWidth={0.8} data-testid="prefetch-ratio-mark">
              <title>{`use ÷ fetch now ${p.ratio.toFixed(3)}${p.ratio > 1 ? ' (above 1: drawn at 1)' : ''}`}</title>
            </path>
          )}
          {shown && (hover ?? cursor) !== null && <rect x={x(shown.number) - slot / 2} y={0} width={Math.max(2, slot)} height={ih} fill="none" stroke={COLOURS.focus} strokeWidth={1} />}
          {groupOf(p, selected) && <rect x={x(selected) - slot / 2 - 1} y={-1} width={Math.max(2, slot) + 2} height={ih + 2} fill="none" stroke={COLOURS.selected} strokeWidth={1.5} data-testid="prefetch-selected" />}
          <g onMouseLeave={() => setHover(null)}>
            {p.groups.map((g) => (
              <rect
                key={g.number}
                x={x(g.number) - slot / 2}
                y={0}
                width={slot}
                height={ih}
                fill="transparent"
                onMouseEnter={() => setHover(g.number)}
                onClick={pick ? () => pick({ kind: 'group', id: g.number }) : undefined}
                style={{ cursor: pick ? 'pointer' : 'default' }}
              >
                <title>{groupLabel(g, lag.has(g.number))}</title>
              </rect>
            ))}
          </g>
          <Axis scale={y} orient="left" ticks={5} deps={y.domain()} />
          <Axis scale={fy} orient="right" x={iw} ticks={5} format={(v) => v.toFixed(1)} />
          <Axis scale={x} orient="bottom" y={ih} ticks={Math.max(2, Math.min(8, Math.floor(iw / 60)))} format={fmtInt} deps={x.domain()} />
          <text x={-M.l + 2} y={-8} className="sl-axis-label">
            objects
          </text>
          <text x={iw + M.r - 2} y={-8} textAnchor="end" className="sl-axis-label">
            fraction used
          </text>
          <text x={iw / 2} y={ih + 28} textAnchor="middle" className="sl-axis-label">
            fetch number
          </text>
        </g>
      </svg>
      <p className="pf-readout" data-testid="prefetch-readout" aria-live="polite">
        {shown ? groupLabel(shown, lag.has(shown.number)) : 'No group has arrived yet.'}
      </p>
      <div className="sl-legend pf-legend" aria-label="Legend">
        <span>
          <i className="pf-line" style={{ borderColor: COLOURS.k }} /> k asked (objects)
        </span>
        <span>
          <i className="sl-swatch" style={{ background: COLOURS.shipped }} /> N shipped (objects)
        </span>
        <span>
          <i className="sl-swatch pf-dot" style={{ background: COLOURS.used }} /> fraction of the group used so far
        </span>
        {adaptive && (
          <>
            <span>
              <i className="pf-line pf-dashed" style={{ borderColor: COLOURS.threshold }} /> threshold (tested on use ÷ fetch)
            </span>
            <span>
              <i className="pf-tri pf-right" style={{ borderLeftColor: COLOURS.ratio }} /> use ÷ fetch now, {p.ratio.toFixed(2)}
              {p.ratio > 1 ? ' (drawn at 1)' : ''}
            </span>
            <span>
              <i className="pf-tri pf-down" style={{ borderTopColor: COLOURS.lag }} /> lag: k grew though the group before is below the threshold
            </span>
          </>
        )}
        <span className="sl-muted">Hover or arrow keys for a group{pick ? '; click or Enter to inspect it' : ''}.</span>
      </div>
    </div>
  );
}

/** The latest groups, newest first: a bar as long as the k asked (outlined), filled by the
 * objects used (green) and never used (grey) of those shipped. */
function Arrivals({ p, selected, pick }: { p: Prefetcher; selected: number; pick: Pick }) {
  const rows = p.groups.slice(-ARRIVALS).reverse();
  if (rows.length === 0) return <p className="sl-muted">No group has arrived yet.</p>;
  const max = Math.max(1, ...rows.map((g) => Math.max(g.k, g.shipped)));
  const lag = lagGroups(p);
  return (
    <>
      <ol className="pf-arrivals" data-testid="prefetch-arrivals" tabIndex={0} aria-label={`The latest ${rows.length} groups, newest first (scrolls)`}>
        {rows.map((g) => {
          const inner: ReactNode = (
            <>
              <span className="pf-arr-n">#{g.number}</span>
              <span className="pf-arr-track">
                <span className="pf-arr-asked" style={{ width: `${(100 * g.k) / max}%` }} data-testid="prefetch-arrival-asked">
                  <i className="pf-arr-used" style={{ width: `${(100 * g.used) / Math.max(g.k, g.shipped)}%`, background: COLOURS.used }} />
                  <i className="pf-arr-unused" style={{ width: `${(100 * (g.shipped - g.used)) / Math.max(g.k, g.shipped)}%`, background: COLOURS.unused }} />
                </span>
              </span>
              <span className="pf-arr-num">
                {g.used}/{g.shipped} <span className="sl-muted">of k {g.k}</span>
              </span>
            </>
          );
          const cls = `pf-arrival${g.number === selected ? ' pf-sel' : ''}${lag.has(g.number) ? ' pf-lagged' : ''}`;
          return (
            <li key={g.number} data-testid={`prefetch-arrival-${g.number}`}>
              {pick ? (
                <button type="button" className={cls} title={groupLabel(g, lag.has(g.number))} aria-label={`Inspect ${groupLabel(g, lag.has(g.number))}`} onClick={() => pick({ kind: 'group', id: g.number })}>
                  {inner}
                </button>
              ) : (
                <div className={cls} title={groupLabel(g, lag.has(g.number))}>
                  {inner}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="sl-legend pf-legend">
        <span>
          <i className="sl-swatch" style={{ background: COLOURS.used }} /> used so far
        </span>
        <span>
          <i className="sl-swatch" style={{ background: COLOURS.unused }} /> shipped, never used
        </span>
        <span>
          <i className="sl-swatch pf-asked" /> k asked (the rest: left out or past the segment&apos;s end)
        </span>
      </div>
    </>
  );
}

/** The latest fetch's segment, one cell an object in slot order, coloured by what became of it;
 * the chunk [chunkFrom, chunkTo) outlined, the aligned k boundaries ticked, resident ones dotted. */
function SegmentStrip({ s, p, width, selected, pick }: { s: SegmentCut; p: Prefetcher; width: number; selected: number; pick: Pick }) {
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  if (!hasSegment(s)) {
    return (
      <p className="sl-muted" data-testid="segment-empty">
        No fetch yet: the first miss asks the OR for a group of {p.size} objects around the object missed.
      </p>
    );
  }
  const n = s.objects.length;
  const g = stripGrid(n, width);
  const colours = slotColours(s);
  const { byState, resident } = segmentCounts(s);
  const shownSlot = hover ?? cursor;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor !== null && cursor < n ? cursor : s.slot >= 0 ? s.slot : 0;
    const to: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - g.cols, ArrowDown: at + g.cols, Home: 0, End: n - 1 };
    if ((e.key === 'Enter' || e.key === ' ') && pick) pick({ kind: 'slot', id: at });
    else if (e.key in to) setCursor(Math.max(0, Math.min(n - 1, to[e.key])));
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const box = (i: number, stroke: string, sw: number, testid?: string) => {
    const c = cellAt(g, i);
    return <rect x={c.x - 1} y={c.y - 1} width={g.cell + 2} height={g.cell + 2} fill="none" stroke={stroke} strokeWidth={sw} data-testid={testid} />;
  };
  const counts = s.stateNames.map((name, i) => `${byState[i] ?? 0} ${name}`).join(', ');
  const summary = `${segmentCaption(s, p)}: ${counts}; ${resident} resident at the FE now.`;
  return (
    <>
      <p className="pf-caption" data-testid="segment-caption">
        {segmentCaption(s, p)}
      </p>
      <div
        className="pf-strip sl-focus"
        tabIndex={0}
        role="group"
        aria-label={`${summary} Arrow keys move through the objects${pick ? ', Enter inspects one' : ''}.`}
        onKeyDown={onKey}
        onFocus={() => setCursor((c) => c ?? (s.slot >= 0 ? s.slot : 0))}
        onBlur={() => setCursor(null)}
      >
        <svg width={g.cols * g.pitch + 2} height={g.height} role="img" aria-label={summary} data-testid="segment-strip" className="pf-svg" onMouseLeave={() => setHover(null)}>
          <g transform="translate(1,0)">
            {Array.from({ length: n }, (_, i) => {
              const c = cellAt(g, i);
              const fill = colours[s.state[i]] ?? '#9e9e9e';
              const inChunk = i >= s.chunkFrom && i < s.chunkTo;
              return (
                <g
                  key={i}
                  className="pf-cell"
                  data-slot={i}
                  data-chunk={inChunk ? 1 : 0}
                  data-state={s.stateNames[s.state[i]] ?? s.state[i]}
                  onMouseEnter={() => setHover(i)}
                  onClick={pick ? () => pick({ kind: 'slot', id: i }) : undefined}
                  style={{ cursor: pick ? 'pointer' : 'default' }}
                >
                  <title>{slotLabel(s, i)}</title>
                  <rect x={c.x} y={c.y} width={g.cell} height={g.cell} fill={fill} />
                  {s.resident[i] === 1 && <rect x={c.x + g.cell / 2 - 1.5} y={c.y + g.cell / 2 - 1.5} width={3} height={3} fill={inkOn(fill)} className="pf-resident" />}
                </g>
              );
            })}
            {chunkBoundaries(s).map((bd) => {
              const c = cellAt(g, bd);
              return <line key={bd} x1={c.x - 0.5} x2={c.x - 0.5} y1={c.y - STRIP_TOP + 1} y2={c.y + g.cell} stroke="#333" strokeWidth={1} className="pf-kb" />;
            })}
            <path d={rangeOutline(g, s.chunkFrom, s.chunkTo)} fill="none" stroke="#000" strokeWidth={1.5} pointerEvents="none" data-testid="segment-chunk" />
            <g pointerEvents="none">
              {s.slot >= 0 && s.slot < n && box(s.slot, SLOT_PALETTE.requested, 2, 'segment-requested')}
              {shownSlot !== null && shownSlot < n && box(shownSlot, COLOURS.focus, 2)}
              {selected >= 0 && selected < n && box(selected, COLOURS.selected, 2, 'segment-selected')}
            </g>
          </g>
        </svg>
      </div>
      <p className="pf-readout" data-testid="segment-readout" aria-live="polite">
        {shownSlot !== null && shownSlot < n ? slotLabel(s, shownSlot) : s.slot >= 0 ? `requested: ${slotLabel(s, s.slot)}` : ''}
      </p>
      <div className="sl-legend pf-legend" aria-label="Segment legend" data-testid="segment-legend">
        {s.stateNames.map((name, i) => (
          <span key={name}>
            <i className="sl-swatch" style={{ background: colours[i] }} /> {name} <b>{byState[i] ?? 0}</b>
          </span>
        ))}
        <span>
          <i className="pf-res-key" /> resident at the FE now <b>{resident}</b>
        </span>
        <span>
          <i className="sl-swatch pf-chunk-key" /> the chunk of k
        </span>
        <span>
          <i className="pf-kb-key" /> every k-th slot: the aligned chunks move as k does
        </span>
        <span className="sl-muted">
          {s.segmentBytes / 1024} KB segment; objects over 800 B are left out unless requested{pick ? '; click or Enter inspects an object' : ''}.
        </span>
      </div>
    </>
  );
}
