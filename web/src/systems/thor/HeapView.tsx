// Thor0's FE heap (Liskov et al. §5.1, §6.4; spec 003 §2.5, §5.1 items 3–4): the cache as one
// arena, its 480 bins a strip wrapped into rows, each bin a stacked bar of its bytes: objects not
// yet used, used and modified, empty and full surrogates, the holes shrinking leaves and, during
// a collection, to-space as it fills after from-space; the free pointer, the trigger and the
// limit on it. Beside it the phase of the collection in words, from-space over time against the
// paper's 38%, and the collections so far against its 7.7 MB before and 1.4 MB after. Every
// number comes from the latest frame and the samples gathered up to it; the view re-renders at
// most 6 times a second.
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import * as d3 from 'd3';
import type { ViewProps } from '../../views/contract';
import { fmtBytes, fmtMB } from '../../views/lib/format';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { CHART_COLOURS, chartFigures, HeapChart } from './HeapChart';
import {
  addressAt,
  barTop,
  binAt,
  binLabel,
  collectionCounts,
  collectionMeans,
  HEAP_KINDS,
  heapSummary,
  kindPaths,
  kindTotals,
  MARK,
  mb,
  PAPER,
  phaseText,
  stripLayout,
  type HeapSample,
  type StripLayout,
} from './heapDraw';
import { thorFrame, type CollectionRow, type FeHeap } from './thorFrame';
import './targets';
import '../../views/views.css';
import './heap.css';

/** Collections the table lists, newest first. */
const GC_ROWS = 200;
const CHART_H = 130;

export default function HeapView({ frames, select, selected, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 160);
  const t = tick && thorFrame(tick, description);
  // The samples up to this frame: the chart and the strip show the same moment.
  const samples = tick ? (frames.series() as readonly HeapSample[]) : [];
  return (
    <div className="sl-view heap-view" data-view="thor-heap">
      <div className="sl-head">
        <h3 className="sl-title">FE heap</h3>
        {t && <Status h={t.heap} rows={t.collections} />}
      </div>
      {!t && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
      {t && (
        <div className="heap-body">
          <p className="heap-phase" data-testid="heap-phase">
            <PhaseWords text={phaseText(t.heap)} />
          </p>
          {/* Only the phase's name is announced: the figures in the sentence change every frame. */}
          <span role="status" aria-live="polite" className="heap-sr">
            {t.heap.phase === 'none' ? 'no collection under way' : `collection: ${t.heap.phase}`}
          </span>
          <Strip h={t.heap} select={select} selected={selected?.kind === 'heap'} inspectable={inspectable} />
          <Legend h={t.heap} inspectable={inspectable} />
          <div className="heap-lower">
            <Utilisation samples={samples} nowS={t.nowNs / 1e9} h={t.heap} />
            <Collections h={t.heap} rows={t.collections} select={select} selected={selected?.kind === 'collection' ? selected.id : -1} inspectable={inspectable} />
          </div>
        </div>
      )}
    </div>
  );
}

/** From-space over time, as wide as its column. */
function Utilisation({ samples, nowS, h }: { samples: readonly HeapSample[]; nowS: number; h: FeHeap }) {
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);
  return (
    <section className="heap-use" aria-label="Cache used over time">
      <h4>From-space over time (MB)</h4>
      <div ref={box} className="heap-chart-box">
        <HeapChart samples={samples} nowS={nowS} usedBytes={h.used} capacity={h.capacity} trigger={h.trigger} width={width || 300} height={CHART_H} />
      </div>
      <ChartLegend samples={samples} h={h} />
    </section>
  );
}

/** A sentence with its head (up to the first colon) in bold, its first letter a capital. */
function PhaseWords({ text: words }: { text: string }) {
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  const at = text.indexOf(': ');
  return at < 0 ? <b>{text}</b> : (
    <>
      <b>{text.slice(0, at)}</b>
      {text.slice(at)}
    </>
  );
}

/** The header's figures: from-space of the cache, what is resident, the collections. */
function Status({ h, rows }: { h: FeHeap; rows: readonly CollectionRow[] }) {
  const { done, underWay } = collectionCounts(h, rows);
  return (
    <>
      <span className="sl-stat" data-testid="heap-from" title="From address 0 up to the free pointer">
        from-space <b>{mb(h.used)}</b> of {mb(h.capacity)} ({((100 * h.used) / h.capacity).toFixed(0)}%)
      </span>
      <span className="sl-stat" data-testid="heap-resident">
        <b>{h.objects.toLocaleString()}</b> objects · <b>{h.surrogates.toLocaleString()}</b> surrogates
      </span>
      <span className="sl-stat" data-testid="heap-collections">
        collections <b>{done}</b>
        {underWay ? ` + 1 under way` : ''}
      </span>
    </>
  );
}

