// The OO7 panel (HAC §4.1.1, spec §4), every system's that walks OO7 traversals: it reads the
// sections engine/core/src/workload/oo7/view.rs declares for them (oo7Frame.ts). The assembly
// hierarchy as an icicle, one row per level, each assembly coloured by whether the depth-first
// traversal has walked it, is walking it (the current path, drawn as a line from the root to the
// base assembly) or has yet to; beside it the composite part being walked, its atomic parts on a
// ring with their connections, the visited ones filled and the depth-first stack marked. Drawn on
// one canvas per frame; React renders the words at most 5 times a second and the screen reader's
// summary once a second.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Frame } from '../../../engine/types';
import type { ViewProps } from '../../contract';
import { EMPTY_MESSAGE, prepareCanvas, throttle, useElementSize, useFrameTick, useLatest } from '../hooks';
import { NONE, oo7Frame, summarize, type Oo7Frame } from './oo7Frame';
import { CAPTION_H, FOOT_H, icicle, nodeAt, panelLayout, partAt, ringLayout, sameTree, separators, stateRuns, treePlot, type Icicle, type Rect, type Ring } from './oo7Layout';
import '../../views.css';

/** Assemblies and atomic parts alike: not yet (grey), walking (orange), walked (blue). */
const NOT_YET = '#d4d4d4';
const WALKING = '#e6550d';
const WALKED = '#3f78b5';
const UNVISITED_STROKE = '#767676';
const FOCUS = '#1f6feb';
/** The tooltip's width (px): it wraps. */
const TIP_W = 240;
/** Rings of more parts than this draw only the connections of visited parts. */
const ALL_EDGES_UP_TO = 60;

type Target = { kind: 'assembly'; i: number } | { kind: 'part'; j: number };
interface Hover {
  target: Target;
  x: number;
  y: number;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export default function Oo7Panel({ frames, description }: ViewProps) {
  const tick = useFrameTick(frames, 200);
  const o = tick && description ? oo7Frame(tick, description) : null;
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width, height } = useElementSize(plotRef);
  const treeRef = useRef<Icicle | null>(null);
  const treeOf = (f: Oo7Frame): Icicle => {
    if (!sameTree(treeRef.current, f.assemblies.parent)) treeRef.current = icicle(f.assemblies.parent, f.assemblies.level);
    return treeRef.current;
  };
  const rows = o ? treeOf(o).rows : 1;
  const geo = useMemo(() => panelLayout(width, height, rows), [width, height, rows]);
  const [hover, setHover] = useState<Hover | null>(null);
  const [focus, setFocus] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [summary, setSummary] = useState('');
  const marks = useLatest({ hover, focus: focused ? focus : -1 });

  // Draw on every frame whose position differs from the last drawn (and on hover, focus, resize).
  useEffect(() => {
    if (!description) return;
    let drawn = '';
    const draw = (fr: Frame) => {
      const f = oo7Frame(fr, description);
      const m = marks.current;
      const sig = `${f.traversal},${f.phase},${f.compositeVisits},${f.composite},${f.base},${f.partVisits},${f.parts.onPath.join('')},${walkingKey(f)},${m.hover?.target.kind}${m.hover && (m.hover.target.kind === 'part' ? m.hover.target.j : m.hover.target.i)},${m.focus}`;
      if (sig === drawn && !fr.reset) return;
      drawn = sig;
      drawPanel(canvasRef.current, width, height, geo.tree, geo.graph, f, treeOf(f), m.hover?.target ?? null, m.focus);
    };
    const l = frames.latest();
    if (l) draw(l);
    return frames.subscribe(draw);
  }, [frames, description, width, height, geo, hover, focus, focused]);

  // The screen reader's summary, once a second.
  useEffect(() => {
    if (!description) return;
    const speak = throttle(1000, () => {
      const l = frames.latest();
      if (l) setSummary(summarize(oo7Frame(l, description)));
    });
    speak.call();
    const unsub = frames.subscribe(speak.call);
    return () => {
      unsub();
      speak.cancel();
    };
  }, [frames, description]);

