// A system's charts over simulated time, as one view: a header (the warm-up's shading, how many
// samples and how often, the empty state) over a grid of `TimeChart`s, stacked in a tall, narrow
// panel and 2 × 2 otherwise. A system's charts view is its chart specs and this.
import { useRef } from 'react';
import type { Sample } from '../../engine/types';
import type { FrameSource } from '../contract';
import { EMPTY_MESSAGE, useElementSize, useSeries, useStarted } from './hooks';
import { TimeChart, WARMUP_FILL, type ChartSpec } from './TimeChart';
import '../views.css';

export function ChartsPanel<S extends Sample>({ frames, charts, view }: { frames: FrameSource; charts: readonly ChartSpec<S>[]; view: string }) {
  const store = useSeries(frames);
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const started = useStarted(frames);

  // The loaded system's samples: the system's description lists the view that gave `charts`.
  const samples = store.samples as S[];
  const warmupEnd = store.warmupEnd();
  const cols = size.width < size.height * 0.8 ? 1 : 2;
  const rows = Math.ceil(charts.length / cols);
  const cw = Math.floor(size.width / cols);
  const ch = Math.floor(size.height / rows);
  const interval = samples.length > 1 ? samples[samples.length - 1].t_s - samples[samples.length - 2].t_s : null;
  return (
    <div className="sl-view" data-view={view}>
      <div className="sl-head">
        <h3 className="sl-title">Charts over simulated time</h3>
        <span className="sl-stat">
          <i className="sl-swatch" style={{ background: WARMUP_FILL }} /> warm-up (not measured)
        </span>
        <span className="sl-stat" data-testid="sample-count">
          samples <b>{samples.length}</b>
          {interval !== null && `, one every ${interval.toFixed(interval < 1 ? 2 : 0)} s`}
        </span>
        {/* In the header, not over the empty axes. */}
        {!started && <span className="sl-stat">{EMPTY_MESSAGE}</span>}
        {started && samples.length === 0 && <span className="sl-stat">Waiting for the first sample (the engine takes one each sampling interval of simulated time)…</span>}
      </div>
      <div className="time-charts-plot" ref={box} style={{ gridTemplateColumns: `repeat(${cols}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)` }}>
        {cw > 0 &&
          ch > 0 &&
          charts.map((spec) => <TimeChart key={spec.key} spec={spec} samples={samples} warmupEnd={warmupEnd} width={cw} height={ch} version={store.version} />)}
      </div>
    </div>
  );
}
