// The Modified Object Buffer (thesis §3.1.4, spec §2.7–§2.8, §8.1.1): the scan list as a log
// strip (oldest at left, each chunk as wide as its live modifications, coloured by area), the
// fill level against capacity and the 99% trigger, the flusher's scan window over the oldest 1%
// (magnified below), the pages of the current pass in disk-address order, and the write-absorption
// counters.
import { useEffect, useMemo, useRef, useState } from 'react';
import * as d3 from 'd3';
import type { Frame } from '../../engine/types';
import { REQUEST_PALETTE, type ViewProps } from '../../views/contract';
import { Axis } from '../../views/lib/Axis';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { chunkAt, layoutMob, pendingByPage, perPageWrite, type MobLayout } from './mob';
import { AreaColumns, paintAreaColumns } from './areaColumns';
import { fillRuns } from '../../views/lib/pixels';
import { fmtMB, fmtPct } from '../../views/lib/format';
import { sharedPageAreas, type PageAreas } from './pages';
import { kindIds } from '../../views/lib/describe';
import { mobFrame, mobNames, type MobFrame } from './mobFrame';
import '../../views/views.css';

const ML = 14;
const MR = 14;
// Vertical layout (CSS px).
const S1_Y = 40; // whole-MOB strip
const S1_H = 46;
const S2_Y = 138; // magnified oldest part
const S2_H = 34;
const ZOOM_WINDOWS = 4; // the magnified strip shows 4 × the scan fraction
const B_Y = 228; // flusher batch row
const B_H = 26;
const MIN_HEIGHT = B_Y + B_H + 12;
const HOLE = '#9e9e9e';
const EMPTY_FILL = '#f3f3f3';

interface Hover {
  x: number;
  y: number;
  chunk: number; // index in the scan list, or -1
  page: number;
  batchIndex: number; // or -1
}

