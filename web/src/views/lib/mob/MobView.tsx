// The modified object buffer (thesis §3.1.4, spec §2.7–§2.8, §8.1.1), every system's with one
// (engine/core/src/components/mob/view.rs: the MOB server's, and the mcache of Thor0's OR): the
// scan list as a log strip (oldest at left, each chunk as wide as its live modifications,
// coloured by area), the fill level against capacity and the flusher's trigger, its scan window
// over the oldest part (magnified below), the pages of the current pass in disk-address order,
// and the write-absorption counters. A system gives its words and what only it shows
// (`WebSystem.mobView`, part.ts): the MOB system's FREEMOB note and, under PAGE, no MOB at all.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import * as d3 from 'd3';
import type { Frame, SystemDescription } from '../../../engine/types';
import { systemOf } from '../../../systems';
import { REQUEST_PALETTE, type ViewProps } from '../../contract';
import { Axis } from '../Axis';
import { EMPTY_MESSAGE, useElementSize, useFrameTick, useLatest } from '../hooks';
import { fmtMB, fmtPct } from '../format';
import { chunkAt, layoutMob, pendingByPage, perPageWrite, type MobLayout } from './mob';
import { sharedPageAreas } from './pages';
import { bufferFrame, areaNames, type BufferFrame } from './bufferFrame';
import { B_H, B_Y, batchCellWidth, drawMob, fit, HOLE, MIN_HEIGHT, ML, MR, S1_H, S1_Y, S2_H, S2_Y, ZOOM_WINDOWS, type Hover } from './mobDraw';
import { MOB_TERMS, type MobExtras, type MobTerms, type MobViewPart } from './part';
import './targets';
import '../../views.css';

const NO_EXTRAS: MobExtras = {};
const loaded = new Map<MobViewPart['extras'], MobExtras>();

/** The extras of `part`, loaded once (tests call it before rendering to a string). */
export async function loadMobExtras(part: MobViewPart | undefined): Promise<MobExtras> {
  if (!part?.extras) return NO_EXTRAS;
  let e = loaded.get(part.extras);
  if (!e) {
    e = (await part.extras()).default;
    loaded.set(part.extras, e);
  }
  return e;
}