/** The arena as a strip of bins; the pointer or the arrow keys pick a bin for its tooltip, a
 * click or Enter inspects the heap. */
function Strip({ h, select, selected, inspectable }: { h: FeHeap; select: ViewProps['select']; selected: boolean; inspectable: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);
  const hatch = useId();
  const [hover, setHover] = useState<{ bin: number; x: number; y: number } | null>(null);
  const [focus, setFocus] = useState(-1);
  const [focused, setFocused] = useState(false);
  const n = h.bins.swizzled.length;
  const l = stripLayout(width || 480, n);
  const paths = kindPaths(h, l);
  const totals = kindTotals(h);
  const focusBin = focused ? Math.max(0, Math.min(n - 1, focus)) : -1;
  const shown = hover?.bin ?? focusBin;
  const tip = shown >= 0 ? binLabel(h, shown) : '';
  const pick = () => inspectable && select({ kind: 'heap' });
  const onMove = (e: MouseEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const bin = binAt(l, n, x, y);
    setHover(bin < 0 ? null : { bin, x, y });
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const cur = focus < 0 ? 0 : Math.min(focus, n - 1);
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: l.perRow, ArrowUp: -l.perRow, Home: -cur, End: n - 1 - cur };
    if (e.key === 'Enter' || e.key === ' ') pick();
    else if (e.key in step) setFocus(Math.max(0, Math.min(n - 1, cur + step[e.key])));
    else return;
    // The strip's keys are not the lab's too (→ steps an event, Home goes to 0 s, Space plays).
    e.preventDefault();
    e.stopPropagation();
  };
  const at = (bytes: number) => addressAt(l, h.binBytes, Math.min(bytes, h.capacity));
  const box0 = shown >= 0 ? binBox(l, shown) : null;
  const tipAt = hover ?? (box0 ? { x: box0.x, y: box0.y + l.barH } : { x: 0, y: 0 });
  return (
    <div
      className="heap-strip sl-focus"
      ref={box}
      role="application"
      aria-roledescription="arena strip"
      tabIndex={0}
      aria-label={`${heapSummary(h)}. Arrow keys move through the bins${inspectable ? ', Enter inspects the heap' : ''}${focusBin >= 0 ? `: ${binLabel(h, focusBin)}` : ''}`}
      data-testid="heap-strip"
      onKeyDown={onKey}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <svg
        width={l.width}
        height={l.height}
        className="sl-overlay"
        role="img"
        aria-label="The arena's bins as stacked bars of their bytes by kind, 0 MB at the top left"
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
        onClick={pick}
        style={{ cursor: inspectable ? 'pointer' : 'default', display: 'block' }}
      >
        <defs>
          <pattern id={hatch} width={4} height={4} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={4} height={4} fill="#fff" />
            <line x1={0} y1={0} x2={0} y2={4} stroke={HEAP_KINDS[5].colour} strokeWidth={1.5} />
          </pattern>
        </defs>
        {d3.range(l.rows).map((r) => (
          <RowAxis key={r} l={l} r={r} h={h} selected={selected} />
        ))}
        {HEAP_KINDS.map((k, j) => (
          <path
            key={k.key}
            d={paths[j]}
            data-testid={`heap-kind-${k.key}`}
            data-bytes={Math.round(totals[k.key])}
            fill={k.fill === 'solid' ? k.colour : k.fill === 'hatch' ? `url(#${hatch})` : '#fff'}
            stroke={k.fill === 'hollow' ? k.colour : 'none'}
            strokeWidth={k.fill === 'hollow' ? 0.7 : 0}
          />
        ))}
        <Mark name="trigger" at={at(h.trigger)} l={l} colour={MARK.trigger} dash="3,2" anchor="end" />
        <Mark name="limit" at={at(h.limit)} l={l} colour={MARK.limit} dash="1,2" anchor="start" />
        <Mark name="used" at={at(h.used)} l={l} colour={MARK.pointer} />
        {box0 && <rect x={box0.x - 0.5} y={box0.y - 1} width={Math.max(2, l.binW) + 1} height={l.barH + 2} fill="none" stroke={MARK.focus} strokeWidth={1.5} />}
      </svg>
      <span role="status" aria-live="polite" className="heap-sr">
        {focusBin >= 0 ? binLabel(h, focusBin) : ''}
      </span>
      {tip && (
        <div className="sl-tooltip heap-tip" data-testid="heap-tip" style={{ left: Math.max(0, Math.min(tipAt.x + 12, l.width - 270)), top: tipAt.y + 12 }}>
          {tip}
        </div>
      )}
    </div>
  );
}

function binBox(l: StripLayout, i: number): { x: number; y: number } {
  const row = Math.floor(i / l.perRow);
  return { x: l.left + (i - row * l.perRow) * l.binW, y: barTop(l, row) };
}

