// A disk on its own (engine/core/src/systems/disk/): what the web app shows of it.
import type { WebSystem } from '../system';
import { DiskIntro } from './Intro';
import './grid.css';

export const disk: WebSystem = {
  kind: 'disk',
  views: {
    DiskPlatter: () => import('./DiskPlatter'),
    RequestTable: () => import('./RequestTable'),
  },
  // Measured in Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks them).
  viewHeights: { DiskPlatter: 520, RequestTable: 420 },
  inspector: () => import('./inspect'),
  Intro: DiskIntro,
  grid: true,
  about:
    'One disk serving a list of requests: each costs a seek, a wait for its block to turn under the head, and a transfer, and the order a policy serves them in (FIFO, SSTF, SATF) changes the total. The homework disk of OSTEP, time for time.',
  headline: ['disk-ostep-a7-30-8-fifo', 'disk-ostep-a7-30-8-satf', 'disk-ostep-starvation-bsatf-w2'],
};
