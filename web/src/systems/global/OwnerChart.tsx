// Table 13 as a chart (thesis §4.5.5): one server's buffer frames by the server that owns their
// pages, a bar an owner in the owner's colour, from the latest frame; under Table 13's own run the
// thesis's row as a black tick on each bar. Pick the server with the list (or inspect one in the
// cluster view); the large client's server 0 by default. ClSv spreads the frames evenly over every
// owner; Ch. 4's Reserve keeps 60% for the server's own pages; Global keeps busy servers' pages and
// lets the idle servers' go home.
import { useId, useRef, useState } from 'react';
import * as d3 from 'd3';
import type { ViewProps } from '../../views/contract';
import { Axis } from '../../views/lib/Axis';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { serverColours } from './clusterDraw';
import { clusterFrame } from './clusterFrame';
import { ownerBars, ownerSummary, paperRow, TABLE_13_NAMES } from './ownerChart';
import './targets';
import '../../views/views.css';
import './cluster.css';

const H = 240;
const M = { top: 12, right: 10, bottom: 40, left: 52 };
const ROLE: Readonly<Record<string, string>> = { none: 'idle', large: 'large client', small: 'small client', 'web requests': 'web requests' };

export default function OwnerChart({ frames, selected, description }: ViewProps) {
  const tick = useFrameTick(frames, 250);
  const f = tick && clusterFrame(tick, description);
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box);
  const [picked, setPicked] = useState<number | null>(null);
  const id = useId();
  const n = f?.servers.length ?? 0;
  // The list's choice, else the server inspected in the cluster view, else server 0.
  const inspected = selected?.kind === 'server' ? selected.id : 0;
  const server = Math.min(picked ?? inspected, Math.max(0, n - 1));
  const w = Math.max(200, width || 480);
  const x = d3.scaleBand<number>().domain(d3.range(n)).range([M.left, w - M.right]).padding(0.2);
  const y = d3.scaleLinear().domain([0, f?.frames ?? 1]).range([H - M.bottom, M.top]);
  const colours = serverColours(n);
  const bars = f ? ownerBars(f, server) : [];
  const paper = f ? paperRow(f, server) : null;
  return (
    <div className="sl-view owner-chart" data-view="global-owners" ref={box}>
      <div className="sl-head">
        <h3 className="sl-title">Frames by owner (Tab. 13)</h3>
        {f && n > 0 && (
          <label className="sl-stat" htmlFor={id}>
            server{' '}
            <select id={id} value={server} onChange={(e) => setPicked(Number(e.target.value))} data-testid="owner-server">
              {f.servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id} ({ROLE[s.client] ?? s.client})
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
      {f && (
        <>
          <p className="cl-headline" data-testid="owner-summary">
            {ownerSummary(f, server)}
          </p>
          <svg className="cl-svg" width={w} height={H} role="img" aria-label={`Server ${server}'s ${f.frames} frames by the owner of their pages: ${bars.map((b) => `server ${b.owner} ${b.pages}`).join(', ')}`}>
            <Axis scale={y} orient="left" x={M.left} ticks={5} deps={f.frames} />
            <text transform={`translate(12,${(H - M.bottom + M.top) / 2}) rotate(-90)`}>pages</text>
            {bars.map((b) => (
              <g key={b.owner} className="owner-bar" data-owner={b.owner} data-pages={b.pages}>
                <rect x={x(b.owner)} y={y(b.pages)} width={x.bandwidth()} height={y(0) - y(b.pages)} fill={colours[b.owner]} stroke="#333" strokeWidth={b.owner === server ? 1.5 : 0.5}>
                  <title>{`Pages of server ${b.owner} (${ROLE[b.role] ?? b.role}) in server ${server}'s memory: ${b.pages} (${(100 * b.share).toFixed(1)}% of its ${f.frames} frames)${paper ? `; the thesis: ${paper[b.owner]}` : ''}`}</title>
                </rect>
                <text className="cl-foot" x={(x(b.owner) ?? 0) + x.bandwidth() / 2} y={H - M.bottom + 13}>
                  S{b.owner}
                </text>
                <text className="cl-foot" x={(x(b.owner) ?? 0) + x.bandwidth() / 2} y={H - M.bottom + 25}>
                  {b.owner === server ? 'own' : (ROLE[b.role] ?? b.role).split(' ')[0]}
                </text>
                {paper && <line className="owner-paper" x1={x(b.owner)} x2={(x(b.owner) ?? 0) + x.bandwidth()} y1={y(paper[b.owner])} y2={y(paper[b.owner])} stroke="#000" strokeWidth={2.5} />}
              </g>
            ))}
            <text x={(M.left + w - M.right) / 2} y={H - 3}>
              owner of the pages (server)
            </text>
          </svg>
          <div className="sl-legend cl-legend" data-testid="owner-legend">
            <span>each bar: the server&apos;s frames holding that owner&apos;s pages, in the owner&apos;s colour; the outlined bar its own</span>
            {paper ? (
              <span>
                <i className="cl-key owner-key-paper" /> the thesis&apos;s Tab. 13, {TABLE_13_NAMES[f.replacement]}
              </span>
            ) : (
              <span>Tab. 13&apos;s own numbers show under its scenarios (global-tab13-*), at server 0</span>
            )}
          </div>
        </>
      )}
    </div>
  );
}