export default function MobView({ frames, selected, select, description, inspectable }: ViewProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(plotRef);
  const tick = useFrameTick(frames, 200);
  const frame = tick && mobFrame(tick, description);
  const latest = () => {
    const l = frames.latest();
    return l && mobFrame(l, description);
  };
  const [hover, setHover] = useState<Hover | null>(null);
  const hoverRef = useLatest(hover);
  const selectedRef = useLatest(selected);
  const areas = useRef(sharedPageAreas(frames));
  const layoutRef = useRef<MobLayout | null>(null);
  const width = size.width;
  const height = Math.max(size.height, MIN_HEIGHT);
  const plotW = Math.max(10, width - ML - MR);

  // Ingest records and draw on every frame, without React.
  useEffect(() => {
    // The MOB's contents are fixed by its three running totals, the flusher by its pass and
    // position: a frame in which none of them (nor the hover or selection) changed is not redrawn.
    let drawn = '';
    const kinds = kindIds(description, ['mob_insert']);
    const draw = (fr: Frame) => {
      const f = mobFrame(fr, description);
      const m = f.mob;
      const fl = f.flusher;
      const hoverPage = hoverRef.current?.page ?? -1;
      const selPage = highlightPage(selectedRef.current);
      const sig = `${m.inserted},${m.superseded},${m.removed},${m.capacityBytes},${m.trigger},${m.scanFrac},${fl.passes},${fl.position},${fl.state},${hoverPage},${selPage}`;
      if (sig === drawn && !fr.reset && layoutRef.current) return;
      drawn = sig;
      layoutRef.current = layoutMob(m, layoutRef.current ?? undefined);
      drawMob(canvasRef.current, width, height, f, layoutRef.current, areas.current, hoverRef.current, selPage);
    };
    const unsub = frames.subscribe((f) => {
      areas.current.learn(f, kinds.mob_insert);
      draw(f);
    });
    const f = frames.latest();
    if (f) draw(f);
    return unsub;
  }, [frames, width, height, hoverRef, selectedRef, description]);

  // Redraw on hover / selection changes between frames (e.g. while paused).
  useEffect(() => {
    const f = latest();
    if (f && layoutRef.current) drawMob(canvasRef.current, width, height, f, layoutRef.current, areas.current, hover, highlightPage(selected));
  }, [hover, selected, frames, width, height, description]);

  const x1 = useMemo(() => d3.scaleLinear().domain([0, (frame?.mob.capacityBytes ?? 1) / 1048576]).range([ML, ML + plotW]), [frame?.mob.capacityBytes, plotW]);
  const zoomBytes = frame ? ZOOM_WINDOWS * frame.mob.scanFrac * frame.mob.capacityBytes : 1;
  const x2 = useMemo(() => d3.scaleLinear().domain([0, zoomBytes / 1024]).range([ML, ML + plotW]), [zoomBytes, plotW]);

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const f = latest();
    const layout = layoutRef.current;
    if (!f || !layout) return;
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
  const tip = hover && frame ? tooltip(frame, hover) : null;

  return (
    <div className="sl-view" data-view="mob">
      <div className="sl-head">
        <h3 className="sl-title">Modified Object Buffer</h3>
        {m && (
          <>
            <span className="sl-stat">
              fill <b>{fmtMB(m.usedBytes)}</b> / {fmtMB(m.capacityBytes)} MB (<b>{fmtPct(m.usedBytes / m.capacityBytes)}</b>)
            </span>
            <span className="sl-stat" title="Modifications committed into the MOB since the start">
              inserted <b>{m.inserted.toLocaleString()}</b>
            </span>
            <span className="sl-stat" title="Modifications overwritten by a newer version of the same object before being written: write absorption">
              absorbed (superseded) <b>{m.superseded.toLocaleString()}</b>
            </span>
            <span className="sl-stat" title="Modifications installed on disk by page writes">
              written <b>{m.removed.toLocaleString()}</b>
            </span>
            <span
              className="sl-stat"
              data-testid="mob-absorption"
              title="Write absorption as the thesis measures it (Fig. 4-2): modifications committed per page write, since 0 s. Superseded modifications count: the MOB absorbed them"
            >
              absorption (Fig. 4-2) <b>{Number.isFinite(absorption) ? absorption.toFixed(1) : '–'}</b>
              <span className="sl-muted"> mods committed / page write</span>
            </span>
            <span className="sl-stat" data-testid="mob-installed-per-write" title="Modifications a page write installs, since 0 s: the latest version of each object on the page that the MOB holds">
              installed <b>{Number.isFinite(installedPerWrite) ? installedPerWrite.toFixed(1) : '–'}</b>
              <span className="sl-muted"> / page write ({fl!.pagesWritten.toLocaleString()} writes)</span>
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
          </>
        )}
      </div>
      <div className="sl-plot" ref={plotRef} style={{ flex: '0 0 auto', height: MIN_HEIGHT, minHeight: MIN_HEIGHT }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="MOB scan list: chunks of modifications in log order, oldest at left, coloured by area, with the 99% trigger line and the flusher's scan window"
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
                    `Flusher pass ${fl.passes + 1}: ${fl.batch.length} page${fl.batch.length === 1 ? '' : 's'} in disk-address order; page ${fl.page} ${fl.state === 'reading' ? 'being read (installation read)' : fl.state === 'writing' ? 'modified and being written' : ''}`,
                    `Flusher pass ${fl.passes + 1}: ${fl.batch.length} pages; page ${fl.page} ${fl.state}`,
                  )
                : fit(plotW, `Flusher idle (${fl?.passes ?? 0} passes); it starts when the MOB reaches ${Math.round(m.trigger * 100)}%`, `Flusher idle; starts at ${Math.round(m.trigger * 100)}%`)}
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
        {mobNames(description).area.map((n, i) => (
          <span key={n}>
            <i className="sl-swatch" style={{ background: mobNames(description).areaColour[i] }} /> {n} modifications
          </span>
        ))}
        <span>
          <i className="sl-swatch" style={{ background: HOLE }} /> hole (chunk emptied by absorption or a write)
        </span>
        <span>
          <i className="sl-swatch" style={{ background: '#111' }} /> pages of the flusher&apos;s pass
        </span>
        <span>
          <i className="sl-swatch" style={{ background: REQUEST_PALETTE['installation read'] }} /> reading
        </span>
        <span>
          <i className="sl-swatch" style={{ background: REQUEST_PALETTE['page write'] }} /> writing
        </span>
        <span className="sl-muted">Hover a chunk to see all chunks of its page{inspectable ? '; click to inspect' : ''}.</span>
      </div>
    </div>
  );
}

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