/** Row `r`'s free space (white, edged) and its addresses in MB underneath. */
function RowAxis({ l, r, h, selected }: { l: StripLayout; r: number; h: FeHeap; selected: boolean }) {
  const top = barTop(l, r);
  const cells = Math.min(l.perRow, h.bins.swizzled.length - r * l.perRow);
  const w = cells * l.binW;
  const from = (r * l.perRow * h.binBytes) / 1048576;
  const to = ((r * l.perRow + cells) * h.binBytes) / 1048576;
  const x = d3.scaleLinear().domain([from, to]).range([l.left, l.left + w]);
  const ticks = x.ticks(Math.max(2, Math.floor(w / 70)));
  return (
    <g className="heap-row">
      <rect x={l.left} y={top} width={w} height={l.barH} fill={MARK.free} stroke={selected ? MARK.focus : MARK.edge} strokeWidth={selected ? 2 : 1} />
      {ticks.map((v, i) => (
        <g key={v} transform={`translate(${x(v)},${top + l.barH})`}>
          <line y2={3} stroke="#777" />
          <text y={12} textAnchor={i === 0 && x(v) - l.left < 8 ? 'start' : 'middle'} style={{ fontSize: 9, fill: '#555' }}>
            {i === 0 ? `${v} MB` : v}
          </text>
        </g>
      ))}
    </g>
  );
}

/** A mark on the strip: the free pointer (a line through the bar, ▲ under it), or the trigger or
 * the limit (dashed, their names above the bar on either side). */
function Mark({ name, at, l, colour, dash, anchor }: { name: string; at: { row: number; x: number }; l: StripLayout; colour: string; dash?: string; anchor?: 'start' | 'end' }) {
  const top = barTop(l, at.row);
  const x = Math.round(at.x * 2) / 2;
  return (
    <g data-testid={`heap-mark-${name}`} data-row={at.row} data-x={x.toFixed(1)}>
      <line x1={x} x2={x} y1={top - (dash ? 4 : 0)} y2={top + l.barH} stroke={colour} strokeWidth={dash ? 1.3 : 1.8} strokeDasharray={dash} />
      {dash ? (
        <text x={anchor === 'end' ? x - 2 : x + 2} y={top - 2} textAnchor={anchor} style={{ fontSize: 9, fill: colour }}>
          {name}
        </text>
      ) : (
        <path d={`M${x},${top + l.barH}l-3.5,6h7z`} fill={colour} stroke="#fff" strokeWidth={0.6} />
      )}
    </g>
  );
}

function Legend({ h, inspectable }: { h: FeHeap; inspectable: boolean }) {
  const totals = kindTotals(h);
  return (
    <div className="sl-legend heap-legend" aria-label="Legend" data-testid="heap-legend">
      {HEAP_KINDS.map((k) => (
        <span key={k.key} title={k.about}>
          <i
            className={`sl-swatch${k.fill === 'hatch' ? ' heap-hatch' : ''}`}
            style={k.fill === 'solid' ? { background: k.colour } : k.fill === 'hollow' ? { background: '#fff', border: `1.5px solid ${k.colour}` } : { color: k.colour }}
          />
          {k.label} {fmtMB(totals[k.key])}
        </span>
      ))}
      <span>
        <i className="sl-swatch" style={{ background: MARK.free, border: `1px solid ${MARK.edge}` }} /> free {fmtMB(Math.max(0, h.capacity - h.used - h.to))}
      </span>
      <span style={{ color: MARK.pointer }}>▲ free pointer {fmtMB(h.used)}</span>
      <span style={{ color: MARK.trigger }}>┆ trigger {fmtMB(h.trigger)}</span>
      <span style={{ color: MARK.limit }}>┆ limit {fmtMB(h.limit)}</span>
      <span className="sl-muted">
        MB; a bin is {fmtBytes(h.binBytes)}. Hover a bin for its bytes{inspectable ? '; click to inspect the heap' : ''}.
      </span>
    </div>
  );
}

/** A line's look in a legend. */
function LineSwatch({ colour, dash }: { colour: string; dash?: string }) {
  return (
    <svg width={18} height={8} aria-hidden="true">
      <line x1={0} x2={18} y1={4} y2={4} stroke={colour} strokeWidth={2} strokeDasharray={dash} />
    </svg>
  );
}

