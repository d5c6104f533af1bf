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
  useEffect(() => {
    if (!ref.current) return;
    const make = { bottom: d3.axisBottom, left: d3.axisLeft, top: d3.axisTop, right: d3.axisRight }[orient];
    const axis = make(scale).ticks(ticks).tickSizeOuter(0);
    if (format) axis.tickFormat((v) => format(Number(v)));
    d3.select(ref.current).call(axis);
  });
  void deps;
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
  const axis = (orient === 'bottom' ? d3.axisBottom(scale) : d3.axisLeft(scale)).ticks(ticks).tickSizeOuter(0);
  if (format) axis.tickFormat((v) => format(Number(v)));
  d3.select(g).call(axis);
}
