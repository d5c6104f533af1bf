// The system (spec §1): clients, the network with fetch and commit messages in flight, the server
// (MOB and cache; under PAGE all of its memory a page cache holding dirty pages) and the disk.
// Messages are rebuilt from trace records (lib/messages.ts).
import { useEffect, useRef } from 'react';
import type { Frame } from '../../engine/types';
import type { ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, prepareCanvas, useElementSize, useFrameTick, useLatest } from '../../views/lib/hooks';
import { MessageTracker, networkLatencyNs, type MessageKind } from '../../views/lib/messages';
import { fmtBytes, fmtMs, fmtPct } from '../../views/lib/format';
import { mobFrame, type CacheSnapshot } from './mobFrame';
import { PAGE_COLOURS } from './pageShipping';
import '../../views/views.css';

const STATE_COLOURS = { running: '#2e7d32', fetching: '#1f6feb', committing: '#b8860b' } as const;
const MSG_COLOURS: Record<MessageKind, string> = { fetch: '#1f6feb', reply: '#6baed6', commit: '#b8860b', ack: '#e6c36a' };
const MSG_NAMES: Record<MessageKind, string> = { fetch: 'fetch request', reply: 'fetch reply', commit: 'commit', ack: 'commit reply' };

interface Geometry {
  W: number;
  H: number;
  n: number;
  serverX: number;
  sy: number;
  rowH: number;
}

const CLIENT_X = 16;
/** Wide enough for the longest label, "client 1023 · committing" at 11 px. */
const CLIENT_W = 140;
/** Below the network's label (y 12), so the first client never covers it. */
const CLIENT_TOP = 20;
const clientY = (g: Geometry, i: number) => CLIENT_TOP + g.rowH * i + g.rowH / 2;

/** The wires and the messages in flight, on a canvas under the SVG: they move every frame.
 * Returns what was drawn, as a key: a frame with the same key is not redrawn. */
function drawNetwork(canvas: HTMLCanvasElement | null, g: Geometry, tracker: MessageTracker, nowNs: number, drawn: string): string {
  const x0 = CLIENT_X + CLIENT_W;
  const dots = tracker.inFlight(nowNs).flatMap(({ m, progress }) => {
    if (m.client >= g.n) return [];
    const p = m.toServer ? progress : 1 - progress;
    const y0 = clientY(g, m.client);
    return [{ kind: m.kind, x: Math.round(x0 + p * (g.serverX - x0)), y: Math.round(y0 + p * (g.sy - y0)) }];
  });
  const key = `${g.W}x${g.H}/${g.n}:` + dots.map((d) => `${d.kind}${d.x},${d.y}`).join(';');
  if (key === drawn) return key;
  const ctx = prepareCanvas(canvas, g.W, g.H);
  if (!ctx) return '';
  ctx.strokeStyle = '#e3e3e3';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 0; i < g.n; i++) {
    ctx.moveTo(x0, clientY(g, i));
    ctx.lineTo(g.serverX, g.sy);
  }
  ctx.stroke();
  ctx.strokeStyle = '#fff';
  for (const kind of Object.keys(MSG_COLOURS) as MessageKind[]) {
    ctx.fillStyle = MSG_COLOURS[kind];
    ctx.beginPath();
    for (const d of dots) {
      if (d.kind !== kind) continue;
      ctx.moveTo(d.x + 4.5, d.y);
      ctx.arc(d.x, d.y, 4.5, 0, 2 * Math.PI);
    }
    ctx.fill();
    ctx.stroke();
  }
  return key;
}