  const tree = o ? treeOf(o) : null;
  const tp = tree ? treePlot(geo.tree, tree.rows) : null;
  const ring = o ? ringLayout(o.parts.visited.length, geo.graph) : null;

  const targetAt = (x: number, y: number): Target | null => {
    if (tree && tp && x < geo.tree.x + geo.tree.w && y >= tp.y && y < tp.y + tree.rows * tp.rowH) {
      const i = nodeAt(tree, Math.floor((y - tp.y) / tp.rowH), (x - tp.x) / tp.w);
      return i < 0 ? null : { kind: 'assembly', i };
    }
    const j = ring ? partAt(ring, x, y) : -1;
    return j < 0 ? null : { kind: 'part', j };
  };
  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const t = targetAt(x, y);
    setHover(t ? { target: t, x, y } : null);
  };
  // Keyboard: ←/→ along a level, ↑ to the parent, ↓ to the first child, Home to the root.
  const onKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (!o || !tree || tree.n === 0) return;
    const cur = focus >= 0 && focus < tree.n ? focus : 0;
    const row = tree.byRow[tree.row[cur]];
    const k = row.indexOf(cur);
    let next = cur;
    if (e.key === 'ArrowRight') next = row[Math.min(row.length - 1, k + 1)];
    else if (e.key === 'ArrowLeft') next = row[Math.max(0, k - 1)];
    else if (e.key === 'ArrowUp') next = cur === 0 ? 0 : o.assemblies.parent[cur];
    else if (e.key === 'ArrowDown') next = cur + 1 < tree.n && o.assemblies.parent[cur + 1] === cur ? cur + 1 : cur;
    else if (e.key === 'Home') next = 0;
    else return;
    // The keys are the tree's while it has the focus, not the lab's shortcuts (step, rewind).
    e.preventDefault();
    e.stopPropagation();
    setFocus(next);
  };

  const focusIndex = o && tree && focused ? Math.max(0, Math.min(focus, tree.n - 1)) : -1;
  const focusLabel = o && tree && focusIndex >= 0 ? targetLabel(o, tree, { kind: 'assembly', i: focusIndex }) : '';
  const tipLabel = o && tree && hover ? targetLabel(o, tree, hover.target) : focusLabel;
  const tipPos = hover ?? (tree && tp && focusIndex >= 0 ? { x: tp.x + ((tree.x0[focusIndex] + tree.x1[focusIndex]) / 2) * tp.w, y: tp.y + (tree.row[focusIndex] + 0.5) * tp.rowH } : null);
  const started = o ? o.compositeVisits > 0 || o.phase === 'done' : false;
  const visit = o ? Math.min(o.compositeVisits, o.compositeVisitsTotal) : 0;
  const bases = o ? o.assemblies.base.reduce((s, b) => s + b, 0) : 0;

  return (
    <div className="sl-view oo7" data-view="oo7">
      <div className="sl-head oo7-head">
        <h3 className="sl-title">OO7 traversal</h3>
        {o && (
          <>
            <span className="sl-stat" data-testid="oo7-traversal">
              <b>{o.traversal}</b> {o.phase === 'warm-up' ? 'warm-up (unmeasured)' : o.phase === 'done' ? 'done' : 'measured'}
            </span>
            <span className="sl-stat" data-testid="oo7-visit">
              composite part visit <b>{fmt(visit)}</b> of {fmt(o.compositeVisitsTotal)}
            </span>
            <i className="oo7-progress" aria-hidden="true" style={{ width: `${o.compositeVisitsTotal > 0 ? (100 * visit) / o.compositeVisitsTotal : 0}%` }} />
          </>
        )}
      </div>
      <div
        className="sl-plot sl-focus oo7-plot"
        ref={plotRef}
        role="application"
        aria-roledescription="assembly tree"
        tabIndex={o ? 0 : -1}
        aria-label={`${summary || (o ? summarize(o) : 'OO7 traversal')}. Arrow keys move through the assemblies.${focusLabel ? ` ${focusLabel}` : ''}`}
        onKeyDown={onKey}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        {!o && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
        {o && width > 0 && (
          <>
            <canvas ref={canvasRef} aria-hidden="true" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
            <div className="oo7-caption" style={captionStyle(geo.tree)}>
              Assemblies: {o.levels} levels, fan-out {o.fanout}, {fmt(o.assemblies.parent.length)} ({fmt(bases)} base)
            </div>
            <div className="oo7-caption" style={captionStyle(geo.graph)} data-testid="oo7-composite">
              {o.composite >= 0 ? (
                <>
                  Composite part <b>{o.composite}</b>: {o.parts.visited.length} atomic parts
                </>
              ) : (
                'Composite part: none being walked'
              )}
            </div>
            {o.composite >= 0 && (
              <div className="oo7-caption" style={footStyle(geo.graph)} data-testid="oo7-part-visits">
                visits <b>{o.partVisits}</b> of limit {o.partLimit}
              </div>
            )}
            {o.composite < 0 && (
              <div className="oo7-note" style={noteStyle(geo.graph)}>
                {!started
                  ? `No composite part yet: ${o.traversal} walks the assembly tree depth first from the root and, at each base assembly, its composite parts.`
                  : o.phase === 'done'
                    ? `The traversal is over: all ${fmt(o.compositeVisitsTotal)} composite-part visits done.`
                    : 'Between composite parts: the traversal is walking the assemblies.'}
              </div>
            )}
            <span role="status" aria-live="polite" className="oo7-sr">
              {focusLabel}
            </span>
            {tipLabel && tipPos && (
              <div className="sl-tooltip oo7-tip" style={{ width: Math.min(TIP_W, width - 8), left: Math.max(0, Math.min(tipPos.x + 12, width - TIP_W - 4)), top: tipPos.y + (tipPos.y > height / 2 ? -64 : 14) }}>
                {tipLabel}
              </div>
            )}
          </>
        )}
      </div>
      <div className="sl-legend oo7-legend">
        <span title="Assemblies the traversal has not reached; atomic parts not visited">
          <i className="sl-swatch" style={{ background: NOT_YET, borderColor: UNVISITED_STROKE }} /> not yet
        </span>
        <span title="Assemblies the traversal has finished; atomic parts visited">
          <i className="sl-swatch" style={{ background: WALKED }} /> walked · visited
        </span>
        <span title="Assemblies on the current path from the root; atomic parts on the depth-first stack">
          <i className="sl-swatch" style={{ background: WALKING, borderColor: '#000' }} /> walking · on the stack
        </span>
        <span title="An atomic part's connection to another (3 each)">
          <i className="oo7-line" /> connection
        </span>
      </div>
    </div>
  );
}

