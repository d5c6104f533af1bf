// The server cache (thesis §2.9): pages from most to least recently used, pinned and
// being-read frames marked, coloured by area, with hit / miss counters from the trace.
import { useEffect, useRef, useState } from 'react';
import type { CacheSnapshot } from '../engine/types';
import { RecordKind } from '../engine/types';
import { AREA_COLOURS, AREA_NAMES, type ViewProps } from './contract';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from './lib/hooks';
import { PageAreas } from './lib/pages';
import { fmtPct } from './lib/format';
import './views.css';

const MAX_CELLS = 1024;
const CELL = 26;
const GRID_TOP = 16;

export default function CacheView({ frames, select, selected }: ViewProps) {
  const f = useFrameTick(frames, 120);
  const counts = useRef({ hits: 0, misses: 0 });
  const areas = useRef(new PageAreas());
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);

  useEffect(
    () =>
      frames.subscribe((fr) => {
        if (fr.reset) counts.current = { hits: 0, misses: 0 };
        areas.current.learn(fr);
        const k = fr.trace.kind;
        for (let i = 0; i < k.length; i++) {
          if (k[i] === RecordKind.CacheHit) counts.current.hits++;
          else if (k[i] === RecordKind.CacheMiss) counts.current.misses++;
        }
      }),
    [frames],
  );

  const { hits, misses } = counts.current;
  const c = f?.cache;
  const cap = Math.min(MAX_CELLS, c?.capacityPages ?? 0);
  const cell = CELL;
  const perRow = Math.max(1, Math.floor((width - 16) / cell));
  const rows = Math.ceil(cap / perRow);
  const selPage = selected?.kind === 'page' ? selected.id : -1;
  // The grid is one canvas (1,024 SVG cells with titles cost a full React commit every tick); the
  // cells stay reachable by pointer (hit test), by keyboard (the focusable grid: arrows move, Enter
  // or Space inspects) and keep their descriptions in one tooltip / live label.
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<{ i: number; x: number; y: number } | null>(null);
  const [focus, setFocus] = useState(-1);
  const [focused, setFocused] = useState(false);
  const gridW = perRow * cell;
  const gridH = rows * cell + GRID_TOP;
  const marks = useLatest({ hover: hover?.i ?? -1, focus: focused ? focus : -1, selPage, perRow, cap });

  // Draw on every frame tick the component renders, and on hover / focus / selection changes.
  useEffect(() => {
    const cur = frames.latest();
    if (!cur || width <= 0) return;
    const mk = marks.current;
    drawCache(canvasRef.current, gridW, gridH, cur.cache, mk.cap, mk.perRow, areas.current, mk.selPage, mk.hover, mk.focus);
  });

  const cellAt = (x: number, y: number): number => {
    if (x < 0 || y < GRID_TOP) return -1;
    const col = Math.floor(x / cell);
    const row = Math.floor((y - GRID_TOP) / cell);
    if (col >= perRow) return -1;
    const i = row * perRow + col;
    return c && i < Math.min(cap, c.pages.length) ? i : -1;
  };
  const labelOf = (i: number): string => (c && i >= 0 && i < c.pages.length ? cellLabel(c, i, areas.current) : '');
  const pick = (i: number) => {
    if (c && i >= 0 && i < c.pages.length) select({ kind: 'page', id: c.pages[i] });
  };
  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const i = cellAt(x, y);
    setHover(i < 0 ? null : { i, x, y });
  };
  const onKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const n = c ? Math.min(cap, c.pages.length) : 0;
    if (n === 0) return;
    const cur = focus < 0 || focus >= n ? 0 : focus;
    let next = cur;
    if (e.key === 'ArrowRight') next = cur + 1;
    else if (e.key === 'ArrowLeft') next = cur - 1;
    else if (e.key === 'ArrowDown') next = cur + perRow;
    else if (e.key === 'ArrowUp') next = cur - perRow;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(cur);
      return;
    } else return;
    e.preventDefault();
    setFocus(Math.max(0, Math.min(n - 1, next)));
  };
  const focusIndex = c && focused ? Math.max(0, Math.min(focus, Math.min(cap, c.pages.length) - 1)) : -1;
  const focusLabel = focusIndex >= 0 ? labelOf(focusIndex) : '';
  const tipIndex = hover ? hover.i : focusIndex;
  const tipLabel = tipIndex >= 0 ? labelOf(tipIndex) : '';
  const tipPos = hover
    ? { x: hover.x, y: hover.y }
    : { x: (focusIndex % perRow) * cell + cell / 2, y: GRID_TOP + Math.floor(focusIndex / perRow) * cell + cell / 2 };

  return (
    <div className="sl-view" data-view="cache">
      <div className="sl-head">
        <h3 className="sl-title">Server cache (LRU)</h3>
        {c && (
          <>
            <span className="sl-stat">
              <b>{c.pages.length}</b> / {c.capacityPages} pages
            </span>
            <span className="sl-stat">
              hits <b>{hits.toLocaleString()}</b>
            </span>
            <span className="sl-stat">
              misses <b>{misses.toLocaleString()}</b>
            </span>
            <span className="sl-stat" title="Fetches answered from server memory (cache or MOB) since the start">
              hit ratio <b>{hits + misses ? fmtPct(hits / (hits + misses)) : '–'}</b>
            </span>
          </>
        )}
      </div>
      <div className="sl-scroll" ref={box} style={{ position: 'relative', padding: 8 }}>
        {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
        {c && width > 0 && (
          <div
            className="sl-focus"
            role="grid"
            tabIndex={0}
            aria-label={`Cached pages, most recently used first (${c.pages.length} pages; arrow keys move, Enter inspects)${focusLabel ? `: ${focusLabel}` : ''}`}
            onKeyDown={onKey}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            style={{ position: 'relative', width: gridW, height: gridH, outlineOffset: 2 }}
          >
            <canvas
              ref={canvasRef}
              role="img"
              aria-label="Cached pages, most recently used first"
              onMouseMove={onMove}
              onMouseLeave={() => setHover(null)}
              onClick={(e) => {
                const r = e.currentTarget.getBoundingClientRect();
                pick(cellAt(e.clientX - r.left, e.clientY - r.top));
              }}
              style={{ cursor: hover ? 'pointer' : 'default', display: 'block' }}
            />
            <span role="status" aria-live="polite" style={SR_ONLY}>
              {focusLabel}
            </span>
            {tipLabel && (
              <div className="sl-tooltip" style={{ left: Math.min(tipPos.x + 12, Math.max(0, gridW - 230)), top: tipPos.y + 14 }}>
                {tipLabel}
              </div>
            )}
          </div>
        )}
      </div>
      <div className="sl-legend">
        {AREA_NAMES.map((n, i) => (
          <span key={n}>
            <i className="sl-swatch" style={{ background: AREA_COLOURS[i] }} /> {n}
          </span>
        ))}
        <span>
          <i className="sl-swatch" style={{ background: '#bdbdbd' }} /> area not yet known
        </span>
        <span>
          <i className="sl-swatch" style={{ background: '#fff', border: '2px solid #111' }} /> pinned
        </span>
        <span>
          <i className="sl-swatch" style={{ background: '#eee', border: '1px dashed #333' }} /> being read
        </span>
      </div>
    </div>
  );
}