export default function SystemDiagram({ frames, select, selected, scenario, description }: ViewProps) {
  // The SVG (clients, server, disk) re-renders at 5 Hz; the messages move every frame on a canvas.
  const frame = useFrameTick(frames, 200);
  const f = frame && mobFrame(frame, description);
  const latencyNs = networkLatencyNs(scenario);
  const tracker = useRef(new MessageTracker(description, latencyNs));
  if (tracker.current.latencyNs !== latencyNs || tracker.current.description !== description) {
    tracker.current = new MessageTracker(description, latencyNs);
  }
  const box = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width, height } = useElementSize(box);

  // Clients on the left, the disk (100 px and its labels) on the right, the server between them:
  // it takes half the room left, so at any panel width from 320 px nothing overlaps or spills.
  const W = Math.max(320, width);
  const H = Math.max(200, height);
  const n = f?.clients.length ?? 0;
  const clientX = CLIENT_X;
  const clientW = CLIENT_W;
  const diskX = W - 112;
  const between = diskX - (clientX + clientW);
  const serverW = Math.min(190, Math.max(70, between / 2));
  const serverX = clientX + clientW + (between - serverW) * 0.55;
  const rowH = n > 0 ? Math.min(34, (H - CLIENT_TOP - 10) / n) : 30;
  const geometry: Geometry = { W, H, n, serverX, sy: H / 2, rowH };
  const cy = (i: number) => clientY(geometry, i);
  const sTop = 20;
  const sH = H - 40;
  const sy = H / 2;
  const selClient = selected?.kind === 'client' ? selected.id : -1;
  const geom = useLatest(geometry);
  const hasCanvas = f !== null && width > 0;

  useEffect(() => {
    let drawn = '';
    const draw = (fr: Frame) => (drawn = drawNetwork(canvasRef.current, { ...geom.current, n: fr.sections.clients.columns.state.length }, tracker.current, fr.nowNs, drawn));
    const unsub = frames.subscribe((fr: Frame) => {
      tracker.current.ingest(fr, performance.now());
      draw(fr);
    });
    const fr = frames.latest();
    if (fr) draw(fr);
    return unsub;
  }, [frames, geom, W, H, hasCanvas]);

  return (
    <div className="sl-view" data-view="system">
      <div className="sl-head">
        <h3 className="sl-title">System</h3>
        {(Object.keys(MSG_COLOURS) as MessageKind[]).map((k) => (
          <span className="sl-stat" key={k}>
            <i className="sl-swatch" style={{ background: MSG_COLOURS[k], borderRadius: 6 }} /> {MSG_NAMES[k]}
          </span>
        ))}
        {(Object.keys(STATE_COLOURS) as (keyof typeof STATE_COLOURS)[]).map((k) => (
          <span className="sl-stat" key={k}>
            <i className="sl-swatch" style={{ background: STATE_COLOURS[k] }} /> {k}
          </span>
        ))}
      </div>
      <div className="sl-plot" ref={box}>
        {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
        {hasCanvas && <canvas ref={canvasRef} aria-hidden="true" />}
        {hasCanvas && (
          <svg width={W} height={H} className="sl-overlay" aria-label="System diagram: clients, network messages, server and disk">
            <line x1={serverX + serverW} y1={sy} x2={diskX} y2={sy} stroke="#ccc" strokeWidth={2} />
            <text x={(clientX + clientW + serverX) / 2} y={12} textAnchor="middle" className="sl-axis-label">
              network ({fmtMs(latencyNs, 2).replace(/\.?0+$/, '')} ms per message)
            </text>
            {/* clients */}
            {f.clients.map((c, i) => {
              // Starts with the box's visible text, as an accessible name must (WCAG 2.5.3).
              const label = `client ${i} · ${c.state}, ${c.accessesDone} of ${c.txnLength} accesses${c.state === 'fetching' ? `, fetching object ${c.fetching}` : ''}`;
              const pick = () => select({ kind: 'client', id: i });
              const h = Math.max(14, rowH - 6);
              return (
                <g
                  key={i}
                  transform={`translate(${clientX},${cy(i) - h / 2})`}
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
                  <rect width={clientW} height={h} rx={3} fill="#fff" stroke={i === selClient ? '#1f6feb' : STATE_COLOURS[c.state as keyof typeof STATE_COLOURS]} strokeWidth={i === selClient ? 3 : 1.5} />
                  <rect x={0} y={h - 4} width={(clientW * c.accessesDone) / Math.max(1, c.txnLength)} height={4} fill={STATE_COLOURS[c.state as keyof typeof STATE_COLOURS]} />
                  <text x={6} y={Math.min(h - 6, 13)} style={{ fontSize: 11 }}>
                    client {i} · {c.state}
                  </text>
                </g>
              );
            })}
            {/* server */}
            <g transform={`translate(${serverX},${sTop})`}>
              <rect width={serverW} height={sH} rx={6} fill="#fafafa" stroke="#999" />
              <text x={8} y={16} style={{ fontWeight: 600 }}>
                server
              </text>
              {f.cache.architecture === 'page' ? (
                <g transform={`translate(8,28)`} data-testid="diagram-no-mob">
                  <text y={10}>no MOB (PAGE)</text>
                  <text y={26} style={{ fontSize: 10, fill: '#555' }}>
                    no flusher: a dirty page
                  </text>
                  <text y={39} style={{ fontSize: 10, fill: '#555' }}>
                    is written when evicted
                  </text>
                </g>
              ) : (
                <g
                  transform={`translate(8,28)`}
                  role="button"
                  tabIndex={0}
                  className="sl-focus"
                  style={{ cursor: 'pointer' }}
                  onClick={() => select({ kind: 'flusher' })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      select({ kind: 'flusher' });
                    }
                  }}
                >
                  <text y={10}>MOB {fmtPct(f.mob.usedBytes / f.mob.capacityBytes)}</text>
                  <rect y={16} width={serverW - 16} height={12} fill="#eee" stroke="#bbb" />
                  <rect y={16} width={(serverW - 16) * Math.min(1, f.mob.usedBytes / f.mob.capacityBytes)} height={12} fill="#8c510a" />
                  <line x1={(serverW - 16) * f.mob.trigger} x2={(serverW - 16) * f.mob.trigger} y1={13} y2={31} stroke="#b00020" strokeDasharray="2,2" />
                  <text y={44} style={{ fontSize: 10, fill: '#555' }}>
                    flusher: {f.flusher.state}
                    {f.flusher.page >= 0 ? ` page ${f.flusher.page}` : ''}
                  </text>
                </g>
              )}
              <g transform={`translate(8,88)`}>
                <text y={10}>{cacheText(f.cache)}</text>
                <rect y={16} width={serverW - 16} height={12} fill="#eee" stroke="#bbb" />
                <rect y={16} width={(serverW - 16) * cacheFill(f.cache)} height={12} fill="#238b45" />
                {f.cache.architecture === 'page' && (
                  <rect y={16} width={(serverW - 16) * dirtyFill(f.cache)} height={12} fill={PAGE_COLOURS.held} stroke={PAGE_COLOURS.modified} strokeWidth={0.5} />
                )}
                {cacheNote(f.cache) && (
                  <text y={44} style={{ fontSize: 10, fill: '#555' }} data-testid="diagram-cache-note">
                    {cacheNote(f.cache)}
                  </text>
                )}
              </g>
            </g>
            {/* disk */}
            <g
              transform={`translate(${diskX},${sy - 40})`}
              role="button"
              tabIndex={0}
              className="sl-focus"
              style={{ cursor: 'pointer' }}
              onClick={() => select({ kind: 'disk' })}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  select({ kind: 'disk' });
                }
              }}
            >
              <ellipse cx={50} cy={14} rx={48} ry={12} fill="#ddd" stroke="#888" />
              <rect x={2} y={14} width={96} height={40} fill="#ddd" stroke="none" />
              <line x1={2} x2={2} y1={14} y2={54} stroke="#888" />
              <line x1={98} x2={98} y1={14} y2={54} stroke="#888" />
              <ellipse cx={50} cy={54} rx={48} ry={12} fill="#ddd" stroke="#888" />
              <text x={50} y={36} textAnchor="middle" style={{ fontWeight: 600 }}>
                disk
              </text>
              <text x={50} y={84} textAnchor="middle" style={{ fontSize: 10, fill: f.disk.active ? f.names.requestColour[f.disk.active.kind] : '#777' }}>
                {f.disk.active ? `${f.names.requestName(f.disk.active.kind)} p${f.disk.active.page}` : 'idle'}
              </text>
              <text x={50} y={98} textAnchor="middle" style={{ fontSize: 10, fill: '#555' }}>
                queue {f.disk.queueKind.length}
              </text>
            </g>
          </svg>
        )}
      </div>
    </div>
  );
}

/** The server box's cache line: pages, or under the write-optimized layout its bytes; under PAGE
 * the cache is all of the memory. */
export function cacheText(c: CacheSnapshot): string {
  if (c.layout === 'write_optimized') return `cache ${fmtBytes(c.headerBytes + c.fragmentBytes)} (headers, fragments)`;
  return `${c.architecture === 'page' ? 'all memory: cache' : 'cache'} ${c.pages.length}/${c.capacityPages} pages`;
}

/** The line under the cache's bar: PAGE's dirty pages, FREEMOB's free installation reads. */
export function cacheNote(c: CacheSnapshot): string {
  if (c.architecture === 'page') return `${c.dirty.reduce((n, d) => n + d, 0)} dirty, held whole`;
  if (c.architecture === 'freemob') return 'FREEMOB: installation reads free';
  return '';
}

function cacheFill(c: CacheSnapshot): number {
  if (c.layout === 'write_optimized') return (c.headerBytes + c.fragmentBytes) / Math.max(1, c.capacityBytes);
  return c.pages.length / Math.max(1, c.capacityPages);
}

function dirtyFill(c: CacheSnapshot): number {
  return c.dirty.reduce((n, d) => n + d, 0) / Math.max(1, c.capacityPages);
}
