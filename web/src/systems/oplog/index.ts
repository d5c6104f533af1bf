// O'Toole and Shrira's opportunistic log (engine/core/src/systems/oplog/): what the web app
// shows of it.
import type { WebSystem } from '../system';
import { OplogIntro } from './Intro';
import './grid.css';

export const oplog: WebSystem = {
  kind: 'oplog',
  views: {
    PoolPlatter: () => import('./PoolPlatter'),
    OplogDiagram: () => import('./OplogDiagram'),
    OplogMemory: () => import('./OplogMemory'),
    OplogCharts: () => import('./OplogCharts'),
  },
  // Measured in Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks them).
  viewHeights: { PoolPlatter: 640, OplogDiagram: 400, OplogMemory: 360, OplogCharts: 520 },
  inspector: () => import('./inspect'),
  Intro: OplogIntro,
  grid: true,
  about:
    'An object server that logs modified objects and installs them into their pages opportunistically: whichever pending page the disk head can reach soonest, so the installation reads ride the head instead of seeking for each.',
  headline: ['oplog-pool', 'oplog-fig3-opportunistic', 'oplog-fig3-absorbing'],
};
