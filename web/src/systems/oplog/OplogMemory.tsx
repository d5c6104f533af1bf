// The server's non-volatile memory (spec §2.5–2.6, §5.1 item 2): one bar to scale, split between
// the log (pending entries | entries in flight behind reads | free entries) and the cache (dirty
// frames | writes in flight | clean frames). Beneath it each part has its own bar with its
// trigger's threshold line (IReadTrigger: fewer than 50 empty entries; WriteTrigger: fewer than
// 1000 clean frames) and, where the part is large, its right end magnified, where the trigger
// acts. A table beside the bars gives every count with its unit.
import { useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import type { ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { oplogFrame } from './oplogFrame';
import { clip, magnifiedWindow, memoryParts, type Memory, type Part } from './oplogMemory';
import '../../views/views.css';
import './oplog.css';

const PAD = 10;
const BAR_H = 16;
/** Between a part's bar and its magnified end. */
const ZOOM_GAP = 14;
const TRIGGER = '#b00020';
/** The tooltip's width (oplog.css .oplog-tip). */
const TIP_W = 240;

interface Tip {
  x: number;
  y: number;
  lines: string[];
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const pct = (v: number, of: number) => (of > 0 ? `${((100 * v) / of).toFixed(v > 0 && v < of / 1000 ? 2 : 1)}%` : '—');

export default function OplogMemory({ frames, description }: ViewProps) {
  const frame = useFrameTick(frames, 200);
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);
  const [tip, setTip] = useState<Tip | null>(null);
  const f = frame && oplogFrame(frame, description);
  const m = f && memoryParts(f.server);
  const W = Math.max(280, width);

  // A tooltip by the pointer, or under a segment that has the keyboard focus.
  const show = (lines: string[]) => ({
    onMouseMove: (e: MouseEvent<SVGElement>) => {
      const r = box.current!.getBoundingClientRect();
      setTip({ x: e.clientX - r.left, y: e.clientY - r.top, lines });
    },
    onFocus: (e: FocusEvent<SVGElement>) => {
      const r = box.current!.getBoundingClientRect();
      const s = e.currentTarget.getBoundingClientRect();
      setTip({ x: s.left - r.left + s.width / 2, y: s.bottom - r.top, lines });
    },
    onMouseLeave: () => setTip(null),
    onBlur: () => setTip(null),
  });

  return (
    <div className="sl-view oplog-memory" data-view="oplog-memory">
      <div className="sl-head">
        <h3 className="sl-title">Server memory (non-volatile)</h3>
        {m && f && (
          <>
            <span className="sl-stat" data-testid="memory-total">
              <b>{n(m.memoryPages)}</b> pages, {f.server.design} server
            </span>
            {f.server.blockedCommits > 0 && (
              <span className="sl-stat oplog-alert" data-testid="memory-blocked">
                <b>{n(f.server.blockedCommits)}</b> commits waiting for space
              </span>
            )}
          </>
        )}
      </div>
      <div className="oplog-memory-body" ref={box}>
        {!m ? (
          <div className="sl-empty">{EMPTY_MESSAGE}</div>
        ) : (
          <>
            <Bars m={m} W={W} show={show} />
            <Tables m={m} />
            {tip && (
              <div className="sl-tooltip oplog-tip" role="tooltip" style={{ left: Math.max(4, Math.min(tip.x + 10, W - TIP_W - 4)), top: tip.y + 14 }}>
                {tip.lines.map((l, i) => (
                  <div key={i}>{l}</div>
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

type Show = (lines: string[]) => Record<string, unknown>;

/** The whole memory to scale, then the log and the cache each on its own bar. */
function Bars({ m, W, show }: { m: Memory; W: number; show: Show }) {
  const inner = W - 2 * PAD;
  const perPage = inner / Math.max(1, m.memoryPages);
  const logW = m.logPages * perPage;
  const rows: { part: Part; y: number; title: string }[] = [];
  let y = 70;
  for (const [part, title] of [
    [m.log, m.log && `Log: ${n(m.log.size)} entries in ${n(m.logPages)} pages`],
    [m.cache, `Cache: ${n(m.cache.size)} frames`],
  ] as [Part | null, string][]) {
    if (!part) continue;
    rows.push({ part, y, title });
    y += partHeight(part) + 22;
  }
  const H = y - 16;
  return (
    <svg width={W} height={H} className="oplog-memory-svg" role="group" aria-label="Server memory: the whole memory to scale, then the log and the cache with their triggers">
      <text x={PAD} y={12} className="oplog-label">
        Whole memory, to scale: {n(m.memoryPages)} pages
      </text>
      <g transform={`translate(${PAD},17)`}>
        {m.log && (
          <g {...show([`Log: ${n(m.logPages)} pages (${pct(m.logPages, m.memoryPages)} of memory)`, `${n(m.log.size)} entries, ${n(m.log.size / Math.max(1, m.logPages))} per page`])}>
            <Segments part={m.log} x0={0} w={logW} from={0} to={m.log.size} h={BAR_H} />
          </g>
        )}
        <g {...show([`Cache: ${n(m.cache.size)} frames (${pct(m.cache.size, m.memoryPages)} of memory)`])}>
          <Segments part={m.cache} x0={logW} w={inner - logW} from={0} to={m.cache.size} h={BAR_H} />
        </g>
        <rect width={inner} height={BAR_H} fill="none" stroke="#666" />
        {m.log && <line x1={logW} x2={logW} y1={-3} y2={BAR_H + 3} stroke="#111" strokeWidth={2} />}
        {m.log && (
          <text x={0} y={BAR_H + 13} className="oplog-small">
            log {n(m.logPages)} pages ({pct(m.logPages, m.memoryPages)})
          </text>
        )}
        <text x={inner} y={BAR_H + 13} textAnchor="end" className="oplog-small">
          cache {n(m.cache.size)} frames ({pct(m.cache.size, m.memoryPages)})
        </text>
      </g>
      {rows.map((r) => (
        <PartBar key={r.part.unit} part={r.part} y={r.y} W={W} title={r.title} show={show} />
      ))}
    </svg>
  );
}

/** Height of a part's drawing below its title: its bar, its magnified end if any, the trigger's label. */
function partHeight(part: Part): number {
  return magnifiedWindow(part) ? BAR_H + ZOOM_GAP + BAR_H + 16 : BAR_H + 16;
}

/** A part's bar across the panel, its right end magnified beneath it when the part is large,
 * with the trigger's threshold line and label. */
function PartBar({ part, y, W, title, show }: { part: Part; y: number; W: number; title: string; show: Show }) {
  const win = magnifiedWindow(part);
  const inner = W - 2 * PAD;
  const zoomX = Math.round(inner * 0.4);
  const zoomY = BAR_H + ZOOM_GAP;
  const zoomW = inner - zoomX;
  const from = part.size - win;
  const xMain = (u: number) => (u / Math.max(1, part.size)) * inner;
  const xZoom = (u: number) => zoomX + ((u - from) / Math.max(1, win)) * zoomW;
  const lineX = win ? xZoom(part.lineAt) : xMain(part.lineAt);
  const lineY = win ? zoomY : 0;
  return (
    <g transform={`translate(${PAD},${y})`} data-testid={`memory-${part.unit}`}>
      <text x={0} y={-6} className="oplog-label">
        {title}
      </text>
      <Segments part={part} x0={0} w={inner} from={0} to={part.size} h={BAR_H} show={show} />
      <rect width={inner} height={BAR_H} fill="none" stroke="#666" />
      {win > 0 && (
        <>
          <rect x={xMain(from)} y={-2} width={inner - xMain(from)} height={BAR_H + 4} fill="none" stroke="#111" />
          <path d={`M${xMain(from)},${BAR_H + 2} L${zoomX},${zoomY} M${inner},${BAR_H + 2} L${inner},${zoomY}`} stroke="#777" fill="none" />
          <line x1={xMain(part.lineAt)} x2={xMain(part.lineAt)} y1={-2} y2={BAR_H + 2} stroke={TRIGGER} strokeWidth={1.5} />
          <text x={zoomX - 6} y={zoomY + 12} textAnchor="end" className="oplog-small">
            last {n(win)} {part.unit}, ×{Math.round(part.size / win)}
          </text>
          <Segments part={part} x0={zoomX} w={zoomW} from={from} to={part.size} h={BAR_H} y={zoomY} show={show} />
          <rect x={zoomX} y={zoomY} width={zoomW} height={BAR_H} fill="none" stroke="#666" />
        </>
      )}
      <line x1={lineX} x2={lineX} y1={lineY - 4} y2={lineY + BAR_H + 4} stroke={TRIGGER} strokeWidth={2} strokeDasharray="4,2" />
      <text x={Math.min(lineX + 2, inner)} y={lineY + BAR_H + 14} textAnchor="end" className="oplog-trigger" data-testid={`trigger-${part.trigger}`}>
        {triggerText(part)}
      </text>
    </g>
  );
}

/** What a trigger counts against its threshold, term by term (the free units and those about to
 * be), and the count now, e.g. "IReadTrigger < 50: free + being read = 46 + 4 = 50". */
export function triggerText(part: Part): string {
  const words = part.terms.map((t) => t.what).join(' + ');
  const now = `${part.terms.map((t) => n(t.count)).join(' + ')} = ${n(part.value)}`;
  return `${part.trigger} < ${n(part.threshold)}: ${words} = ${now}${part.value < part.threshold ? ', firing' : ''}`;
}

/** A part's segments over units [from, to] drawn across [x0, x0 + w]; focusable with a tooltip
 * when `show` is given. */
function Segments({ part, x0, w, from, to, h, y = 0, show }: { part: Part; x0: number; w: number; from: number; to: number; h: number; y?: number; show?: Show }) {
  const scale = w / Math.max(1, to - from);
  return (
    <>
      {clip(part, from, to).map(({ seg, start, end }) => {
        const lines = [`${seg.label}: ${n(seg.count)} ${part.unit}`, `${pct(seg.count, part.size)} of the ${part.unit === 'entries' ? 'log' : 'cache'}`];
        const x = x0 + (start - from) * scale;
        const sw = Math.max(1, (end - start) * scale);
        return show ? (
          <rect
            key={seg.key}
            x={x}
            y={y}
            width={sw}
            height={h}
            fill={seg.colour}
            tabIndex={0}
            role="img"
            aria-label={lines.join(', ')}
            className="sl-focus"
            data-segment={seg.key}
            {...show(lines)}
          />
        ) : (
          <rect key={seg.key} x={x} y={y} width={sw} height={h} fill={seg.colour} />
        );
      })}
    </>
  );
}

/** Every count with its unit, with the segments' colours as the legend. */
function Tables({ m }: { m: Memory }) {
  return (
    <div className="oplog-memory-tables">
      {m.log ? (
        <PartTable part={m.log} caption={`Log, ${n(m.log.size)} entries`} />
      ) : (
        <p className="oplog-note" data-testid="memory-no-log">
          This design keeps no bounded log: all {n(m.memoryPages)} pages of memory are cache.
          {m.transientEntries > 0 && ` ${n(m.transientEntries)} modifications wait for their installation reads in a small area the memory does not count (spec §2.5).`}
        </p>
      )}
      <PartTable part={m.cache} caption={`Cache, ${n(m.cache.size)} frames`} />
    </div>
  );
}

function PartTable({ part, caption }: { part: Part; caption: string }) {
  return (
    <table className="oplog-table" data-testid={`memory-table-${part.unit}`}>
      <caption>{caption}</caption>
      <tbody>
        {part.segments.map((s) => (
          <tr key={s.key} data-segment={s.key} title={s.label}>
            <th scope="row">
              <i className="sl-swatch" style={{ background: s.colour }} /> {s.short}
            </th>
            <td>{n(s.count)}</td>
          </tr>
        ))}
        <tr className="oplog-trigger-row" title={`${part.trigger} counts ${part.counts}; it fires below ${n(part.threshold)}: ${triggerText(part)}`}>
          <th scope="row">
            <i className="oplog-line-swatch" /> {part.trigger} &lt; {n(part.threshold)}
          </th>
          <td>
            {n(part.value)}
            {part.value < part.threshold ? ', firing' : ''}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
