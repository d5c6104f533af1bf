// Charts over simulated time of the opportunistic-log system's samples (spec §3, §5.1 items 3–4):
// throughput, the installation reads' mean cost ICost (gaps where no installation read completed),
// the pending pool's size with the log's entries, and the disk's time by operation class. The
// warm-up is shaded; each chart gives its latest values.
import { useRef } from 'react';
import { REQUEST_PALETTE, type ViewProps } from './contract';
import { EMPTY_MESSAGE, useElementSize, useSeries, useStarted } from './lib/hooks';
import { TimeChart, WARMUP_FILL, type ChartSpec } from './lib/TimeChart';
import type { OplogSample as S } from './lib/oplogFrame';
import './views.css';
import './oplog.css';

export const OPLOG_CHARTS: ChartSpec<S>[] = [
  {
    key: 'throughput',
    title: 'Throughput',
    unit: 'tx/s',
    digits: 0,
    yMax: null,
    lines: [{ name: 'committed transactions, read-only ones included', colour: '#1f6feb', value: (s) => s.throughput_tps }],
  },
  {
    key: 'icost',
    title: 'Installation-read cost ICost',
    unit: 'ms',
    digits: 2,
    yMax: null,
    lines: [{ name: 'mean seek + rotation + transfer per installation read', colour: REQUEST_PALETTE['installation read'], value: (s) => s.icost_ms }],
    note: 'A gap: no installation read completed in that interval.',
  },
  {
    key: 'pool',
    title: 'Pending pool and log',
    unit: 'pages / entries',
    digits: 0,
    yMax: null,
    lines: [
      { name: 'pending pages (the pool)', unit: 'pages', colour: '#a63603', value: (s) => s.pool_pages },
      { name: 'log entries', unit: 'entries', colour: '#6a51a3', value: (s) => s.log_entries },
    ],
  },
  {
    key: 'disk',
    title: 'Disk time by operation',
    unit: '%',
    digits: 1,
    yMax: 100,
    stacked: true,
    lines: [
      { name: 'fetch read', colour: REQUEST_PALETTE['fetch read'], value: (s) => 100 * s.disk_share.fetch_read },
      { name: 'installation read', colour: REQUEST_PALETTE['installation read'], value: (s) => 100 * s.disk_share.install_read },
      { name: 'page write', colour: REQUEST_PALETTE['page write'], value: (s) => 100 * s.disk_share.write },
      {
        // Blank: the warm-up's shading shows through.
        name: 'idle',
        colour: 'transparent',
        value: (s) => Math.max(0, 100 * (1 - s.disk_share.fetch_read - s.disk_share.install_read - s.disk_share.write)),
      },
    ],
  },
];

export default function OplogCharts({ frames }: ViewProps) {
  const store = useSeries(frames);
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const started = useStarted(frames);

  const samples = store.samples as S[];
  const warmupEnd = store.warmupEnd();
  // A tall, narrow panel stacks the charts; otherwise a 2 × 2 grid.
  const cols = size.width < size.height * 0.8 ? 1 : 2;
  const rows = Math.ceil(OPLOG_CHARTS.length / cols);
  const cw = Math.floor(size.width / cols);
  const ch = Math.floor(size.height / rows);
  const interval = samples.length > 1 ? samples[samples.length - 1].t_s - samples[samples.length - 2].t_s : null;
  return (
    <div className="sl-view" data-view="oplog-charts">
      <div className="sl-head">
        <h3 className="sl-title">Charts over simulated time</h3>
        <span className="sl-stat">
          <i className="sl-swatch" style={{ background: WARMUP_FILL }} /> warm-up (not measured)
        </span>
        <span className="sl-stat" data-testid="sample-count">
          samples <b>{samples.length}</b>
          {interval !== null && `, one every ${interval.toFixed(interval < 1 ? 2 : 0)} s`}
        </span>
        {!started && <span className="sl-stat">{EMPTY_MESSAGE}</span>}
        {started && samples.length === 0 && <span className="sl-stat">Waiting for the first sample (the engine takes one each sampling interval of simulated time)…</span>}
      </div>
      <div className="oplog-charts-plot" ref={box} style={{ gridTemplateColumns: `repeat(${cols}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)` }}>
        {cw > 0 &&
          ch > 0 &&
          OPLOG_CHARTS.map((spec) => <TimeChart key={spec.key} spec={spec} samples={samples} warmupEnd={warmupEnd} width={cw} height={ch} version={store.version} />)}
      </div>
    </div>
  );
}