function batchCellWidth(plotW: number, n: number): number {
  return Math.max(2, Math.min(64, plotW / Math.max(1, n)));
}

function tooltip(f: MobFrame, h: Hover) {
  const m = f.mob;
  const pending = pendingByPage(m).get(h.page) ?? 0;
  let chunks = 0;
  for (let i = 0; i < m.chunkPage.length; i++) if (m.chunkPage[i] === h.page && m.chunkCount[i] > 0) chunks++;
  const batchPos = Array.prototype.indexOf.call(f.flusher.batch, h.page) as number;
  return (
    <>
      <div>
        <b>page {h.page}</b>
        {h.chunk >= 0 ? `, ${f.names.areaName(m.chunkArea[h.chunk])}` : ''}
      </div>
      {h.chunk >= 0 && (
        <div>
          chunk at log index {m.chunkLogIndex[h.chunk]}: {m.chunkCount[h.chunk]} modification{m.chunkCount[h.chunk] === 1 ? '' : 's'}
        </div>
      )}
      <div>
        page total: {pending} pending in {chunks} chunk{chunks === 1 ? '' : 's'}
      </div>
      {batchPos >= 0 && <div>in the flusher&apos;s pass at position {batchPos + 1} of {f.flusher.batch.length}</div>}
    </>
  );
}

