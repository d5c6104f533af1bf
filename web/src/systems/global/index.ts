// Venkataraman's cluster of servers with one global memory (engine/core/src/systems/global/):
// what the web app shows of it.
import type { WebSystem } from '../system';
import { GlobalIntro } from './Intro';

export const globalMemory: WebSystem = {
  kind: 'global',
  views: { ClusterView: () => import('./ClusterView'), GlobalCharts: () => import('./GlobalCharts'), OwnerChart: () => import('./OwnerChart') },
  // Measured in Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks it).
  viewHeights: { ClusterView: 625, GlobalCharts: 560, OwnerChart: 460 },
  inspector: () => import('./inspect'),
  Intro: GlobalIntro,
  grid: false,
  about:
    'Ten database servers, each owning the pages on its disks and serving its own clients, whose memories serve one another: a miss asks the page’s owner, which sends it from its memory, has another server forward it, or reads it from disk. Where the data lives decides how much of the cluster’s memory a client can use.',
  headline: ['global-fig18-clsv-decl', 'global-fig18-clus-diff', 'global-fig18-clus-same'],
};
