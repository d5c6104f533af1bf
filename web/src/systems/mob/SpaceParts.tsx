// The disk-space view's smaller parts (SpaceView.tsx): the gauge of free regions against the
// cleaner's thresholds, and the legend of either layout.
import { useRef } from 'react';
import { useElementSize } from '../../views/lib/hooks';
import type { MobNames } from './mobFrame';
import type { SpaceSnapshot } from './spaceFrame';
import { SPACE_COLOURS as C } from './spaceDraw';

const GAUGE_H = 28;

/** Free regions as a bar on a scale of regions, with the cleaner's low-water mark (it runs below
 * it) and high-water mark (it frees regions up to it). */
export function Thresholds({ s }: { s: SpaceSnapshot }) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const max = Math.max(2 * s.highWater, s.freeRegions, 1);
  const x = (v: number) => 6 + (Math.min(v, max) / max) * Math.max(1, width - 12);
  const label = `${s.freeRegions} free regions; the cleaner runs when fewer than ${s.lowWater} are free and frees regions up to ${s.highWater}`;
  const mark = (v: number, colour: string, text: string, anchor: 'start' | 'end') => (
    <g>
      <rect x={x(v) - 1} y={0} width={2} height={16} fill={colour} />
      <text x={anchor === 'start' ? x(v) + 3 : x(v) - 3} y={GAUGE_H - 2} textAnchor={anchor} style={{ fill: colour, fontWeight: 600 }}>
        {text}
      </text>
    </g>
  );
  return (
    <div data-testid="space-thresholds" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0 10px' }}>
      <div>
        Free regions <b data-testid="space-free-count">{s.freeRegions}</b> of {s.fill.length}
        <span className="sl-muted">; the cleaner runs below</span> <b>{s.lowWater}</b> <span className="sl-muted">and frees up to</span> <b>{s.highWater}</b>
      </div>
      <div ref={ref} style={{ flex: '1 1 160px', minWidth: 0 }}>
        {width > 0 && (
          <svg width={width} height={GAUGE_H} role="img" aria-label={label} className="sl-overlay" style={{ position: 'static', display: 'block' }}>
            <rect x={x(0)} y={3} width={x(max) - x(0)} height={10} fill={C.empty} />
            <rect x={x(0)} y={3} width={x(s.freeRegions) - x(0)} height={10} fill={s.freeRegions < s.lowWater ? C.victim : '#525252'} />
            {mark(s.lowWater, C.victim, `low ${s.lowWater}`, 'end')}
            {mark(s.highWater, C.output, `high ${s.highWater}`, 'start')}
          </svg>
        )}
      </div>
    </div>
  );
}

const swatch = (style: React.CSSProperties) => <i className="sl-swatch" style={style} />;

/** What the colours and marks mean, under the layout the run uses. */
export function SpaceLegend({ inRegions, inspectable, names }: { inRegions: boolean; inspectable: boolean; names: MobNames }) {
  const click = inspectable ? '; click to inspect' : '';
  if (!inRegions)
    return (
      <div className="sl-legend" aria-label="Legend">
        <span>{swatch({ background: C.home })} page homes (page × page size)</span>
        {names.request.map((n, i) => (
          <span key={n}>
            {swatch({ background: names.requestColour[i] })} {n} of the page
          </span>
        ))}
        <span>{swatch({ background: C.lit, height: 5 })} pages of the flusher&apos;s pass</span>
        <span className="sl-muted" style={{ whiteSpace: 'normal' }}>
          Hover a page (or use the arrow keys) to see its home{click}.
        </span>
      </div>
    );
  return (
    <div className="sl-legend" aria-label="Legend">
      <span>{swatch({ background: C.live })} live bytes</span>
      <span>{swatch({ background: C.dead })} dead (superseded)</span>
      <span>{swatch({ background: C.empty })} empty</span>
      <span>{swatch({ background: '#fff', border: `1px solid ${C.freeEdge}` })} free</span>
      <span>{swatch({ background: '#fff', border: `2px solid ${C.writing}` })} being written</span>
      <span>{swatch({ background: C.victim, height: 4 })} cleaned (latest run)</span>
      <span>{swatch({ background: C.output, height: 4 })} its output</span>
      <span>{swatch({ background: `linear-gradient(90deg, ${C.header} 30%, ${C.live} 30%)` })} page header</span>
      <span>{swatch({ background: '#fff', border: `2px solid ${C.lit}` })} lit page</span>
      <span className="sl-muted" style={{ whiteSpace: 'normal' }}>
        Hover or pick a region to magnify it, a fragment or a home to light its page&apos;s fragments{click}.
      </span>
    </div>
  );
}