function captionStyle(r: Rect): React.CSSProperties {
  return { left: r.x + 8, top: r.y + 2, maxWidth: Math.max(0, r.w - 16) };
}

function footStyle(r: Rect): React.CSSProperties {
  return { left: r.x + 8, top: r.y + r.h - FOOT_H, maxWidth: Math.max(0, r.w - 16) };
}

function noteStyle(r: Rect): React.CSSProperties {
  return { left: r.x + 16, top: r.y + CAPTION_H + 8, width: Math.max(0, r.w - 32), height: Math.max(0, r.h - CAPTION_H - 16) };
}

/** The deepest assembly on the current path, and how many are on it: the tree's drawing changes
 * only with these (and the visit count). */
function walkingKey(f: Oo7Frame): string {
  let count = 0;
  let last = -1;
  const s = f.assemblies.state;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === f.names.walking) {
      count++;
      last = i;
    }
  }
  return `${count}:${last}`;
}

function stateName(f: Oo7Frame, s: number): string {
  return s === f.names.walking ? 'walking (on the current path)' : s === f.names.walked ? 'walked' : 'not yet walked';
}

/** The tooltip (and focus announcement) of an assembly or an atomic part. */
function targetLabel(f: Oo7Frame, t: Icicle, target: Target): string {
  if (target.kind === 'part') {
    const j = target.j;
    if (j >= f.parts.visited.length) return '';
    const to = f.parts.to.map((c) => c[j]).filter((x) => x !== NONE);
    return `atomic part ${j}${j === 0 ? ' (root part)' : ''} of composite part ${f.composite}: ${f.parts.visited[j] ? 'visited' : 'not visited'}${f.parts.onPath[j] ? ', on the depth-first stack' : ''}; connections to parts ${to.join(', ')}`;
  }
  const i = target.i;
  if (i >= f.assemblies.parent.length) return '';
  const below = Math.round((t.x1[i] - t.x0[i]) * t.leaves);
  const kind = f.assemblies.base[i] ? 'base assembly' : `complex assembly over ${fmt(below)} base assemblies`;
  return `assembly ${i}, level ${f.assemblies.level[i]} of ${f.levels}: ${kind}, ${stateName(f, f.assemblies.state[i])}`;
}

