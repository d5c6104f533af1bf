// Charts over simulated time of the global-memory cluster's samples (thesis §3.5, §4.5.6): the
// measured requests' mean response time and disk reads per request so far in the window, and each
// server's LRU tail age, the mean time since the last use of its 100 least recently used pages
// (§4.1.3, Fig. 42), one line a server in its colour. Under one global LRU list every tail would be
// the same age; a busy server's far younger than an idle one's says the cluster evicts hot pages
// while cold ones sit elsewhere. A gap: the server still has a free frame.
import { useMemo } from 'react';
import type { ViewProps } from '../../views/contract';
import { useFrameTick } from '../../views/lib/hooks';
import { ChartsPanel } from '../../views/lib/ChartsPanel';
import type { ChartSpec } from '../../views/lib/TimeChart';
import { serverColours } from './clusterDraw';
import { clusterFrame } from './clusterFrame';

/** A sample of the cluster's series (engine/core/src/systems/global/metrics.rs). */
export interface GlobalSample {
  t_s: number;
  measuring: boolean;
  [figure: string]: unknown;
  requests: number;
  response_ms: number;
  misses_per_request: number;
  resident: number;
  tail_age_s: (number | null)[];
}

export const RESPONSE_CHART: ChartSpec<GlobalSample> = {
  key: 'response',
  title: 'Response time and disk reads',
  unit: 'ms / reads',
  digits: 2,
  yMax: null,
  lines: [
    { name: 'response time', unit: 'ms', colour: '#1f6feb', value: (s) => (s.measuring ? s.response_ms : null) },
    { name: 'disk reads a request', unit: 'reads', colour: '#a63603', value: (s) => (s.measuring ? s.misses_per_request : null) },
  ],
  note: 'From the end of the warm-up: the figures of the run summary as they build up.',
};

/** Who a server serves, for its line's name. */
const ROLE: Readonly<Record<string, string>> = { none: ' (idle)', large: ' (large client)', small: ' (small client)' };

/** The tail-age chart: one line a server, named by its client. */
export function tailSpec(clients: readonly string[]): ChartSpec<GlobalSample> {
  const colours = serverColours(clients.length);
  return {
    key: 'tail-age',
    title: 'LRU tail age by server (Fig. 42)',
    unit: 's',
    digits: 1,
    yMax: null,
    lines: clients.map((client, i) => ({
      name: `S${i}${ROLE[client] ?? ''}`,
      colour: colours[i],
      value: (s: GlobalSample) => s.tail_age_s?.[i] ?? null,
    })),
    note: 'Close lines: every server evicts pages of about the same age, as one global LRU list would. A gap: a frame is still free.',
  };
}

export default function GlobalCharts({ frames, description }: ViewProps) {
  const tick = useFrameTick(frames, 500);
  const clients = tick ? clusterFrame(tick, description).servers.map((s) => s.client) : [];
  const key = clients.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const charts = useMemo(() => (clients.length > 0 ? [RESPONSE_CHART, tailSpec(clients)] : [RESPONSE_CHART]), [key]);
  return <ChartsPanel frames={frames} charts={charts} view="global-charts" />;
}
