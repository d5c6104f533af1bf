// Charts over simulated time of the opportunistic-log system's samples (spec §3, §5.1 items 3–4):
// throughput, the installation reads' mean cost ICost (gaps where no installation read completed),
// the pending pool's size with the log's entries, and the disk's time by operation class. The
// warm-up is shaded; each chart gives its latest values.
import { REQUEST_PALETTE, type ViewProps } from '../../views/contract';
import { ChartsPanel } from '../../views/lib/ChartsPanel';
import type { ChartSpec } from '../../views/lib/TimeChart';
import type { OplogSample as S } from './oplogFrame';

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
  return <ChartsPanel frames={frames} charts={OPLOG_CHARTS} view="oplog-charts" />;
}
