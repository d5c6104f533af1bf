// The opportunistic-log system (spec §2.1): the closed loop of clients (each fetching, thinking
// through its think time, committing, or blocked on log space), the network between them and the
// server, the server's CPU backlog with its log and cache in brief, and the disk with its head,
// its active request and its FIFO queue, each request coloured by its operation class.
import { useRef, useState, type KeyboardEvent } from 'react';
import { REQUEST_PALETTE, type ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { fmtMs } from '../../views/lib/format';
import { networkLatencyNs } from '../../views/lib/messages';
import { requestPhase } from '../../views/lib/disk';
import { clientStatus, oplogFrame, oplogNames, thinkProgress, type OplogFrame, type OplogNames } from './oplogFrame';
import { clientGrid, diagramLayout, QUEUE_SHOWN, STATUS_STYLE, STATUSES, THINK_FILL, type Box, type DiagramLayout } from './oplogDiagram';
import { memoryParts, type Part } from './oplogMemory';
import '../../views/views.css';
import './oplog.css';

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const place = (b: Box) => ({ left: b.x, top: b.y, width: b.w, height: b.h });
/** A disk box shorter than this has a title instead of its icon. */
const DISK_ICON_MIN_H = 190;

export default function OplogDiagram({ frames, select, selected, scenario, description }: ViewProps) {
  const frame = useFrameTick(frames, 200);
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);
  const f = frame && oplogFrame(frame, description);
  const names = frame && oplogNames(description);
  const counts = new Map<string, number>();
  for (let i = 0; f && names && i < f.clients.state.length; i++) {
    const s = clientStatus(f, names, i);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return (
    <div className="sl-view" data-view="oplog-diagram">
      <div className="sl-head">
        <h3 className="sl-title">System</h3>
        {f && (
          <span className="sl-stat">
            <b>{f.clients.state.length}</b> clients, think time <b>{fmtMs(f.clients.thinkNs, 0)}</b> ms
          </span>
        )}
      </div>
      <div className="sl-legend oplog-legend">
        {STATUSES.map((s) => (
          <span key={s} title={`${s}: ${STATUS_STYLE[s].about}`} data-testid={`count-${s}`}>
            <i className="sl-swatch" style={{ background: STATUS_STYLE[s].fill, borderColor: STATUS_STYLE[s].stroke, borderWidth: 2 }} /> {s}
            {f && <b> {counts.get(s) ?? 0}</b>}
          </span>
        ))}
        {Object.entries(REQUEST_PALETTE).map(([k, c]) => (
          <span key={k} title={`a ${k} at the disk`}>
            <i className="sl-swatch" style={{ background: c }} /> {k}
          </span>
        ))}
      </div>
      <div className="oplog-diagram-body" ref={box}>
        {!f || !names || !frame ? (
          <div className="sl-empty">{EMPTY_MESSAGE}</div>
        ) : (
          width > 0 && (
            <Diagram f={f} names={names} nowNs={frame.nowNs} L={diagramLayout(width, height, f.clients.state.length)} latencyNs={networkLatencyNs(scenario)} selected={selected} select={select} />
          )
        )}
      </div>
    </div>
  );
}

interface DiagramProps {
  f: OplogFrame;
  names: OplogNames;
  nowNs: number;
  L: DiagramLayout;
  latencyNs: number;
  selected: ViewProps['selected'];
  select: ViewProps['select'];
}

/** The clients, the network and the arrows on an SVG; the server and the disk as HTML boxes over
 * it, so their text wraps instead of spilling. */
function Diagram({ f, names, nowNs, L, latencyNs, selected, select }: DiagramProps) {
  const { clients: C, server: S, disk: D } = L;
  const latency = latencyNs > 0 ? `${fmtMs(latencyNs, 2).replace(/\.?0+$/, '')} ms` : '';
  const midY = S.y + S.h / 2;
  const netX0 = C.x + C.w + 4;
  const netX1 = S.x - 4;
  const netMid = S.x + S.w / 2;
  return (
    <>
      <svg width={L.W} height={L.H} aria-label="System diagram: clients, network, server and disk">
        <Clients f={f} names={names} nowNs={nowNs} L={L} selected={selected} select={select} />
        {L.stacked ? (
          <g data-testid="network">
            <Arrow x0={netMid - 10} y0={C.y + C.h + 4} x1={netMid - 10} y1={S.y - 4} />
            <Arrow x0={netMid + 10} y0={S.y - 4} x1={netMid + 10} y1={C.y + C.h + 4} />
            <text x={netMid + 20} y={S.y - 14} className="oplog-small">
              network, {latency} each way
            </text>
          </g>
        ) : (
          <g data-testid="network">
            <text x={(netX0 + netX1) / 2} y={midY - 34} textAnchor="middle" className="oplog-small">
              network
            </text>
            <text x={(netX0 + netX1) / 2} y={midY - 22} textAnchor="middle" className="oplog-small">
              {latency}
            </text>
            <Arrow x0={netX0} y0={midY - 10} x1={netX1} y1={midY - 10} />
            <Arrow x0={netX1} y0={midY + 10} x1={netX0} y1={midY + 10} />
            <text x={(netX0 + netX1) / 2} y={midY + 30} textAnchor="middle" className="oplog-small">
              replies
            </text>
          </g>
        )}
        <Arrow x0={S.x + S.w + 2} y0={D.y + 40} x1={D.x - 2} y1={D.y + 40} />
      </svg>
      <Server f={f} box={S} />
      <Disk f={f} names={names} nowNs={nowNs} box={D} selected={selected?.kind === 'disk'} select={select} />
    </>
  );
}

function Arrow({ x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number }) {
  const a = Math.atan2(y1 - y0, x1 - x0);
  const head = (t: number) => `${x1 - 6 * Math.cos(a + t)},${y1 - 6 * Math.sin(a + t)}`;
  return <path d={`M${x0},${y0} L${x1},${y1} M${head(0.5)} L${x1},${y1} L${head(-0.5)}`} fill="none" stroke="#888" strokeWidth={1.5} />;
}

/** The clients as a grid of tiles, one tab stop: the arrow keys move between them. */
function Clients({ f, names, nowNs, L, selected, select }: Omit<DiagramProps, 'latencyNs'>) {
  const count = f.clients.state.length;
  const C = L.clients;
  const g = clientGrid(count, C.w, C.h);
  const sel = selected?.kind === 'client' ? selected.id : -1;
  const [focus, setFocus] = useState(0);
  const tiles = useRef<(SVGGElement | null)[]>([]);
  const tab = sel >= 0 && sel < count ? sel : Math.min(focus, count - 1);
  const onKey = (e: KeyboardEvent, i: number) => {
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - g.cols, ArrowDown: i + g.cols, Home: 0, End: count - 1 }[e.key];
    if (e.key === 'Enter' || e.key === ' ') select({ kind: 'client', id: i });
    else if (to === undefined) return;
    else if (to >= 0 && to < count) {
      setFocus(to);
      tiles.current[to]?.focus();
    }
    // The grid's keys are not the lab's too (→ steps an event, Home goes to 0 s, Space plays).
    e.preventDefault();
    e.stopPropagation();
  };
  const t = g.size - 2;
  return (
    <g role="group" aria-label={`${count} clients: the arrow keys move between them, Enter inspects one`}>
      <text x={C.x} y={12} className="oplog-label">
        clients
      </text>
      {Array.from({ length: count }, (_, i) => {
        const status = clientStatus(f, names, i);
        const st = STATUS_STYLE[status];
        const progress = thinkProgress(f, names, i, nowNs);
        const label =
          `client ${i}: ${status}` +
          (status === 'thinking' ? `, ${Math.round(progress * 100)}% through its think time` : `, for ${fmtMs(Math.max(0, nowNs - f.clients.since[i]), 1)} ms`) +
          `, page ${f.clients.page[i]}`;
        return (
          <g
            key={i}
            ref={(el) => {
              tiles.current[i] = el;
            }}
            transform={`translate(${C.x + (i % g.cols) * g.size},${C.y + Math.floor(i / g.cols) * g.size})`}
            role="button"
            tabIndex={i === tab ? 0 : -1}
            aria-label={label}
            className="oplog-client"
            data-client={i}
            data-status={status}
            style={{ cursor: 'pointer' }}
            onClick={() => {
              setFocus(i);
              select({ kind: 'client', id: i });
            }}
            onKeyDown={(e) => onKey(e, i)}
          >
            <title>{label}</title>
            <rect className="oplog-tile" width={t} height={t} rx={2} fill={st.fill} stroke={i === sel ? '#111' : st.stroke} strokeWidth={i === sel ? 2.5 : 1.5} />
            {progress > 0 && <rect x={1} y={1 + (t - 2) * (1 - progress)} width={t - 2} height={(t - 2) * progress} fill={THINK_FILL} />}
            {t >= 16 && (
              <text x={t / 2} y={t / 2 + 3.5} textAnchor="middle" style={{ fontSize: t >= 22 ? 10 : 8, fill: '#111' }}>
                {i}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** A memory part as a small bar, its trigger's threshold marked. */
function MiniBar({ part }: { part: Part }) {
  return (
    <span className="oplog-minibar" aria-hidden="true">
      {part.segments.map((s) => (
        <i key={s.key} style={{ width: `${(100 * s.count) / Math.max(1, part.size)}%`, background: s.colour }} />
      ))}
      <b style={{ left: `${(100 * part.lineAt) / Math.max(1, part.size)}%` }} />
    </span>
  );
}

function Row({ label, value, testid }: { label: string; value: string; testid?: string }) {
  return (
    <span className="oplog-row">
      <span>{label}</span> <span data-testid={testid}>{value}</span>
    </span>
  );
}

/** The server: its CPU backlog, its log and its cache in brief (the memory view has them in full). */
function Server({ f, box }: { f: OplogFrame; box: Box }) {
  const s = f.server;
  const m = memoryParts(s);
  return (
    <div className="oplog-box oplog-server" style={place(box)} data-testid="server">
      <span className="oplog-row oplog-box-title">
        <span>server</span> <span>{s.design}</span>
      </span>
      <Row label="CPU work queued" value={`${fmtMs(s.cpuBacklogNs, 2)} ms`} testid="cpu-backlog" />
      {m.log ? (
        <>
          <Row label="log entries" value={`${n(s.logUsed)} / ${n(s.logCapacity)}`} testid="server-log" />
          <MiniBar part={m.log} />
          <Row label="pending pages" value={n(s.pendingPages)} testid="server-pool" />
        </>
      ) : (
        <>
          <Row label="log" value="none" testid="server-log" />
          {s.logUsed > 0 && <Row label="entries awaiting reads" value={n(s.logUsed)} testid="server-transient" />}
        </>
      )}
      <Row label="dirty frames" value={`${n(s.dirtyPages)} / ${n(s.cacheFrames)}`} testid="server-cache" />
      <MiniBar part={m.cache} />
      <span className={s.blockedCommits > 0 ? 'oplog-alert' : undefined}>
        <Row label="commits blocked" value={n(s.blockedCommits)} testid="server-blocked" />
      </span>
    </div>
  );
}

/** The disk: its head on the cylinders, its active request (phase and progress) and its FIFO
 * queue. A button: it selects the disk for the inspector. */
function Disk({ f, names, nowNs, box, selected, select }: { f: OplogFrame; names: OplogNames; nowNs: number; box: Box; selected: boolean; select: ViewProps['select'] }) {
  const d = f.disk;
  const a = d.active;
  const ph = a && requestPhase(a, nowNs);
  const q = d.queueOp.length;
  const label = `Inspect the disk: head at cylinder ${n(d.headCylinder)}; ${a ? `${a.op} of page ${a.page} (${ph!.phase})` : 'idle'}; ${q} queued`;
  const at = (c: number) => `${(100 * c) / Math.max(1, d.cylinders - 1)}%`;
  return (
    <button type="button" className={`oplog-box oplog-disk${selected ? ' oplog-selected' : ''}`} style={place(box)} title={label} onClick={() => select({ kind: 'disk' })} data-testid="disk">
      {box.h >= DISK_ICON_MIN_H ? (
        <>
          {/* The name is the visible text (WCAG 2.5.3), after what the icon says. */}
          <span className="oplog-sr">Disk:</span>
          <svg width={72} height={34} aria-hidden="true" className="oplog-disk-icon">
            <path d="M2,8 v18 a34,7 0 0 0 68,0 v-18" fill="#e0e0e0" stroke="#888" />
            <ellipse cx={36} cy={8} rx={34} ry={7} fill="#ececec" stroke="#888" />
            <text x={36} y={25} textAnchor="middle" className="oplog-label">
              disk
            </text>
          </svg>
          {/* The head on a ruler of the cylinders, with the active request's seek. */}
          <span className="oplog-ruler" aria-hidden="true">
            {a && <i style={{ left: at(Math.min(a.from, a.to)), width: `calc(${at(Math.abs(a.to - a.from))} + 1px)`, background: REQUEST_PALETTE[a.op] }} />}
            <b style={{ left: at(d.headCylinder) }} />
          </span>
          <Row label="head" value={`cyl. ${n(d.headCylinder)}`} testid="disk-head" />
        </>
      ) : (
        // Short: a title for the icon, the head beside it, no ruler.
        <span className="oplog-row oplog-box-title">
          <span>disk</span> <span>head <span data-testid="disk-head">cyl. {n(d.headCylinder)}</span></span>
        </span>
      )}
      <span className="oplog-box-sub">active</span>
      {a ? (
        <>
          <span>
            <i className="sl-swatch" style={{ background: REQUEST_PALETTE[a.op] }} /> <span data-testid="disk-active">{a.op}</span>
          </span>
          <span data-testid="disk-active-page">page {a.page}</span>
          <span className="oplog-phase">
            {ph!.phase}
            <span className="sl-progress" aria-hidden="true">
              <i style={{ width: `${100 * ph!.progress}%`, background: REQUEST_PALETTE[a.op] }} />
            </span>
          </span>
        </>
      ) : (
        <span data-testid="disk-active">idle</span>
      )}
      <span className="oplog-box-sub" data-testid="disk-queue">
        FIFO queue: {q}
      </span>
      <span className="oplog-queue">
        {Array.from({ length: Math.min(q, QUEUE_SHOWN) }, (_, i) => {
          const op = names.op[d.queueOp[i]];
          return <i key={i} style={{ background: REQUEST_PALETTE[op] }} title={`${i + 1}. ${op} of page ${d.queuePage[i]}`} data-op={op} />;
        })}
        {q > QUEUE_SHOWN && <span className="oplog-small-text">+{q - QUEUE_SHOWN} more</span>}
        {q === 0 && <span className="oplog-small-text">empty</span>}
      </span>
    </button>
  );
}