/** Draw the strips and the batch row. Pure canvas work; O(chunks + width). */
function drawMob(
  canvas: HTMLCanvasElement | null,
  width: number,
  height: number,
  f: MobFrame,
  layout: MobLayout,
  areas: PageAreas,
  hover: Hover | null,
  selectedPage: number,
): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const m = f.mob;
  const plotW = Math.max(10, width - ML - MR);
  const cap = Math.max(1, m.capacityBytes);
  const n = m.chunkCount.length;
  const batch = f.flusher.batch;
  // Pages of the flusher's pass as a flat mask: it is looked up once per chunk.
  const inBatch = new Uint8Array(batch.length > 0 ? f.pages : 0);
  for (const p of batch) if (p < inBatch.length) inBatch[p] = 1;
  const hoverPage = hover ? hover.page : -1;

  // ---- strip 1: the whole MOB, aggregated per device-pixel column by area ----
  const dpr = window.devicePixelRatio || 1;
  const cols = new AreaColumns(Math.max(1, Math.floor(plotW * dpr)));
  const holes = new Uint8Array(cols.cols);
  const marks = new Uint8Array(cols.cols); // 1 = batch page, 2 = hovered / selected page
  const colPerByte = cols.cols / cap;
  const pxPerByte = plotW / cap;
  const showEdges = layout.liveChunks > 0 && plotW / layout.liveChunks >= 5;
  for (let i = 0; i < n; i++) {
    const s = layout.start[i] * colPerByte;
    const z = layout.size[i] * colPerByte;
    if (z === 0) {
      holes[cols.column(s)] = 1;
      continue;
    }
    cols.add(s, z, m.chunkArea[i] % 3);
    if (showEdges) cols.edge[cols.column(s)] = 1;
    const p = m.chunkPage[i];
    const mk = p === hoverPage || p === selectedPage ? 2 : inBatch[p] === 1 ? 1 : 0;
    if (mk) for (let c = cols.column(s); c <= cols.column(s + z); c++) marks[c] = Math.max(marks[c], mk);
  }
  paintAreaColumns(ctx, cols, ML, S1_Y, S1_H, f.names.areaColour, EMPTY_FILL, dpr);
  // Holes: grey ticks above the strip.
  ctx.fillStyle = HOLE;
  fillRuns(ctx, holes, 1, ML, dpr, S1_Y - 7, 5);
  // Pages of the flusher's pass (black band at the bottom) and the hovered page (outlined).
  ctx.fillStyle = '#111';
  fillRuns(ctx, marks, 1, ML, dpr, S1_Y + S1_H - 7, 7);
  ctx.fillStyle = 'rgba(0,0,0,0.55)';
  fillRuns(ctx, marks, 2, ML, dpr, S1_Y - 2, S1_H + 4, 0.5);
  // Scan window over the oldest scanFrac of capacity.
  const scanPx = Math.max(2, Math.max(layout.scanEnd, m.scanFrac * cap) * pxPerByte);
  ctx.fillStyle = 'rgba(31,111,235,0.18)';
  ctx.fillRect(ML, S1_Y - 2, scanPx, S1_H + 4);
  ctx.strokeStyle = '#1f6feb';
  ctx.lineWidth = 1;
  ctx.strokeRect(ML + 0.5, S1_Y - 1.5, scanPx, S1_H + 3);
  // Fill level and trigger line.
  const usedX = ML + Math.min(1, m.usedBytes / cap) * plotW;
  ctx.fillStyle = '#222';
  ctx.fillRect(usedX - 0.5, S1_Y - 4, 1.5, S1_H + 8);
  const trigX = ML + m.trigger * plotW;
  ctx.strokeStyle = '#b00020';
  ctx.setLineDash([4, 3]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(trigX, S1_Y - 10);
  ctx.lineTo(trigX, S1_Y + S1_H + 4);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = '#bbb';
  ctx.lineWidth = 1;
  ctx.strokeRect(ML + 0.5, S1_Y + 0.5, plotW - 1, S1_H - 1);
  // Connector from the scan window down to the magnified strip.
  const zoomBytes = ZOOM_WINDOWS * m.scanFrac * cap;
  ctx.strokeStyle = 'rgba(31,111,235,0.5)';
  ctx.beginPath();
  ctx.moveTo(ML, S1_Y + S1_H + 24);
  ctx.lineTo(ML, S2_Y);
  ctx.moveTo(ML + Math.max(2, zoomBytes * pxPerByte), S1_Y + S1_H + 24);
  ctx.lineTo(ML + plotW, S2_Y - 2);
  ctx.stroke();

  // ---- strip 2: the oldest ZOOM_WINDOWS × scanFrac, chunk by chunk ----
  const zpx = plotW / Math.max(1, zoomBytes);
  const zcols = new AreaColumns(cols.cols);
  const zColPerByte = zcols.cols / Math.max(1, zoomBytes);
  const zHoles = new Uint8Array(zcols.cols);
  const zMarks = new Uint8Array(zcols.cols);
  const zOutlines: [number, number][] = [];
  const zLabels: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const s = layout.start[i];
    if (s > zoomBytes) break;
    if (layout.size[i] === 0) {
      zHoles[zcols.column(s * zColPerByte)] = 1;
      continue;
    }
    const zs = s * zColPerByte;
    const zz = Math.min(layout.size[i], zoomBytes - s) * zColPerByte;
    zcols.add(zs, zz, m.chunkArea[i] % 3);
    const x = ML + s * zpx;
    const w = Math.min(layout.size[i] * zpx, ML + plotW - x);
    const p = m.chunkPage[i];
    if (p === hoverPage || p === selectedPage) zOutlines.push([x, w]);
    else if (inBatch[p] === 1) for (let c = zcols.column(zs); c <= zcols.column(zs + zz); c++) zMarks[c] = 1;
    if (w >= 3) zcols.edge[zcols.column(zs)] = 1;
    if (w >= 34) zLabels.push([x, p]);
  }
  paintAreaColumns(ctx, zcols, ML, S2_Y, S2_H, f.names.areaColour, EMPTY_FILL, dpr);
  ctx.fillStyle = '#111';
  fillRuns(ctx, zMarks, 1, ML, dpr, S2_Y + S2_H - 6, 6);
  ctx.fillStyle = HOLE;
  fillRuns(ctx, zHoles, 1, ML, dpr, S2_Y - 7, 5);
  ctx.strokeStyle = '#000';
  ctx.lineWidth = 2;
  for (const [x, w] of zOutlines) ctx.strokeRect(x + 1, S2_Y + 1, Math.max(1, w - 2), S2_H - 2);
  ctx.fillStyle = '#fff';
  ctx.font = '10px system-ui, sans-serif';
  for (const [x, p] of zLabels) ctx.fillText(`p${p}`, x + 3, S2_Y + 13);
  ctx.fillStyle = 'rgba(31,111,235,0.18)';
  ctx.fillRect(ML, S2_Y - 2, Math.min(plotW, m.scanFrac * cap * zpx), S2_H + 4);
  ctx.strokeStyle = '#1f6feb';
  ctx.lineWidth = 1.5;
  ctx.strokeRect(ML + 0.5, S2_Y - 1.5, Math.min(plotW, m.scanFrac * cap * zpx), S2_H + 3);
  ctx.strokeStyle = '#bbb';
  ctx.lineWidth = 1;
  ctx.strokeRect(ML + 0.5, S2_Y + 0.5, plotW - 1, S2_H - 1);

  // ---- the flusher's batch in disk-address order ----
  const fl = f.flusher;
  if (batch.length > 0) {
    const cw = batchCellWidth(plotW, batch.length);
    ctx.font = '10px system-ui, sans-serif';
    ctx.textAlign = 'center';
    for (let i = 0; i < batch.length; i++) {
      const x = ML + i * cw;
      const p = batch[i];
      const area = areas.get(p);
      const done = i < fl.position;
      const current = i === fl.position && fl.state !== 'idle';
      ctx.globalAlpha = done ? 0.3 : 1;
      ctx.fillStyle = area === undefined ? '#999' : f.names.areaColour[area % 3];
      ctx.fillRect(x + 1, B_Y, cw - 2, B_H);
      ctx.globalAlpha = 1;
      if (current) {
        const col = fl.state === 'reading' ? REQUEST_PALETTE['installation read'] : REQUEST_PALETTE['page write'];
        ctx.strokeStyle = col;
        ctx.lineWidth = 3;
        ctx.strokeRect(x + 1.5, B_Y - 1.5, cw - 3, B_H + 3);
        ctx.fillStyle = col;
        ctx.fillRect(x + 1, B_Y + B_H + 3, cw - 2, 4);
      }
      if (p === hoverPage || p === selectedPage) {
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x + 1, B_Y, cw - 2, B_H);
      }
      if (cw >= 30) {
        ctx.fillStyle = done ? '#333' : '#fff';
        ctx.fillText(String(p), x + cw / 2, B_Y + 16);
      }
    }
    ctx.textAlign = 'start';
  } else {
    ctx.fillStyle = '#fafafa';
    ctx.fillRect(ML, B_Y, plotW, B_H);
    ctx.strokeStyle = '#e3e3e3';
    ctx.strokeRect(ML + 0.5, B_Y + 0.5, plotW - 1, B_H - 1);
  }
}

/** A caption that fits `px` pixels of 11 px text (about 6.3 px a character): `long` when it does,
 * else `short`, so a narrow panel never cuts a caption off. */
function fit(px: number, long: string, short: string): string {
  return long.length * 6.3 <= px ? long : short;
}
