// The cluster's memory (thesis §2.1, §3.5; spec 004 §7.1 items 1–2): every server a column, its
// bar its buffer frames stacked by the server that owns their pages, in that server's colour, its
// own at the bottom, hated copies hatched above them, then other servers' pages, then free frames;
// beside each bar a dark strip as tall as its duplicates (pages another server holds too);
// under each bar its processor's jobs and its disks' requests, which also rise as a stack of
// squares on the bar's left; above the bars the messages on the
// wire, each a dot moving from its sender's column to its receiver's, a page filled, a control
// message a ring. Every number comes from the latest frame; the view re-renders at most 10 times
// a second. A column is a button: click it, or Enter, to inspect the server; click a message to
// follow its request, whose path so far is drawn as arrows (primary → owner → holder → primary,
// a disk read marked at the owner).
import { useId, useRef, type KeyboardEvent } from 'react';
import type { ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { arcPoint, bands, flight, headline, pathLegs, pathText, serverColours, serverText, type Band } from './clusterDraw';
import { clusterFrame, type ClusterFrame } from './clusterFrame';
import './targets';
import '../../views/views.css';
import './cluster.css';

const BAR_H = 220;
const SKY = 70;
const FOOT = 34;
const PAD = 6;

export default function ClusterView({ frames, select, selected, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 100);
  const f = tick && clusterFrame(tick, description);
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);
  return (
    <div className="sl-view cluster-view" data-view="global-cluster">
      <div className="sl-head">
        <h3 className="sl-title">Cluster memory</h3>
        {f && (
          <span className="cl-headline" data-testid="cluster-headline">
            {headline(f)}
          </span>
        )}
      </div>
      {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
      <div className="cl-body" ref={box}>
        {f && width > 0 && (
          <Columns
            f={f}
            width={width}
            select={select}
            selected={selected?.kind === 'server' ? selected.id : -1}
            followed={selected?.kind === 'clientRequest' ? selected.client : -1}
            inspectable={inspectable}
          />
        )}
      </div>
      {f && <Legend n={f.servers.length} lazy={f.dupInfo === 'lazy'} />}
    </div>
  );
}

function Columns({
  f,
  width,
  select,
  selected,
  followed,
  inspectable,
}: {
  f: ClusterFrame;
  width: number;
  select: ViewProps['select'];
  selected: number;
  followed: number;
  inspectable: boolean;
}) {
  const hatch = useId().replace(/:/g, '');
  const n = f.servers.length;
  const colours = serverColours(n);
  const col = (width - 2 * PAD) / n;
  const barW = Math.max(3, Math.min(40, col * 0.7));
  const centre = (i: number) => PAD + col * (i + 0.5);
  const y = (frames: number) => SKY + BAR_H - (BAR_H * frames) / Math.max(1, f.frames);
  // Label every server when there is room, else every fifth.
  const every = col >= 22 ? 1 : 5;
  const onKey = (e: KeyboardEvent, id: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select({ kind: 'server', id });
    }
  };
  return (
    <svg className="cl-svg" width={width} height={SKY + BAR_H + FOOT} data-testid="cluster-svg" role="group" aria-label="The servers' memories">
      <defs>
        {colours.map((c, i) => (
          <pattern key={i} id={`${hatch}-${i}`} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="5" height="5" fill="#fff" />
            <rect width="2.5" height="5" fill={c} />
          </pattern>
        ))}
      </defs>
      {f.servers.map((s) => {
        const text = serverText(s, f.frames);
        return (
          <g
            key={s.id}
            className={`cl-server${s.id === selected ? ' cl-selected' : ''}`}
            data-testid={`cluster-server-${s.id}`}
            data-own={s.own}
            data-hated={s.hated}
            data-others={s.others}
            data-free={s.free}
            data-duplicates={s.duplicates}
            role="button"
            tabIndex={0}
            aria-label={inspectable ? `${text}. Press Enter to inspect.` : text}
            onClick={() => select({ kind: 'server', id: s.id })}
            onKeyDown={(e) => onKey(e, s.id)}
          >
            <title>{text}</title>
            <rect className="cl-hit" x={centre(s.id) - col / 2} y={SKY - 4} width={col} height={BAR_H + FOOT} />
            <rect className="cl-frame" x={centre(s.id) - barW / 2} y={SKY} width={barW} height={BAR_H} />
            {bands(s).map((b: Band) => (
              <rect
                key={`${b.kind}-${b.owner}`}
                x={centre(s.id) - barW / 2}
                y={y(b.to)}
                width={barW}
                height={Math.max(0, y(b.from) - y(b.to))}
                fill={b.kind === 'free' ? '#fff' : b.kind === 'hated' ? `url(#${hatch}-${b.owner})` : colours[b.owner]}
                className={`cl-band cl-${b.kind}`}
              />
            ))}
            {s.duplicates > 0 && (
              <rect className="cl-dup" x={centre(s.id) + barW / 2 + 1} y={y(s.duplicates)} width={3} height={Math.max(0, y(0) - y(s.duplicates))} />
            )}
            <DiskQueue n={s.diskQueue} x={centre(s.id) - barW / 2 - 5} />
            {s.stale > 0 && (
              <rect className="cl-stale" data-stale={s.stale} x={centre(s.id) + barW / 2 + 1} y={y(s.stale)} width={3} height={Math.max(0, y(0) - y(s.stale))} />
            )}
          </g>
        );
      })}
      {/* The columns' words, outside the buttons (their names say them): under each bar. */}
      <g aria-hidden="true">
        {f.servers.map((s) => (
          <g key={s.id}>
            {(s.id % every === 0 || s.id === selected) && (
              <text x={centre(s.id)} y={SKY + BAR_H + 13} className="cl-label">
                {columnLabel(s)}
              </text>
            )}
            {col >= 22 && (
              <text x={centre(s.id)} y={SKY + BAR_H + 26} className="cl-foot">
                {s.jobs}·{s.diskQueue}
              </text>
            )}
          </g>
        ))}
      </g>
      {f.requests[followed] && <Path f={f} client={followed} centre={centre} />}
      <Messages f={f} centre={centre} select={select} />
    </svg>
  );
}