const SR_ONLY: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

function cellLabel(c: CacheSnapshot, i: number, areas: PageAreas): string {
  const p = c.pages[i];
  const area = areas.get(p);
  const reading = !c.valid[i];
  const pinned = !!c.pinned[i];
  return `page ${p}${area !== undefined ? `, ${AREA_NAMES[area]}` : ''}, LRU position ${i + 1}${pinned ? ', pinned' : ''}${reading ? ', being read' : ''}`;
}

/** The LRU grid: one rounded square per frame of the cache, row by row, most recent first. */
function drawCache(
  canvas: HTMLCanvasElement | null,
  width: number,
  height: number,
  c: CacheSnapshot,
  cap: number,
  perRow: number,
  areas: PageAreas,
  selPage: number,
  hover: number,
  focus: number,
): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const cell = CELL;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = '#666';
  ctx.textAlign = 'left';
  ctx.fillText('most recently used → least recently used (row by row)', 0, 10);
  ctx.font = '9px system-ui, sans-serif';
  ctx.textAlign = 'center';
  const n = c.pages.length;
  for (let i = 0; i < cap; i++) {
    const x = (i % perRow) * cell;
    const y = GRID_TOP + Math.floor(i / perRow) * cell;
    if (i >= n) {
      ctx.fillStyle = '#f4f4f4';
      ctx.fillRect(x + 1, y + 1, cell - 3, cell - 3);
      ctx.strokeStyle = '#e4e4e4';
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 1.5, y + 1.5, cell - 4, cell - 4);
      continue;
    }
    const p = c.pages[i];
    const area = areas.get(p);
    const reading = !c.valid[i];
    const pinned = !!c.pinned[i];
    ctx.globalAlpha = reading ? 0.35 : 1;
    ctx.fillStyle = area === undefined ? '#bdbdbd' : AREA_COLOURS[area];
    ctx.beginPath();
    ctx.roundRect(x + 1, y + 1, cell - 3, cell - 3, 2);
    ctx.fill();
    ctx.globalAlpha = 1;
    const sel = p === selPage;
    if (sel || pinned) {
      ctx.strokeStyle = sel ? '#1f6feb' : '#111';
      ctx.lineWidth = sel ? 3 : 2;
      if (reading) ctx.setLineDash([3, 2]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (i === hover || i === focus) {
      ctx.strokeStyle = i === focus ? '#1f6feb' : '#000';
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x - 0.5, y - 0.5, cell, cell);
    }
    ctx.fillStyle = reading ? '#333' : '#fff';
    ctx.fillText(String(p), x + cell / 2 - 1, y + cell / 2 + 3);
  }
  ctx.globalAlpha = 1;
  ctx.textAlign = 'start';
}
