// The pending pool on the platter (O'Toole & Shrira 1994, §3.2; spec 001 §5.1 item 1): every
// pending installation read a mark at its cylinder (radius) and rotational position (angle),
// ageing in colour, on a platter turning under a fixed head at the frame's angle; the latest
// installation-read choice drawn from where the head will be free to the chosen page (solid) and
// to the page the other policy would have read (dashed), each with its positioning time, and the
// saving in words; the last scheduling decisions as bars; dirty pages awaiting write-back on
// demand. Every number is the frame's. The canvas is drawn on every frame without React; the
// words re-render 5 times a second at most.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { Frame } from '../../engine/types';
import { REQUEST_PALETTE, type ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { fmtMs } from '../../views/lib/format';
import { oplogFrame, oplogNames, type OplogFrame } from './oplogFrame';
import {
  ageColour,
  ageTopS,
  CHOSEN_TEXT,
  COLOURS,
  hasPool,
  hitDirty,
  hitMark,
  latestDecision,
  marksNear,
  noPoolReason,
  pageLabel,
  paintPlatter,
  platterLayout,
  policies,
  readout,
  recentDecisions,
  type Decision,
  type Marks,
} from './poolPlatter';
import '../../views/views.css';
import './poolPlatter.css';

/** Decisions the strip lists, newest first. */
const STRIP_ROWS = 12;

type Hover = { x: number; y: number } & ({ page: number; near: number } | { cylinder: number; slot: number; count: number });

export default function PoolPlatter({ frames, select, selected, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 200);
  const f = tick && oplogFrame(tick, description);
  const names = description ? oplogNames(description) : null;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useElementSize(box);
  const [showDirty, setShowDirty] = useState(false);
  const [hover, setHover] = useState<Hover | null>(null);
  const selPage = selected?.kind === 'page' ? selected.id : -1;
  // The decision the words below show (this render's frame): the platter draws the same one.
  const decision = f && names ? latestDecision(f.decisions, names.op, 'installation read') : null;
  const opts = useLatest({ showDirty, selectedPage: selPage, hoverPage: hover && 'page' in hover ? hover.page : -1, decision });
  const marks = useRef<Marks | null>(null);
  const redraw = useRef<() => void>(() => {});

  useEffect(() => {
    const draw = (fr: Frame) => {
      const of = oplogFrame(fr, description);
      const ctx = prepareCanvas(canvas.current, width, height);
      if (!ctx) return;
      marks.current = paintPlatter(ctx, of, fr.nowNs, oplogNames(description).op, platterLayout(width, height), opts.current);
    };
    const unsub = frames.subscribe((fr) => {
      // Nothing is kept from frame to frame but the hover, which a reset makes stale.
      if (fr.reset) setHover(null);
      draw(fr);
    });
    redraw.current = () => {
      const fr = frames.latest();
      if (fr) draw(fr);
    };
    redraw.current();
    return unsub;
  }, [frames, description, width, height, opts]);

  useEffect(() => redraw.current(), [showDirty, selPage, hover, decision?.at, decision?.chosen]);

  /** The pending page's mark under the pointer, as last drawn: its row, or −1. */
  const markAt = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    return { x, y, i: marks.current ? hitMark(marks.current, x, y) : -1 };
  };
  const onMove = (e: MouseEvent<HTMLCanvasElement>) => {
    const fr = frames.latest();
    if (!fr || !marks.current) return;
    const { x, y, i } = markAt(e);
    if (i >= 0) return setHover({ x, y, page: marks.current.page[i], near: marksNear(marks.current, marks.current.x[i], marks.current.y[i]) });
    const of = oplogFrame(fr, description);
    const cell = showDirty ? hitDirty(of.dirty.cells, of.disk, platterLayout(width, height), x, y) : null;
    setHover(cell ? { x, y, ...cell } : null);
  };

  const pool = f ? hasPool(f.server.design) : false;
  const tip = f && tick && hover ? hoverText(f, tick.nowNs, hover, inspectable) : '';
  return (
    <div className="sl-view pp-view" data-view="pool">
      <div className="sl-head">
        <h3 className="sl-title">Pending pool on the platter</h3>
        {f && <Figures f={f} />}
      </div>
      <div className="pp-main">
        <div className="pp-body">
          <div className="pp-canvas" ref={box}>
            {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
            {f && (
              <canvas
                ref={canvas}
                role="img"
                aria-label={canvasLabel(f)}
                onMouseMove={onMove}
                onMouseLeave={() => setHover(null)}
                onClick={(e) => {
                  const { i } = markAt(e);
                  if (i >= 0) select({ kind: 'page', id: marks.current!.page[i] });
                }}
                style={{ cursor: hover && 'page' in hover ? 'pointer' : 'default', display: 'block' }}
              />
            )}
            {f && !pool && (
              <p className="pp-nopool" data-testid="pool-none">
                No pending pool: {f.server.design} server
              </p>
            )}
            {tip && (
              <div className="sl-tooltip pp-tip" role="tooltip" style={{ left: Math.max(0, Math.min(hover!.x + 12, width - 240)), top: Math.min(hover!.y + 14, Math.max(0, height - 70)) }}>
                {tip}
              </div>
            )}
          </div>
          {f && tick && (
            <div className="pp-side">
              {pool ? <Choice f={f} names={names!.op} select={select} /> : <p className="pp-why">{noPoolReason(f.server.design)}</p>}
              <WriteChoice f={f} names={names!.op} />
              <label className="pp-toggle">
                <input type="checkbox" data-testid="pool-dirty-toggle" checked={showDirty} onChange={(e) => setShowDirty(e.target.checked)} />
                show dirty pages awaiting write-back ({f.dirty.count.toLocaleString('en-US')})
              </label>
              <Strip f={f} names={names!.op} select={select} selected={selPage} />
            </div>
          )}
        </div>
        {f && tick && <Legend f={f} nowNs={tick.nowNs} showDirty={showDirty} inspectable={inspectable} />}
      </div>
    </div>
  );
}

/** The header's counts, with units, from the server section. */
function Figures({ f }: { f: OplogFrame }) {
  const s = f.server;
  return (
    <>
      <span className="sl-stat" data-testid="pool-design">
        <b>{s.design}</b> server
      </span>
      <span className="sl-stat">
        pending <b data-testid="pool-pending">{s.pendingPages.toLocaleString('en-US')}</b> pages
      </span>
      <span className="sl-stat">
        log <b data-testid="pool-log">{s.logUsed.toLocaleString('en-US')}</b>
        {s.logCapacity > 0 ? ` of ${s.logCapacity.toLocaleString('en-US')}` : ''} entries
      </span>
      <span className="sl-stat">
        dirty <b data-testid="pool-dirty">{s.dirtyPages.toLocaleString('en-US')}</b> pages
        {s.writing > 0 ? ` (${s.writing} being written)` : ''}
      </span>
      <span className="sl-stat">
        head at cylinder <b>{f.disk.headCylinder.toFixed(f.disk.headCylinder % 1 ? 1 : 0)}</b> of {f.disk.cylinders.toLocaleString('en-US')}
      </span>
    </>
  );
}

/** The latest installation-read choice in words: who chose which page at what positioning time,
 * and what the other policy would have read, at what time. */
function Choice({ f, names, select }: { f: OplogFrame; names: readonly string[]; select: ViewProps['select'] }) {
  const dec = latestDecision(f.decisions, names, 'installation read');
  const design = f.server.design;
  const pol = policies(design, 'installation read');
  return (
    <section className="pp-section" aria-label="Latest installation-read choice" data-testid="pool-readout">
      <h4>Latest installation-read choice ({pol.chosen})</h4>
      {!dec ? (
        <p className="sl-muted">None yet: the installation-read trigger has not fired since the run began.</p>
      ) : (
        <DecisionWords dec={dec} design={design} select={select} />
      )}
    </section>
  );
}

function DecisionWords({ dec, design, select }: { dec: Decision; design: string; select: ViewProps['select'] }) {
  const r = readout(design, dec);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const page = (p: number, testid: string) => (
    <button type="button" className="pp-page" title={`Inspect page ${p}`} onClick={() => select({ kind: 'page', id: p })}>
      <b data-testid={testid}>{p}</b>
    </button>
  );
  return (
    <>
      <p className="pp-readout" data-testid="pool-sentence">
        <span style={{ color: CHOSEN_TEXT }}>
          {cap(r.chosenPolicy)} chose page {page(dec.chosen, 'pool-chosen')}: <b data-testid="pool-chosen-ms">{r.chosenMs}</b> ms
        </span>
        {r.otherPolicy && (
          <>
            ; {r.otherPolicy} would have taken page {page(dec.other, 'pool-other')}: <b data-testid="pool-other-ms">{r.otherMs}</b> ms:{' '}
            {r.chosenPolicy === 'SPTF' ? (
              <span className="pp-saving">
                saving <b data-testid="pool-saving-ms">{r.savingMs}</b> ms
              </span>
            ) : (
              <span className="pp-saving">
                SPTF would have saved <b data-testid="pool-saving-ms">{r.savingMs}</b> ms
              </span>
            )}
          </>
        )}
        .
      </p>
      <p className="pp-note">
        Decided at {fmtMs(dec.at, 3)} ms among {dec.candidates.toLocaleString('en-US')} pending pages (the search examined{' '}
        {dec.examined.toLocaleString('en-US')}), from cylinder {dec.fromCylinder}
        {dec.fromTime > dec.at
          ? `, where the head will be free at ${fmtMs(dec.fromTime, 3)} ms once the disk's queue drains`
          : ', the head there and the disk free'}
        . Positioning = seek + rotational wait. The two pages are drawn where they are then.
      </p>
    </>
  );
}

/** The latest write-back choice, when it is newer than the latest installation-read choice. */
function WriteChoice({ f, names }: { f: OplogFrame; names: readonly string[] }) {
  const w = latestDecision(f.decisions, names, 'page write');
  const i = latestDecision(f.decisions, names, 'installation read');
  if (!w || (i && i.index > w.index)) return null;
  return (
    <p className="pp-note" data-testid="pool-write">
      Latest write-back (SPTF): page <b>{w.chosen}</b> of {w.candidates.toLocaleString('en-US')} dirty pages, {fmtMs(w.chosenNs, 2)} ms to position.
    </p>
  );
}

/** The last decisions, newest first: the chosen page's positioning time (solid) beside the other
 * policy's (outlined), on one scale; each selects its chosen page. */
function Strip({ f, names, select, selected }: { f: OplogFrame; names: readonly string[]; select: ViewProps['select']; selected: number }) {
  const rows = recentDecisions(f.decisions, names, STRIP_ROWS);
  if (rows.length === 0) return null;
  const max = Math.max(15e6, ...rows.map((d) => Math.max(d.chosenNs, d.otherNs)));
  const pct = (ns: number) => `${Math.max(0, (100 * ns) / max)}%`;
  return (
    <section className="pp-section" aria-label="Recent scheduling decisions">
      <h4>{rows.length === 1 ? 'The one decision so far' : `Last ${rows.length} decisions, newest first`}: positioning, ms</h4>
      <ul className="pp-strip" data-testid="pool-strip">
        {rows.map((d) => {
          const r = readout(f.server.design, d);
          const colour = REQUEST_PALETTE[d.op] ?? '#777777';
          return (
            <li key={`${d.at}-${d.chosen}`}>
              <button type="button" className={`pp-row${d.chosen === selected ? ' pp-sel' : ''}`} title={r.sentence} onClick={() => select({ kind: 'page', id: d.chosen })}>
                <span className="pp-row-k">
                  {d.op === 'installation read' ? 'read' : 'write'} {d.chosen}
                </span>
                <span className="pp-bars" aria-hidden="true">
                  <i className="pp-bar" style={{ width: pct(d.chosenNs), background: colour }} />
                  {d.other >= 0 && <i className="pp-bar pp-bar-other" style={{ width: pct(d.otherNs) }} />}
                </span>
                <span className="pp-row-t">
                  {r.chosenMs}
                  {r.otherMs !== null ? ` / ${r.otherMs}` : ''}
                </span>
                <span className="pp-sr">: {r.sentence}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="pp-note">Solid: the chosen page; outlined: the other policy&apos;s pick. Click a row to inspect its page.</p>
    </section>
  );
}

/** The age scale with its units, and every mark's meaning. */
function Legend({ f, nowNs, showDirty, inspectable }: { f: OplogFrame; nowNs: number; showDirty: boolean; inspectable: boolean }) {
  const top = ageTopS(f.pool, nowNs);
  const stops = Array.from({ length: 9 }, (_, k) => `${ageColour((k / 8) * top, top)} ${(k / 8) * 100}%`).join(', ');
  const pol = policies(f.server.design, 'installation read');
  const digits = top < 1 ? 2 : top < 10 ? 1 : 0;
  return (
    <div className="sl-legend pp-legend" aria-label="Legend">
      <span data-testid="pool-age-scale" title="Age of a pending page: the time since its oldest log entry was committed">
        age
        <span className="pp-ramp-box">
          <span className="pp-ramp" style={{ background: `linear-gradient(to right, ${stops})` }} />
          <span className="pp-ramp-ticks">
            <span>0</span>
            <span>{(top / 2).toFixed(digits)}</span>
            <span>{top.toFixed(digits)} s</span>
          </span>
        </span>
      </span>
      <span data-testid="pool-marks" data-count={f.pool.page.length}>
        <b>{f.pool.page.length.toLocaleString('en-US')}</b> pending pages drawn
      </span>
      <span>
        <i className="pp-line" style={{ borderTopColor: COLOURS.chosen }} /> chosen ({pol.chosen})
      </span>
      {pol.other && (
        <span>
          <i className="pp-line pp-dashed" /> passed over ({pol.other})
        </span>
      )}
      <span>
        <i className="pp-dot pp-hollow" /> head free to start the choice
      </span>
      <span>
        <i className="pp-ring" /> active request, <i className="pp-square" /> queued, in the colour of its kind:
      </span>
      {Object.entries(REQUEST_PALETTE).map(([kind, colour]) => (
        <span key={kind}>
          <i className="sl-swatch" style={{ background: colour }} /> {kind}
        </span>
      ))}
      {showDirty && (
        <span>
          <i className="pp-arc" style={{ borderTopColor: COLOURS.dirty }} /> dirty pages: the arc of a page&apos;s sectors (darker: more in the cell)
        </span>
      )}
      <span className="sl-muted pp-how">
        Head fixed at 3 o&apos;clock, the platter turning clockwise under it. Radius: cylinder (0 at the hub). Angle: a page&apos;s first sector (
        {f.disk.pagesPerTrack} a track). The choice is drawn as the platter stands when the head is free to start it. Hover a mark for its page
        {inspectable ? '; click to inspect it' : ''}.
      </span>
    </div>
  );
}

function canvasLabel(f: OplogFrame): string {
  const n = f.pool.page.length.toLocaleString('en-US');
  return `Disk platter from above, cylinder as radius and rotational position as angle, turning under the head at 3 o'clock (now at cylinder ${Math.round(f.disk.headCylinder)}): ${n} pending installation reads as marks coloured by age, the latest choice and the page it passed over${f.dirty.count > 0 ? '; dirty pages on demand' : ''}`;
}

function hoverText(f: OplogFrame, nowNs: number, h: Hover, inspectable: boolean): string {
  if ('page' in h) {
    const row = Array.prototype.indexOf.call(f.pool.page, h.page) as number;
    if (row < 0) return '';
    const more = h.near > 1 ? `; ${h.near - 1} more pending page${h.near > 2 ? 's' : ''} under the pointer` : '';
    return `${pageLabel(f, row, nowNs)}${more}${inspectable ? ' (click to inspect)' : ''}`;
  }
  return `cylinder ${h.cylinder}, slot ${h.slot}: ${h.count} dirty page${h.count === 1 ? '' : 's'} awaiting write-back (over its ${f.disk.tracksPerCylinder} tracks)`;
}
