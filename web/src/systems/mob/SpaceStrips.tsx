// The strips beneath the disk-space view's regions (SpaceView.tsx): one region magnified into its
// fragments by offset, and the pages at their homes under the read-optimized layout. Each strip
// takes the pointer and the keyboard (arrows, Home, End, Page Up and Down for pages; Enter picks);
// a fragment or a page lights every fragment of its page, through the view's state.
import type { RefObject } from 'react';
import type { ViewProps } from '../../views/contract';
import type { SpaceSnapshot } from './spaceFrame';
import { fragmentAtX, pageAtX, xOf, type Strips } from './spaceLayout';
import { fragmentLabel, homeLabel } from './spaceText';
import { SR_ONLY, tipStyle } from './SpaceGrid';

/** A fragment by where it lies: its row changes from frame to frame, its place does not. */
export interface FragKey {
  region: number;
  offset: number;
}

/** Fragment `key`'s row in this frame, or -1 once it has gone. */
export function rowOf(s: SpaceSnapshot, key: FragKey | null): number {
  if (!key || key.region < 0 || key.region >= s.fill.length) return -1;
  for (let i = s.regionStart[key.region]; i < s.regionStart[key.region + 1]; i++) if (s.fragments.offset[i] === key.offset) return i;
  return -1;
}

const keyOf = (s: SpaceSnapshot, row: number): FragKey | null => (row < 0 ? null : { region: s.fragments.region[row], offset: s.fragments.offset[row] });

/** What the pointer and the keyboard are on, the view's state. */
export interface StripState {
  hoverFrag: FragKey | null;
  setHoverFrag: (k: FragKey | null) => void;
  fragFocus: FragKey | null;
  setFragFocus: (k: FragKey | null) => void;
  hoverPage: number;
  setHoverPage: (p: number) => void;
  pageFocus: number | null;
  setPageFocus: (p: number | null) => void;
  /** The pointer's place over a strip, for the tooltip. */
  at: { x: number; y: number } | null;
  setAt: (a: { x: number; y: number } | null) => void;
}

