// The server cache (thesis §2.9): pages from most to least recently used, pinned and
// being-read frames marked, coloured by area, with hit / miss counters from the trace.
import { useEffect, useRef } from 'react';
import { RecordKind } from '../engine/types';
import { AREA_COLOURS, AREA_NAMES, type ViewProps } from './contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from './lib/hooks';
import { PageAreas } from './lib/pages';
import { fmtPct } from './lib/format';
import './views.css';

const MAX_CELLS = 1024;

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
  const cell = 26;
  const perRow = Math.max(1, Math.floor((width - 16) / cell));
  const rows = Math.ceil(cap / perRow);
  const selPage = selected?.kind === 'page' ? selected.id : -1;

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
          <svg width={perRow * cell} height={rows * cell + 16} aria-label="Cached pages, most recently used first">
            <text x={0} y={10} className="sl-axis-label" style={{ fontSize: 10, fill: '#666' }}>
              most recently used → least recently used (row by row)
            </text>
            {Array.from({ length: cap }, (_, i) => {
              const x = (i % perRow) * cell;
              const y = 16 + Math.floor(i / perRow) * cell;
              if (i >= c.pages.length)
                return <rect key={i} x={x + 1} y={y + 1} width={cell - 3} height={cell - 3} fill="#f4f4f4" stroke="#e4e4e4" />;
              const p = c.pages[i];
              const area = areas.current.get(p);
              const reading = !c.valid[i];
              const pinned = !!c.pinned[i];
              const label = `page ${p}${area !== undefined ? `, ${AREA_NAMES[area]}` : ''}, LRU position ${i + 1}${pinned ? ', pinned' : ''}${reading ? ', being read' : ''}`;
              const pick = () => select({ kind: 'page', id: p });
              return (
                <g
                  key={i}
                  transform={`translate(${x},${y})`}
                  role="button"
                  tabIndex={0}
                  aria-label={label}
                  className="sl-focus"
                  style={{ cursor: 'pointer' }}
                  onClick={pick}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      pick();
                    }
                  }}
                >
                  <title>{label}</title>
                  <rect
                    x={1}
                    y={1}
                    width={cell - 3}
                    height={cell - 3}
                    rx={2}
                    fill={area === undefined ? '#bdbdbd' : AREA_COLOURS[area]}
                    fillOpacity={reading ? 0.35 : 1}
                    stroke={p === selPage ? '#1f6feb' : pinned ? '#111' : 'none'}
                    strokeWidth={p === selPage ? 3 : 2}
                    strokeDasharray={reading ? '3,2' : undefined}
                  />
                  <text x={cell / 2 - 1} y={cell / 2 + 3} textAnchor="middle" style={{ fontSize: 9, fill: reading ? '#333' : '#fff' }}>
                    {p}
                  </text>
                </g>
              );
            })}
          </svg>
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
