// Charts over simulated time (spec §5): throughput, disk utilisation by request kind (stacked),
// MOB occupancy and the server cache hit ratio. The warm-up is shaded; each chart gives its
// latest values.
import { REQUEST_PALETTE, type ViewProps } from '../../views/contract';
import { ChartsPanel } from '../../views/lib/ChartsPanel';
import type { ChartSpec } from '../../views/lib/TimeChart';
import type { MobSample as S } from './mobFrame';

export const MOB_CHARTS: ChartSpec<S>[] = [
  {
    key: 'throughput',
    title: 'Throughput',
    unit: 'tx/s',
    digits: 1,
    yMax: null,
    lines: [{ name: 'committed transactions', colour: '#1f6feb', value: (s) => s.throughput_tps }],
  },
  {
    key: 'disk',
    title: 'Disk utilisation by request kind',
    unit: '%',
    digits: 1,
    yMax: 100,
    stacked: true,
    lines: [
      { name: 'fetch read', colour: REQUEST_PALETTE['fetch read'], value: (s) => 100 * s.disk_utilisation.fetch_read },
      { name: 'installation read', colour: REQUEST_PALETTE['installation read'], value: (s) => 100 * s.disk_utilisation.install_read },
      { name: 'page write', colour: REQUEST_PALETTE['page write'], value: (s) => 100 * s.disk_utilisation.write },
      { name: 'cleaner I/O', colour: REQUEST_PALETTE['cleaner I/O'], value: (s) => 100 * s.disk_utilisation.clean },
    ],
  },
  {
    key: 'mob',
    title: 'MOB occupancy',
    unit: '%',
    digits: 1,
    yMax: 100,
    lines: [{ name: 'MOB used / capacity', colour: '#8c510a', value: (s) => 100 * s.mob_occupancy }],
  },
  {
    key: 'hit-ratio',
    title: 'Server cache hit ratio',
    unit: '%',
    digits: 1,
    yMax: 100,
    lines: [{ name: 'fetches served from memory', colour: '#238b45', value: (s) => 100 * s.server_cache_hit_ratio }],
  },
];

export default function Charts({ frames }: ViewProps) {
  return <ChartsPanel frames={frames} charts={MOB_CHARTS} view="charts" />;
}
