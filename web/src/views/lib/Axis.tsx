// A D3 axis rendered into an SVG <g> that React owns (D3 draws the ticks inside it).
import { useEffect, useRef } from 'react';
import * as d3 from 'd3';

type Scale = d3.AxisScale<number>;

export interface AxisProps {
  scale: Scale;
  orient: 'bottom' | 'left' | 'top' | 'right';
  x?: number;
  y?: number;
  ticks?: number;
  format?: (v: number) => string;
  /** Redraw key (scales are often recreated with the same domain; pass the domain). */
  deps?: unknown;
}

export function Axis({ scale, orient, x = 0, y = 0, ticks = 5, format, deps }: AxisProps) {
  const ref = useRef<SVGGElement>(null);
  // Re-running d3's axis join on every render churns the DOM (and layout) for nothing: redraw only
  // when what it draws can have changed (scale domain / range, tick count, labels, `deps`).
  const key = axisKey(scale, orient, ticks, format, deps);
  useEffect(() => {
    if (!ref.current) return;
    const make = { bottom: d3.axisBottom, left: d3.axisLeft, top: d3.axisTop, right: d3.axisRight }[orient];
    const axis = make(scale).ticks(ticks).tickSizeOuter(0);
    if (format) axis.tickFormat((v) => format(Number(v)));
    d3.select(ref.current).call(axis);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return <g ref={ref} transform={`translate(${x},${y})`} />;
}

/** Update an axis imperatively (from a frame callback) without React. */
export function drawAxis(
  g: SVGGElement | null,
  scale: Scale,
  orient: 'bottom' | 'left',
  ticks: number,
  format?: (v: number) => string,
): void {
  if (!g) return;
  const key = axisKey(scale, orient, ticks, format, null);
  if (drawn.get(g) === key) return;
  drawn.set(g, key);
  const axis = (orient === 'bottom' ? d3.axisBottom(scale) : d3.axisLeft(scale)).ticks(ticks).tickSizeOuter(0);
  if (format) axis.tickFormat((v) => format(Number(v)));
  d3.select(g).call(axis);
}

/** What an axis looks like, as a string: equal keys draw identical ticks and labels. */
function axisKey(scale: Scale, orient: string, ticks: number, format: ((v: number) => string) | undefined, deps: unknown): string {
  const domain = (scale as unknown as { domain(): unknown[] }).domain();
  const range = (scale as unknown as { range(): unknown[] }).range();
  const labels = format ? domain.map((v) => format(Number(v))).join(',') : '';
  return `${orient}|${ticks}|${domain.join(',')}|${range.join(',')}|${labels}|${String(deps)}`;
}

/** The key each imperatively drawn axis group was last drawn with. */
const drawn = new WeakMap<SVGGElement, string>();