export function SpaceStrips({
  s,
  strips,
  canvasRef,
  width,
  detail,
  litPage,
  st,
  select,
  inspectable,
}: {
  s: SpaceSnapshot;
  strips: Strips;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The strips' width. */
  width: number;
  /** The magnified region. */
  detail: number;
  litPage: number;
  st: StripState;
  select: ViewProps['select'];
  inspectable: boolean;
}) {
  const f = s.fragments;
  const [lo, hi] = detail >= 0 ? [s.regionStart[detail], s.regionStart[detail + 1]] : [0, 0];
  const inRegion = (row: number) => row >= lo && row < hi;
  const hoverRow = rowOf(s, st.hoverFrag);
  const focusRow = rowOf(s, st.fragFocus);
  const pickRow = (row: number) => select({ kind: 'fragment', page: f.page[row], region: f.region[row], offset: f.offset[row] });
  const pos = (e: React.MouseEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const hint = inspectable ? '; Enter inspects' : '';

  const onRegionKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (hi <= lo) return;
    const cur = inRegion(focusRow) ? focusRow : lo;
    const next = { ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: lo, End: hi - 1 }[e.key];
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pickRow(cur);
    } else if (next !== undefined) {
      e.preventDefault();
      st.setFragFocus(keyOf(s, Math.max(lo, Math.min(hi - 1, next))));
    }
  };
  const onHomesKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (s.pages === 0) return;
    const cur = st.pageFocus ?? Math.max(0, litPage);
    const step = Math.max(1, Math.round(s.pages / 20));
    const next = { ArrowRight: cur + 1, ArrowLeft: cur - 1, PageDown: cur + step, PageUp: cur - step, Home: 0, End: s.pages - 1 }[e.key];
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select({ kind: 'page', id: cur });
    } else if (next !== undefined) {
      e.preventDefault();
      st.setPageFocus(Math.max(0, Math.min(s.pages - 1, next)));
    }
  };

  // The tooltip: what the pointer is on, else the keyboard's fragment or page.
  const tip = ((): { x: number; y: number; text: string } | null => {
    if (st.at && hoverRow >= 0) return { ...st.at, text: fragmentLabel(s, hoverRow) };
    if (st.at && st.hoverPage >= 0) return { ...st.at, text: homeLabel(s, st.hoverPage, true) };
    if (focusRow >= 0) return { x: xOf(strips.region, f.offset[focusRow]), y: strips.region.y + strips.region.h, text: fragmentLabel(s, focusRow) };
    if (st.pageFocus !== null) return { x: xOf(strips.homes, (st.pageFocus + 0.5) * s.pageBytes), y: strips.homes.y + strips.homes.h, text: homeLabel(s, st.pageFocus, true) };
    return null;
  })();
  const focusText = focusRow >= 0 ? fragmentLabel(s, focusRow) : st.pageFocus !== null ? homeLabel(s, st.pageFocus, true) : '';

  return (
    <>
      <canvas ref={canvasRef} role="img" aria-label="The magnified region's fragments by offset, and the pages at their homes under the read-optimized layout" style={{ display: 'block' }} />
      <div
        className="sl-focus"
        role="application"
        aria-roledescription="fragment strip"
        tabIndex={0}
        aria-label={`Region ${detail}'s fragments by offset (arrow keys move; a fragment lights all of its page's fragments${hint})${focusRow >= 0 ? `: ${fragmentLabel(s, focusRow)}` : ''}`}
        data-testid="space-region"
        onKeyDown={onRegionKey}
        onFocus={() => st.setFragFocus(inRegion(focusRow) ? st.fragFocus : keyOf(s, hi > lo ? lo : -1))}
        onBlur={() => st.setFragFocus(null)}
        onMouseMove={(e) => {
          const at = pos(e);
          st.setHoverFrag(keyOf(s, fragmentAtX(s, detail, strips.region, at.x)));
          st.setAt({ x: at.x, y: at.y + strips.region.y - 4 });
        }}
        onMouseLeave={() => {
          st.setHoverFrag(null);
          st.setAt(null);
        }}
        onClick={() => hoverRow >= 0 && pickRow(hoverRow)}
        style={{ position: 'absolute', left: 0, right: 0, top: strips.region.y - 4, height: strips.region.h + 8, cursor: hoverRow >= 0 ? 'pointer' : 'default' }}
      />
      <div
        className="sl-focus"
        role="application"
        aria-roledescription="page strip"
        tabIndex={0}
        aria-label={`Pages at their homes under the read-optimized layout (${s.pages}; arrow keys move, a page lights its fragments${hint})${st.pageFocus !== null ? `: ${homeLabel(s, st.pageFocus, true)}` : ''}`}
        data-testid="space-homes"
        onKeyDown={onHomesKey}
        onFocus={() => st.setPageFocus(st.pageFocus ?? Math.max(0, litPage))}
        onBlur={() => st.setPageFocus(null)}
        onMouseMove={(e) => {
          const at = pos(e);
          st.setHoverPage(pageAtX(s, strips.homes, at.x));
          st.setAt({ x: at.x, y: at.y + strips.homes.y - 6 });
        }}
        onMouseLeave={() => {
          st.setHoverPage(-1);
          st.setAt(null);
        }}
        onClick={() => st.hoverPage >= 0 && select({ kind: 'page', id: st.hoverPage })}
        style={{ position: 'absolute', left: 0, right: 0, top: strips.homes.y - 6, height: strips.homes.h + 12, cursor: st.hoverPage >= 0 ? 'pointer' : 'default' }}
      />
      {tip && (
        <div className="sl-tooltip" style={tipStyle({ x: tip.x, y: Math.min(tip.y, strips.region.y) }, width, true)}>
          {tip.text}
        </div>
      )}
      <span role="status" aria-live="polite" style={SR_ONLY}>
        {focusText}
      </span>
    </>
  );
}