/** The system's part of the view: its words, and its extras once loaded (null until then). */
function usePart(description: SystemDescription | null): { terms: MobTerms; extras: MobExtras | null } {
  const part = description ? systemOf(description.kind)?.mobView : undefined;
  const [, setLoaded] = useState(0);
  const extras = part?.extras ? (loaded.get(part.extras) ?? null) : NO_EXTRAS;
  useEffect(() => {
    if (extras) return;
    let live = true;
    void loadMobExtras(part).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [part, extras]);
  return { terms: part?.terms ?? MOB_TERMS, extras };
}

/** The record kind whose records give each inserted modification's area, when the system has one. */
function insertKind(d: SystemDescription | null): number | null {
  const i = d?.records.findIndex((r) => r.name === 'mob_insert') ?? -1;
  return i >= 0 ? d!.records[i].id : null;
}

/** The view: the system's part loaded, the buffer, or what the system shows when it has none. */
export default function MobView(props: ViewProps) {
  const { frames, description, scenario } = props;
  const { terms, extras } = usePart(description);
  const tick = useFrameTick(frames, 200);
  if (!extras)
    return (
      <div className="sl-view" data-view="mob">
        <div className="sl-empty">Loading the {terms.buffer} view…</div>
      </div>
    );
  if (tick && extras.Instead && extras.noBuffer?.(tick, description)) return <extras.Instead frame={tick} description={description} scenario={scenario} />;
  return <Buffer {...props} terms={terms} extras={extras} />;
}

/** The buffer and its flusher, mounted when there is one to show (its canvas and plot then exist
 * for its hooks from the start). */
const Buffer = memo(function Buffer({ frames, selected, select, description, inspectable, terms, extras }: ViewProps & { terms: MobTerms; extras: MobExtras }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(plotRef);
  const tick = useFrameTick(frames, 200);
  const frame = tick && bufferFrame(tick, description);
  const latest = () => {
    const l = frames.latest();
    return l && bufferFrame(l, description);
  };
  const [hover, setHover] = useState<Hover | null>(null);
  const hoverRef = useLatest(hover);
  const selectedRef = useLatest(selected);
  const areas = useRef(sharedPageAreas(frames));
  // Every chunk's place, for the pointer: laid out for the frame it is asked about, not per frame.
  const layoutRef = useRef<{ frame: BufferFrame; layout: MobLayout } | null>(null);
  const layoutOf = (f: BufferFrame): MobLayout => {
    if (layoutRef.current?.frame !== f) layoutRef.current = { frame: f, layout: layoutMob(f.mob, layoutRef.current?.layout) };
    return layoutRef.current.layout;
  };
  const width = size.width;
  const height = Math.max(size.height, MIN_HEIGHT);
  const plotW = Math.max(10, width - ML - MR);

  // Ingest records and draw on every frame, without React.
  useEffect(() => {
    // The MOB's contents are fixed by its three running totals, the flusher by its pass and
    // position: a frame in which none of them (nor the hover or selection) changed is not redrawn.
    let drawn = '';
    const inserts = insertKind(description);
    const draw = (fr: Frame) => {
      const f = bufferFrame(fr, description);
      const m = f.mob;
      const fl = f.flusher;
      const hoverPage = hoverRef.current?.page ?? -1;
      const selPage = highlightPage(selectedRef.current);
      const sig = `${m.inserted},${m.superseded},${m.removed},${m.capacityBytes},${m.trigger},${m.scanFrac},${fl.passes},${fl.position},${fl.state},${hoverPage},${selPage}`;
      if (sig === drawn && !fr.reset) return;
      drawn = sig;
      drawMob(canvasRef.current, width, height, f, areas.current, hoverRef.current, selPage, terms.pagePrefix);
    };
    const unsub = frames.subscribe((f) => {
      areas.current.learn(f, inserts);
      draw(f);
    });
    const f = frames.latest();
    if (f) {
      areas.current.learn(f, inserts);
      draw(f);
    }
    return unsub;
  }, [frames, width, height, hoverRef, selectedRef, description, terms]);

  // Redraw on hover / selection changes between frames (e.g. while paused).
  useEffect(() => {
    const f = latest();
    if (f) drawMob(canvasRef.current, width, height, f, areas.current, hover, highlightPage(selected), terms.pagePrefix);
  }, [hover, selected, frames, width, height, description, terms]);

  const x1 = useMemo(() => d3.scaleLinear().domain([0, (frame?.mob.capacityBytes ?? 1) / 1048576]).range([ML, ML + plotW]), [frame?.mob.capacityBytes, plotW]);
  const zoomBytes = frame ? ZOOM_WINDOWS * frame.mob.scanFrac * frame.mob.capacityBytes : 1;
  const x2 = useMemo(() => d3.scaleLinear().domain([0, zoomBytes / 1024]).range([ML, ML + plotW]), [zoomBytes, plotW]);

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const f = latest();
    if (!f) return;
    const layout = layoutOf(f);
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    let chunk = -1;
    let batchIndex = -1;
    if (y >= S1_Y - 8 && y <= S1_Y + S1_H) {
      chunk = chunkAt(layout, ((x - ML) / plotW) * f.mob.capacityBytes);
    } else if (y >= S2_Y && y <= S2_Y + S2_H) {
      chunk = chunkAt(layout, ((x - ML) / plotW) * ZOOM_WINDOWS * f.mob.scanFrac * f.mob.capacityBytes);
    } else if (y >= B_Y && y <= B_Y + B_H && f.flusher.batch.length > 0) {
      const cw = batchCellWidth(plotW, f.flusher.batch.length);
      const i = Math.floor((x - ML) / cw);
      if (i >= 0 && i < f.flusher.batch.length) batchIndex = i;
    }
    const page = chunk >= 0 ? f.mob.chunkPage[chunk] : batchIndex >= 0 ? f.flusher.batch[batchIndex] : -1;
    if (page < 0) setHover(null);
    else setHover({ x, y, chunk, page, batchIndex });
  };

  const onClick = () => {
    const f = latest();
    if (!f || !hover) return;
    if (hover.chunk >= 0) select({ kind: 'chunk', logIndex: f.mob.chunkLogIndex[hover.chunk], page: hover.page });
    else select({ kind: 'page', id: hover.page });
  };

  const m = frame?.mob;
  const fl = frame?.flusher;
  // Both from the engine's state now, so play, seek and a permalink agree (one truth per moment).
  const absorption = fl ? perPageWrite(m!.inserted, fl.pagesWritten) : NaN;
  const installedPerWrite = fl ? perPageWrite(fl.installed, fl.pagesWritten) : NaN;
  const tip = hover && frame ? tooltip(frame, hover, terms) : null;
  const note = tick && extras.note ? extras.note(tick, description) : null;

  return (
    <div className="sl-view" data-view="mob">
      <div className="sl-head">
        <h3 className="sl-title">{terms.title}</h3>
        {m && (
          <>
            <span className="sl-stat">
              fill <b>{fmtMB(m.usedBytes)}</b> / {fmtMB(m.capacityBytes)} MB (<b>{fmtPct(m.usedBytes / m.capacityBytes)}</b>)
            </span>
            <span className="sl-stat" title={`Modifications committed into the ${terms.buffer} since the start`}>
              inserted <b>{m.inserted.toLocaleString()}</b>
            </span>
            <span className="sl-stat" title="Modifications overwritten by a newer version of the same object before being written: write absorption">
              absorbed (superseded) <b>{m.superseded.toLocaleString()}</b>
            </span>
            <span className="sl-stat" title={`Modifications installed on disk by ${terms.page} writes`}>
              written <b>{m.removed.toLocaleString()}</b>
            </span>
            <span
              className="sl-stat"
              data-testid="mob-absorption"
              title={`Write absorption as Ghemawat's thesis measures it (${terms.absorptionSource}): modifications committed per ${terms.page} write, since 0 s (the results give it over the measured window). Superseded modifications count: the ${terms.buffer} absorbed them`}
            >
              absorption since 0 s ({terms.absorptionSource}) <b>{Number.isFinite(absorption) ? absorption.toFixed(1) : '–'}</b>
              <span className="sl-muted"> / {terms.page} write</span>
            </span>
            <span className="sl-stat" data-testid="mob-installed-per-write" title={`Modifications a ${terms.page} write installs, since 0 s: the latest version of each object on the ${terms.page} that the ${terms.buffer} holds`}>
              installed since 0 s <b>{Number.isFinite(installedPerWrite) ? installedPerWrite.toFixed(1) : '–'}</b>
              <span className="sl-muted"> / {terms.page} write ({fl!.pagesWritten.toLocaleString()} writes)</span>
            </span>
            <button
              type="button"
              className="sl-btn sl-focus"
              onClick={() => select({ kind: 'flusher' })}
              title="Inspect the flusher"
            >
              {/* `passes` counts finished passes: the one under way is the next (as the strip's caption says). */}
              flusher: {fl?.state}, {fl && (fl.state === 'idle' ? `${fl.passes} passes done` : `pass ${fl.passes + 1}`)}
            </button>
            {note && (
              <span className="sl-stat" data-testid="mob-note" title={note.long}>
                {note.short}
              </span>
            )}
          </>
        )}
      </div>
      <div className="sl-plot" ref={plotRef} style={{ flex: '0 0 auto', height: MIN_HEIGHT, minHeight: MIN_HEIGHT }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${terms.buffer} scan list: chunks of modifications in log order, oldest at left, coloured by ${terms.areas}, with the ${m ? `${Math.round(m.trigger * 100)}% ` : ''}trigger line and the flusher's scan window`}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
          onClick={onClick}
          style={{ cursor: hover ? 'pointer' : 'default' }}
        />
        {frame && m && width > 0 && (
          <svg className="sl-overlay" width={width} height={height} aria-hidden="true" style={{ pointerEvents: 'none' }}>
            <text x={ML} y={14} className="sl-axis-label">
              {fit(plotW, 'Scan list in log order (oldest → newest); width = bytes of live modifications', 'Scan list, oldest → newest')}
            </text>
            <TriggerLabel x={ML + plotW * m.trigger} plotRight={ML + plotW} label={`${Math.round(m.trigger * 100)}% trigger`} />
            <Axis scale={x1} orient="bottom" y={S1_Y + S1_H + 2} ticks={Math.max(2, Math.floor(plotW / 70))} format={(v) => `${v}`} deps={x1.domain()} />
            <text x={ML + plotW} y={S1_Y + S1_H + 30} textAnchor="end" className="sl-axis-label">
              MB from the head of the log
            </text>
            <text x={ML} y={S2_Y - 8} className="sl-axis-label">
              {fit(
                plotW,
                `Oldest ${fmtPct(ZOOM_WINDOWS * m.scanFrac, 0)} magnified ×${Math.round(1 / (ZOOM_WINDOWS * m.scanFrac))}; shaded: the flusher's scan window (oldest ${fmtPct(m.scanFrac, 0)} = ${((m.scanFrac * m.capacityBytes) / 1024).toFixed(0)} KB)`,
                `Oldest ${fmtPct(ZOOM_WINDOWS * m.scanFrac, 0)} ×${Math.round(1 / (ZOOM_WINDOWS * m.scanFrac))}; shaded: scan window`,
              )}
            </text>
            <Axis scale={x2} orient="bottom" y={S2_Y + S2_H + 2} ticks={Math.max(2, Math.floor(plotW / 70))} format={(v) => `${v}`} deps={x2.domain()} />
            <text x={ML + plotW} y={S2_Y + S2_H + 30} textAnchor="end" className="sl-axis-label">
              KB from the head of the log
            </text>
            <text x={ML} y={B_Y - 8} className="sl-axis-label">
              {fl && fl.batch.length > 0
                ? fit(
                    plotW,
                    `Flusher pass ${fl.passes + 1}: ${fl.batch.length} ${terms.page}${fl.batch.length === 1 ? '' : 's'} in disk-address order; ${terms.page} ${fl.page} ${fl.state === 'reading' ? 'being read (installation read)' : fl.state === 'writing' ? 'modified and being written' : ''}`,
                    `Flusher pass ${fl.passes + 1}: ${fl.batch.length} ${terms.page}s; ${terms.page} ${fl.page} ${fl.state}`,
                  )
                : fit(plotW, `Flusher idle (${fl?.passes ?? 0} passes); it starts when the ${terms.buffer} reaches ${Math.round(m.trigger * 100)}%`, `Flusher idle; starts at ${Math.round(m.trigger * 100)}%`)}
            </text>
          </svg>
        )}
        {!frame && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
        {tip && hover && (
          <div className="sl-tooltip" style={{ left: Math.min(hover.x + 12, Math.max(0, width - 230)), top: hover.y + 14 }}>
            {tip}
          </div>
        )}
      </div>
      <div className="sl-legend" aria-label="Legend">
        {areaNames(description).area.map((n, i) => (
          <span key={n}>
            <i className="sl-swatch" style={{ background: areaNames(description).areaColour[i] }} /> {n} modifications
          </span>
        ))}
        <span>
          <i className="sl-swatch" style={{ background: HOLE }} /> hole (chunk emptied by absorption or a write)
        </span>
        <span>
          <i className="sl-swatch" style={{ background: '#111' }} /> {terms.page}s of the flusher&apos;s pass
        </span>
        {note ? (
          <span className="sl-muted" style={{ whiteSpace: 'normal' }}>
            {note.long}
          </span>
        ) : (
          <span>
            <i className="sl-swatch" style={{ background: REQUEST_PALETTE['installation read'] }} /> reading
          </span>
        )}
        <span>
          <i className="sl-swatch" style={{ background: REQUEST_PALETTE['page write'] }} /> writing
        </span>
        <span className="sl-muted">Hover a chunk to see all chunks of its {terms.page}{inspectable ? '; click to inspect' : ''}.</span>
      </div>
    </div>
  );
});

function TriggerLabel({ x, plotRight, label }: { x: number; plotRight: number; label: string }) {
  // Keep the label inside the plot: anchor it to the left of the line when near the right edge.
  const anchor = x + 70 > plotRight ? 'end' : 'start';
  return (
    <text x={anchor === 'end' ? x - 4 : x + 4} y={S1_Y - 12} textAnchor={anchor} fill="#b00020" style={{ fill: '#b00020', fontWeight: 600 }}>
      {label}
    </text>
  );
}

function highlightPage(sel: ViewProps['selected']): number {
  if (!sel) return -1;
  if (sel.kind === 'page') return sel.id;
  if (sel.kind === 'chunk') return sel.page;
  return -1;
}

function tooltip(f: BufferFrame, h: Hover, terms: MobTerms) {
  const m = f.mob;
  const pending = pendingByPage(m).get(h.page) ?? 0;
  let chunks = 0;
  for (let i = 0; i < m.chunkPage.length; i++) if (m.chunkPage[i] === h.page && m.chunkCount[i] > 0) chunks++;
  const batchPos = Array.prototype.indexOf.call(f.flusher.batch, h.page) as number;
  return (
    <>
      <div>
        <b>
          {terms.page} {h.page}
        </b>
        {h.chunk >= 0 ? `, ${f.names.areaName(m.chunkArea[h.chunk])}` : ''}
      </div>
      {h.chunk >= 0 && (
        <div>
          chunk at log index {m.chunkLogIndex[h.chunk]}: {m.chunkCount[h.chunk]} modification{m.chunkCount[h.chunk] === 1 ? '' : 's'}
        </div>
      )}
      <div>
        {terms.page} total: {pending} pending in {chunks} chunk{chunks === 1 ? '' : 's'}
      </div>
      {batchPos >= 0 && <div>in the flusher&apos;s pass at position {batchPos + 1} of {f.flusher.batch.length}</div>}
    </>
  );
}

