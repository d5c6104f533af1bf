// The server cache (thesis §2.9): pages from most to least recently used, pinned and
// being-read frames marked, coloured by area, with hit / miss counters from the trace. Under PAGE
// (page shipping, §5.1) all of the server's memory: whole clean and dirty pages, each dirty one
// showing how little of it is modified, with the dirty pages' share of modified data.
import { useEffect, useRef, useState } from 'react';
import { kindIds } from '../../views/lib/describe';
import { mobFrame, mobNames, type CacheSnapshot, type MobNames } from './mobFrame';
import type { ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { sharedPageAreas } from '../../views/lib/mob/pages';
import { fmtBytes, fmtPct } from '../../views/lib/format';
import { cellLabel, drawCache, GRID_TOP } from './cacheDraw';
import { dirtyPages, objectBytesOf, PAGE_COLOURS } from './pageShipping';
import { DirtyPagesSummary } from './DirtyPages';
import '../../views/views.css';

const MAX_CELLS = 1024;
/** Largest and smallest cell side (px). */
const CELL = 26;
const MIN_CELL = 10;
const PAD = 8;

/** The largest cell side that fits `cap` cells in a width × height box, or MIN_CELL (the box then
 * scrolls). */
export function fitCell(cap: number, width: number, height: number): number {
  for (let cell = CELL; cell > MIN_CELL; cell--) {
    const perRow = Math.max(1, Math.floor(width / cell));
    if (Math.ceil(cap / perRow) * cell <= height) return cell;
  }
  return MIN_CELL;
}

export default function CacheView({ frames, select, selected, description, inspectable, scenario }: ViewProps) {
  const f = useFrameTick(frames, 200);
  const kinds = kindIds(description, ['mob_insert', 'cache_hit', 'cache_miss']);
  const areas = useRef(sharedPageAreas(frames));
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);

  useEffect(() => frames.subscribe((fr) => areas.current.learn(fr, kinds.mob_insert)), [frames, areas, kinds.mob_insert]);

  // The engine's own counts: at fast-forward not every record reaches the app.
  const hits = f ? f.traceCounts[kinds.cache_hit] : 0;
  const misses = f ? f.traceCounts[kinds.cache_miss] : 0;
  const mf = f ? mobFrame(f, description) : undefined;
  const c = mf?.cache;
  const opp = mf?.objectsPerPage ?? 0;
  const page = c?.architecture === 'page';
  const names = mobNames(description);
  const cap = Math.min(MAX_CELLS, c?.capacityPages ?? 0);
  const cell = fitCell(cap, width - 2 * PAD, height - 2 * PAD - GRID_TOP);
  const perRow = Math.max(1, Math.floor((width - 2 * PAD) / cell));
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
  const marks = useLatest({ hover: hover?.i ?? -1, focus: focused ? focus : -1, selPage, perRow, cell, cap });

  // Draw on every frame tick the component renders, and on hover / focus / selection changes.
  useEffect(() => {
    const cur = frames.latest();
    if (!cur || width <= 0) return;
    const mf = mobFrame(cur, description);
    drawCache(canvasRef.current, gridW, gridH, mf.cache, names, areas.current, mf.objectsPerPage, marks.current);
  });

  const cellAt = (x: number, y: number): number => {
    if (x < 0 || y < GRID_TOP) return -1;
    const col = Math.floor(x / cell);
    const row = Math.floor((y - GRID_TOP) / cell);
    if (col >= perRow) return -1;
    const i = row * perRow + col;
    return c && i < Math.min(cap, c.pages.length) ? i : -1;
  };
  const labelOf = (i: number): string => (c && i >= 0 && i < c.pages.length ? cellLabel(c, i, areas.current, names, opp) : '');
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
  // Wrapped within the grid: a narrow panel (the lab's cache column) clips what passes its edge.
  const tipW = Math.min(230, gridW);
  const tipPos = hover
    ? { x: hover.x, y: hover.y }
    : { x: (focusIndex % perRow) * cell + cell / 2, y: GRID_TOP + Math.floor(focusIndex / perRow) * cell + cell / 2 };

  if (c?.layout === 'write_optimized') return <FragmentCache c={c} hits={hits} misses={misses} />;

  return (
    <div className="sl-view" data-view="cache">
      <div className="sl-head">
        <h3 className="sl-title">{page ? 'Server cache (PAGE: all memory, LRU)' : 'Server cache (LRU)'}</h3>
        {c && (
          <>
            <span className="sl-stat">
              <b>{c.pages.length.toLocaleString()}</b> / {c.capacityPages.toLocaleString()} pages
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
            {c.capacityPages > cap && (
              <span className="sl-stat sl-muted" data-testid="cache-grid-limit">
                {`grid: the ${cap.toLocaleString()} most recently used of ${c.capacityPages.toLocaleString()} frames`}
              </span>
            )}
          </>
        )}
      </div>
      {page && c && <DirtyPagesSummary d={dirtyPages(c, opp, objectBytesOf(scenario))} capacityBytes={c.capacityBytes} />}
      <div className="sl-scroll" ref={box} style={{ position: 'relative', padding: PAD }}>
        {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
        {c && width > 0 && (
          <div
            className="sl-focus"
            role="application"
            aria-roledescription="page grid"
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
              <div className="sl-tooltip" style={{ left: Math.max(0, Math.min(tipPos.x + 12, gridW - tipW)), top: tipPos.y + 14, maxWidth: tipW, whiteSpace: 'normal' }}>
                {tipLabel}
              </div>
            )}
          </div>
        )}
      </div>
      <Legend names={names} architecture={c?.architecture} inspectable={inspectable} />
    </div>
  );
}