function drawPanel(canvas: HTMLCanvasElement | null, width: number, height: number, treeRect: Rect, graphRect: Rect, f: Oo7Frame, t: Icicle, hover: Target | null, focus: number): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  drawTree(ctx, treeRect, f, t, hover?.kind === 'assembly' ? hover.i : -1, focus);
  if (f.composite >= 0 && f.parts.visited.length > 0) drawComposite(ctx, ringLayout(f.parts.visited.length, graphRect), f, hover?.kind === 'part' ? hover.j : -1);
}

function drawTree(ctx: CanvasRenderingContext2D, r: Rect, f: Oo7Frame, t: Icicle, hover: number, focus: number): void {
  const p = treePlot(r, t.rows);
  const colour = (s: number) => (s === f.names.walking ? WALKING : s === f.names.walked ? WALKED : NOT_YET);
  const rowY = (row: number) => p.y + row * p.rowH;
  const h = p.rowH - 2;
  // Row labels: the level, the root and the base assemblies named.
  ctx.font = `${Math.min(11, p.rowH - 1)}px system-ui, sans-serif`;
  ctx.fillStyle = '#444';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let row = 0; row < t.rows; row++) {
    const base = t.byRow[row].length > 0 && f.assemblies.base[t.byRow[row][0]] === 1;
    const label = row === 0 ? `${row + 1} root` : base ? `${row + 1} base` : String(row + 1);
    ctx.fillText(label, p.x - 6, rowY(row) + h / 2);
  }
  ctx.textAlign = 'left';
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillText('level', r.x + 8, p.y + t.rows * p.rowH + 6);
  // Runs of equal state, one fill style at a time.
  const runs = stateRuns(t, f.assemblies.state, p.w);
  for (const s of [f.names.notYet, f.names.walked, f.names.walking]) {
    ctx.fillStyle = colour(s);
    for (const run of runs) if (run.state === s) ctx.fillRect(p.x + run.x0, rowY(run.row), run.x1 - run.x0, h);
  }
  ctx.fillStyle = '#fff';
  for (const sep of separators(t, p.w)) ctx.fillRect(p.x + sep.x - 0.5, rowY(sep.row), 1, h);
  // The current path: each walking assembly at least 4 px wide, outlined, joined root to leaf.
  const path: number[] = [];
  for (let i = 0; i < t.n; i++) if (f.assemblies.state[i] === f.names.walking) path.push(i);
  const cx = (i: number) => p.x + ((t.x0[i] + t.x1[i]) / 2) * p.w;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#000';
  for (const i of path) {
    const w = Math.max(4, (t.x1[i] - t.x0[i]) * p.w);
    ctx.fillStyle = WALKING;
    ctx.fillRect(cx(i) - w / 2, rowY(t.row[i]), w, h);
    ctx.strokeRect(cx(i) - w / 2, rowY(t.row[i]) + 0.75, w, h - 1.5);
  }
  if (path.length > 0) {
    ctx.beginPath();
    path.forEach((i, k) => (k === 0 ? ctx.moveTo(cx(i), rowY(t.row[i]) + h / 2) : ctx.lineTo(cx(i), rowY(t.row[i]) + h / 2)));
    ctx.stroke();
  }
  // A marker under the base assembly being walked, whose composite parts the ring shows.
  const last = path[path.length - 1];
  if (last !== undefined && f.assemblies.base[last]) {
    const y = rowY(t.row[last]) + h + 2;
    ctx.fillStyle = '#000';
    ctx.beginPath();
    ctx.moveTo(cx(last), y);
    ctx.lineTo(cx(last) - 5, y + 7);
    ctx.lineTo(cx(last) + 5, y + 7);
    ctx.fill();
  }
  for (const [i, style] of [
    [hover, '#000'],
    [focus, FOCUS],
  ] as const) {
    if (i < 0 || i >= t.n) continue;
    const w = Math.max(4, (t.x1[i] - t.x0[i]) * p.w);
    ctx.strokeStyle = style;
    ctx.lineWidth = 2;
    ctx.strokeRect(cx(i) - w / 2 - 1, rowY(t.row[i]) - 1, w + 2, h + 2);
  }
  ctx.textBaseline = 'alphabetic';
}