/** Its disks' requests, in service or waiting, as a stack of small squares rising from the foot of
 * the bar on its left, one a request (at most QUEUE_SHOWN, then a "+"): a queue building up is
 * seen at any width, where the count under the bar is not. */
const QUEUE_SHOWN = 40;
function DiskQueue({ n, x }: { n: number; x: number }) {
  const shown = Math.min(n, QUEUE_SHOWN);
  return (
    <g className="cl-queue" data-queue={n}>
      {Array.from({ length: shown }, (_, i) => (
        <rect key={i} className="cl-queue-slot" x={x} y={SKY + BAR_H - 4 * (i + 1)} width={3} height={3} />
      ))}
      {n > shown && (
        <text x={x + 1.5} y={SKY + BAR_H - 4 * shown - 2} className="cl-queue-more">
          +
        </text>
      )}
    </g>
  );
}

/** A column's name under its bar: the server, starred when a client is on it. */
function columnLabel(s: { id: number; client: string }): string {
  return `S${s.id}${s.client !== 'none' ? '★' : ''}`;
}

/** The followed request's path so far: an arrow for each leg, a disk mark at the owner while it
 * reads the page, and the path in words. */
function Path({ f, client, centre }: { f: ClusterFrame; client: number; centre: (i: number) => number }) {
  const r = f.requests[client];
  const { legs, disk } = pathLegs(r);
  const y = SKY - 6;
  return (
    <g className="cl-path" data-testid="cluster-path" data-legs={legs.map(([a, b, what]) => `${what}:${a}-${b}`).join(' ')} data-stage={r.stage}>
      <defs>
        <marker id="cl-arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L6,3 L0,6 z" fill="#111" />
        </marker>
      </defs>
      {legs.map(([a, b, what], i) => {
        const [x0, x1] = [centre(a), centre(b)];
        const lift = Math.min(SKY - 12, 12 + Math.abs(x1 - x0) / 4) + 6 * i;
        const mid = arcPoint(x0, x1, y, lift, 0.5);
        return (
          <path
            key={i}
            d={`M${x0},${y} Q${mid[0]},${2 * mid[1] - y} ${x1},${y}`}
            className={`cl-leg cl-leg-${what}`}
            fill="none"
            stroke="#111"
            strokeWidth={1.6}
            strokeDasharray={what === 'request' ? '4 3' : undefined}
            markerEnd="url(#cl-arrow)"
          />
        );
      })}
      {disk && (
        <text x={centre(r.owner)} y={SKY + BAR_H - 4} className="cl-disk-mark">
          ⛁ disk
        </text>
      )}
      <text x={PAD} y={12} className="cl-path-text" textAnchor="start">
        {pathText(r)}
      </text>
    </g>
  );
}