function ChartLegend({ samples, h }: { samples: readonly HeapSample[]; h: FeHeap }) {
  const f = chartFigures({ samples, capacity: h.capacity, usedBytes: h.used });
  return (
    <div className="sl-legend heap-chart-legend" data-testid="heap-chart-legend">
      <span>
        <LineSwatch colour={CHART_COLOURS.line} /> from-space, now {f.nowMb.toFixed(2)} MB
      </span>
      <span data-testid="heap-mean">
        <LineSwatch colour={CHART_COLOURS.mean} dash="6,3" /> mean {f.mean === null ? 'none yet' : `${f.mean.toFixed(2)} MB (${(100 * f.meanShare!).toFixed(0)}% of the cache)`}
      </span>
      <span data-testid="heap-paper">
        <LineSwatch colour={CHART_COLOURS.paper} dash="1,3" /> paper: 38% = {f.paperMb.toFixed(1)} MB (T1 medium)
      </span>
      <span>
        <LineSwatch colour={MARK.trigger} dash="5,3" /> trigger
      </span>
      <span>▲ a collection begins</span>
    </div>
  );
}

/** The collections so far, newest first, the one under way above them; their means against
 * §6.4's. A row's button inspects it. */
function Collections({ h, rows, select, selected, inspectable }: { h: FeHeap; rows: readonly CollectionRow[]; select: ViewProps['select']; selected: number; inspectable: boolean }) {
  const { underWay } = collectionCounts(h, rows);
  const means = collectionMeans(rows, h.capacity);
  const shown = rows.length > GC_ROWS ? rows.length - GC_ROWS : 0;
  const order = d3.range(rows.length - 1, shown - 1, -1);
  const copying = h.phase === 'copying' || h.phase === 'sweeping the ROT';
  return (
    <section className="heap-gcs" aria-label="Collections">
      <h4>Collections, newest first (MB; objects shrunk, cells copied)</h4>
      <div className="heap-gc-scroll" tabIndex={0} role="region" aria-label="Collections so far, newest first (scrolls)">
        <table className="heap-gc-table" data-testid="heap-gc-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" title="From-space before the collection, MB">
                from
              </th>
              <th scope="col" title="To-space after it, MB">
                to
              </th>
              <th scope="col" title="Objects shrinking turned into empty surrogates">
                shrunk
              </th>
              <th scope="col" title="Cells (objects and empty surrogates) copied into to-space">
                copied
              </th>
            </tr>
          </thead>
          <tbody>
            {underWay && (
              <tr className="heap-gc-now" data-testid="heap-gc-current">
                <td>{h.collections}</td>
                <td>{fmtMB(h.used)}</td>
                <td>{copying ? fmtMB(h.to) : '—'}</td>
                <td colSpan={2} className="heap-gc-phase">
                  {copying ? `${h.phase}, so far` : `${h.phase}…`}
                </td>
              </tr>
            )}
            {order.map((i) => {
              const r = rows[i];
              const n = i + 1;
              const text = `collection ${n}: ${mb(r.from)} → ${mb(r.to)}, ${r.shrunk.toLocaleString()} objects shrunk, ${r.copied.toLocaleString()} cells copied`;
              return (
                <tr key={n} data-testid={`heap-gc-${n}`} className={n === selected ? 'heap-sel' : undefined}>
                  <td>
                    {inspectable ? (
                      <button type="button" className="heap-gc-btn" onClick={() => select({ kind: 'collection', id: n })} aria-label={`Inspect ${text}`} aria-pressed={n === selected}>
                        {n}
                      </button>
                    ) : (
                      n
                    )}
                  </td>
                  <td>{fmtMB(r.from)}</td>
                  <td>{fmtMB(r.to)}</td>
                  <td>{r.shrunk.toLocaleString()}</td>
                  <td>{r.copied.toLocaleString()}</td>
                </tr>
              );
            })}
            {rows.length === 0 && !underWay && (
              <tr>
                <td colSpan={5} className="sl-muted">
                  None yet: one begins once from-space passes the trigger ({mb(h.trigger)}) between calls.
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr data-testid="heap-gc-means">
              <th scope="row">mean{means ? ` of ${rows.length}` : ''}</th>
              <td>{means ? fmtMB(means.from) : '—'}</td>
              <td>{means ? fmtMB(means.to) : '—'}</td>
              <td colSpan={2} className="heap-paper">
                paper {PAPER.fromMb} → {PAPER.toMb}
              </td>
            </tr>
          </tfoot>
        </table>
        {shown > 0 && <p className="sl-muted">…and {shown} older</p>}
      </div>
      <p className="heap-gc-used" data-testid="heap-gc-used">
        {means
          ? `Cache used ≈ (from + to) ÷ 2 = ${mb((means.from + means.to) / 2)}, ${(100 * means.used).toFixed(0)}% of the cache; the paper's is ${PAPER.used * 100}% (T1 medium: 7.7 MB and 1.4 MB of 12 MB).`
          : `The paper's T1 medium uses ${PAPER.used * 100}% of the cache on average: 7.7 MB before a collection, 1.4 MB after.`}
      </p>
    </section>
  );
}