const SWATCH_PINNED = { background: '#fff', border: '2px solid #111' };
const SWATCH_READING = { background: '#eee', border: '1px dashed #333' };

/** The grid's colours and marks: PAGE's clean and dirty pages, or the areas and the flusher's
 * dirty page. */
function Legend({ names, architecture, inspectable }: { names: MobNames; architecture?: string; inspectable: boolean }) {
  const hint = (
    <span className="sl-muted" style={{ whiteSpace: 'normal' }}>
      Hover a page (or use the arrow keys) to see it{inspectable ? '; click to inspect' : ''}.
    </span>
  );
  if (architecture === 'page')
    return (
      <div className="sl-legend">
        <span>
          <i className="sl-swatch" style={{ background: PAGE_COLOURS.clean }} /> clean page
        </span>
        <span title="A dirty page is held whole, though only some of its objects are modified">
          <i className="sl-swatch" style={{ background: PAGE_COLOURS.held }} /> dirty page, held whole
        </span>
        <span title="Filled from the bottom of a dirty page's square: the share of its objects that are modified">
          <i className="sl-swatch" style={{ background: `linear-gradient(0deg, ${PAGE_COLOURS.modified} 35%, ${PAGE_COLOURS.held} 35%)` }} /> its modified objects
        </span>
        <span title="Evicting a dirty page writes it first; the fetch or commit that needed the frame waits">
          <i className="sl-swatch" style={SWATCH_PINNED} /> being written, then evicted
        </span>
        <span>
          <i className="sl-swatch" style={SWATCH_READING} /> being read
        </span>
        {hint}
      </div>
    );
  return (
    <div className="sl-legend">
      {names.area.map((n, i) => (
        <span key={n}>
          <i className="sl-swatch" style={{ background: names.areaColour[i] }} /> {n}
        </span>
      ))}
      <span>
        <i className="sl-swatch" style={{ background: '#bdbdbd' }} /> area not yet known
      </span>
      <span>
        <i className="sl-swatch" style={SWATCH_PINNED} /> pinned
      </span>
      <span>
        <i className="sl-swatch" style={SWATCH_READING} /> being read
      </span>
      <span title="The flusher installed modifications into the page; its write to disk is under way.">
        <i className="sl-swatch" style={{ background: 'linear-gradient(225deg, #111 30%, #fff 30%)', border: '2px solid #111' }} /> dirty (being written)
      </span>
      {architecture === 'freemob' && (
        <span className="sl-muted" style={{ whiteSpace: 'normal' }} data-testid="cache-freemob">
          FREEMOB: the flusher installs a page not cached here from its own buffer, with no disk read and no frame (§5.3).
        </span>
      )}
      {hint}
    </div>
  );
}

const SR_ONLY: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/** Under the write-optimized layout the cache holds page headers and fragments, not pages
 * (§3.2.2): how much of each, with a header evicted only for another header. */
function FragmentCache({ c, hits, misses }: { c: CacheSnapshot; hits: number; misses: number }) {
  const share = (b: number) => `${(100 * b) / Math.max(1, c.capacityBytes)}%`;
  return (
    <div className="sl-view" data-view="cache">
      <div className="sl-head">
        <h3 className="sl-title">Server cache (headers and fragments)</h3>
        <span className="sl-stat" data-testid="cache-headers">
          headers <b>{fmtBytes(c.headerBytes)}</b>
        </span>
        <span className="sl-stat">
          fragments <b>{fmtBytes(c.fragmentBytes)}</b> of {fmtBytes(c.capacityBytes)}
        </span>
        <span className="sl-stat" title="Fetches answered from server memory (cache or MOB) since the start">
          hit ratio <b>{hits + misses ? fmtPct(hits / (hits + misses)) : '–'}</b>
        </span>
      </div>
      <div style={{ padding: PAD }}>
        <div
          className="wo-cache-bar"
          role="img"
          aria-label={`Cache bytes: page headers ${fmtBytes(c.headerBytes)}, fragments ${fmtBytes(c.fragmentBytes)}, of ${fmtBytes(c.capacityBytes)}`}
          style={{ display: 'flex', height: 18, border: '1px solid #bbb', background: '#f0f0f0' }}
        >
          <i style={{ width: share(c.headerBytes), background: '#6a51a3' }} />
          <i style={{ width: share(c.fragmentBytes), background: '#238b45' }} />
        </div>
        <p className="sl-legend">
          <span>
            <i className="sl-swatch" style={{ background: '#6a51a3' }} /> page headers
          </span>
          <span>
            <i className="sl-swatch" style={{ background: '#238b45' }} /> fragments
          </span>
        </p>
        <p className="sl-muted">
          Under the write-optimized layout a page&apos;s objects lie in several fragments across the disk, so the cache keeps headers and
          fragments apart: a header leaves only to make room for another header, a fragment for either (§3.2.2). A fetch reads the page&apos;s
          header with its newest fragment, then the fragment holding the object.
        </p>
      </div>
    </div>
  );
}
