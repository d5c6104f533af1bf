// A grid of the disk-space view (SpaceView.tsx), the regions' or the pages', inside the view's
// scroll box: the canvas its painter draws, reachable by pointer (a hit test) and by keyboard
// (arrows, Home, End; Enter or Space picks), with the hovered or focused cell's words in a tooltip
// and a live label.
import { useState, type RefObject } from 'react';
import { cellAt, gridStep, indexAt, type Grid } from './spaceLayout';

export const SR_ONLY: React.CSSProperties = { position: 'absolute', left: 0, top: 0, width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/** A tooltip's place by the point (x, y) in a box `boxWidth` wide: below it, or above it near the
 * box's bottom, so it is not cut off there. */
export function tipStyle(at: { x: number; y: number }, boxWidth: number, above: boolean): React.CSSProperties {
  const left = Math.min(at.x + 12, Math.max(0, boxWidth - 260));
  return above ? { left, top: at.y - 10, transform: 'translateY(-100%)', whiteSpace: 'normal', width: 250 } : { left, top: at.y + 14, whiteSpace: 'normal', width: 250 };
}

export interface SpaceGridProps {
  grid: Grid;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The scroll box's width, for keeping the tooltip inside it. */
  boxWidth: number;
  /** What the grid is, for its accessible name, and what its canvas shows. */
  name: string;
  roleDescription: string;
  picture: string;
  testId: string;
  /** Cell i in words. */
  labelOf: (i: number) => string;
  hover: number;
  setHover: (i: number) => void;
  /** The keyboard's cell while the grid has the focus, else null; `start`, where it starts. */
  focus: number | null;
  setFocus: (i: number | null) => void;
  start: number;
  pick: (i: number) => void;
}

export function SpaceGrid(p: SpaceGridProps) {
  const { grid: g } = p;
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const onMove = (e: React.MouseEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const i = indexAt(g, x, y);
    p.setHover(i);
    setAt(i < 0 ? null : { x, y });
  };
  const onKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (g.n === 0) return;
    const cur = p.focus ?? p.start;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      p.pick(cur);
      return;
    }
    const next = gridStep(g, e.key, cur);
    if (next === undefined) return;
    e.preventDefault();
    p.setFocus(next);
  };
  const focusLabel = p.focus !== null && p.focus < g.n ? p.labelOf(p.focus) : '';
  const focusAt = p.focus !== null ? cellAt(g, p.focus) : null;
  const tip = p.hover >= 0 && at ? { ...at, text: p.labelOf(p.hover) } : focusAt ? { x: focusAt.x + g.cellW / 2, y: focusAt.y + g.lane + g.barH, text: focusLabel } : null;
  return (
    <>
      <div
        className="sl-focus"
        role="application"
        aria-roledescription={p.roleDescription}
        tabIndex={0}
        aria-label={`${p.name}${focusLabel ? `: ${focusLabel}` : ''}`}
        data-testid={p.testId}
        onKeyDown={onKey}
        onFocus={() => p.setFocus(p.focus ?? p.start)}
        onBlur={() => p.setFocus(null)}
        onMouseMove={onMove}
        onMouseLeave={() => {
          p.setHover(-1);
          setAt(null);
        }}
        onClick={() => p.hover >= 0 && p.pick(p.hover)}
        style={{ position: 'relative', width: g.width, height: g.height, cursor: p.hover >= 0 ? 'pointer' : 'default', outlineOffset: -2 }}
      >
        <canvas ref={p.canvasRef} role="img" aria-label={p.picture} style={{ display: 'block' }} />
        {tip && (
          <div className="sl-tooltip" style={tipStyle(tip, p.boxWidth, tip.y > g.height / 2)}>
            {tip.text}
          </div>
        )}
      </div>
      <span role="status" aria-live="polite" style={SR_ONLY}>
        {focusLabel}
      </span>
    </>
  );
}