function drawComposite(ctx: CanvasRenderingContext2D, ring: Ring, f: Oo7Frame, hover: number): void {
  const { visited, onPath, to } = f.parts;
  const n = ring.n;
  // Connections: those of visited parts (the walk has read them) darker; those of unvisited parts
  // faint, and left out of large rings.
  for (const fromVisited of [false, true]) {
    if (!fromVisited && n > ALL_EDGES_UP_TO) continue;
    ctx.strokeStyle = fromVisited ? 'rgba(63,120,181,0.55)' : 'rgba(0,0,0,0.16)';
    ctx.lineWidth = n > ALL_EDGES_UP_TO ? 0.6 : 1;
    ctx.beginPath();
    for (let j = 0; j < n; j++) {
      if (!!visited[j] !== fromVisited) continue;
      for (const c of to) {
        const k = c[j];
        if (k === NONE || k >= n) continue;
        ctx.moveTo(ring.x[j], ring.y[j]);
        ctx.lineTo(ring.x[k], ring.y[k]);
      }
    }
    ctx.stroke();
  }
  // Parts: unvisited hollow, visited filled, the depth-first stack orange and outlined.
  const disc = (j: number, extra = 0) => {
    ctx.moveTo(ring.x[j] + ring.nodeR + extra, ring.y[j]);
    ctx.arc(ring.x[j], ring.y[j], ring.nodeR + extra, 0, 2 * Math.PI);
  };
  const pass = (fill: string, stroke: string | null, test: (j: number) => boolean, extra = 0) => {
    ctx.beginPath();
    for (let j = 0; j < n; j++) if (test(j)) disc(j, extra);
    ctx.fillStyle = fill;
    ctx.fill();
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  };
  pass(NOT_YET, UNVISITED_STROKE, (j) => !visited[j] && !onPath[j]);
  // On a large ring the discs are tiny: the visited ones and the stack are drawn larger.
  pass(WALKED, null, (j) => !!visited[j] && !onPath[j], Math.max(0, 3 - ring.nodeR));
  pass(WALKING, '#000', (j) => !!onPath[j], Math.max(1, 3.5 - ring.nodeR));
  if (hover >= 0 && hover < n) {
    ctx.beginPath();
    disc(hover, 3);
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  // Part numbers inside discs big enough for them; the root part named above the ring.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (ring.nodeR >= 6) {
    ctx.font = `${ring.nodeR >= 8 ? 9 : 8}px system-ui, sans-serif`;
    for (let j = 0; j < n; j++) {
      ctx.fillStyle = visited[j] && !onPath[j] ? '#fff' : '#111';
      ctx.fillText(String(j), ring.x[j], ring.y[j] + 0.5);
    }
  }
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#444';
  ctx.textBaseline = 'bottom';
  ctx.fillText('root part', ring.x[0], ring.y[0] - ring.nodeR - 3);
  ctx.textAlign = 'start';
  ctx.textBaseline = 'alphabetic';
}