/** The messages on the wire, each at its place along the arc from its sender to its receiver;
 * click one to follow its request. */
function Messages({ f, centre, select }: { f: ClusterFrame; centre: (i: number) => number; select: ViewProps['select'] }) {
  const colours = serverColours(f.servers.length);
  return (
    <g className="cl-messages" data-testid="cluster-messages" data-count={f.messages.length}>
      {f.messages.map((m, i) => {
        const t = flight(m, f.nowNs);
        if (t === null) return null;
        const [x0, x1] = [centre(m.from), centre(m.to)];
        const lift = Math.min(SKY - 12, 12 + Math.abs(x1 - x0) / 4);
        const [x, yy] = arcPoint(x0, x1, SKY - 6, lift, t);
        const colour = colours[m.from];
        const own = m.client >= 0;
        const follow = () => own && select({ kind: 'clientRequest', client: m.client });
        const title = own
          ? `${m.kind}: page ${m.page}, server ${m.from} → ${m.to}, for client ${m.client}. Click to follow its request.`
          : `${m.kind}: updated page ${m.page}, server ${m.from} → its owner ${m.to}, to be written to disk (no client's request).`;
        return m.data ? (
          <circle key={i} cx={x} cy={yy} r={4.5} fill={colour} stroke="#222" strokeWidth={0.8} className="cl-data" onClick={follow} data-client={m.client}>
            <title>{title}</title>
          </circle>
        ) : (
          <circle key={i} cx={x} cy={yy} r={3} fill="#fff" stroke={colour} strokeWidth={1.6} className="cl-control" onClick={follow} data-client={m.client}>
            <title>{title}</title>
          </circle>
        );
      })}
    </g>
  );
}

function Legend({ n, lazy }: { n: number; lazy: boolean }) {
  const colours = serverColours(n);
  return (
    <div className="sl-legend cl-legend" data-testid="cluster-legend">
      <span>
        <i className="cl-key" style={{ background: `linear-gradient(90deg, ${colours.slice(0, 5).join(', ')})` }} /> each server&apos;s pages, in
        its colour wherever they are
      </span>
      <span>
        <i className="cl-key cl-key-hated" /> hated copy: kept by its owner after a disk read for another server
      </span>
      <span>
        <i className="cl-key cl-key-free" /> free frame
      </span>
      <span>
        <i className="cl-key cl-key-dup" /> beside a bar: its duplicates, pages another server holds too
      </span>
      {lazy && (
        <span>
          <i className="cl-key cl-key-stale" /> at the strip&apos;s foot: taken for duplicates, in fact the last copies (the owner&apos;s word on its way)
        </span>
      )}
      <span>
        <i className="cl-dot" /> a page on the wire
      </span>
      <span>
        <i className="cl-ring" /> a control message
      </span>
      <span>
        <i className="cl-key cl-key-queue" /> left of a bar: its disk requests, one square each
      </span>
      <span>★ a client&apos;s server · under a bar: processor jobs · disk requests</span>
      <span>click a message to follow its request: → its path so far (dashed: the request to the owner)</span>
    </div>
  );
}
