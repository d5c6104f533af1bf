// Castro et al.'s HAC on OO7 (engine/core/src/systems/hac/): what the web app shows of it.
import type { WebSystem } from '../system';
import './targets';
import { HacIntro } from './Intro';
import './grid.css';

export const hac: WebSystem = {
  kind: 'hac',
  views: {
    HacView: () => import('./HacView'),
  },
  // Measured in Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks them).
  viewHeights: { HacView: 720 },
  libViews: ['Oo7Panel'],
  inspector: () => import('./inspect'),
  Intro: HacIntro,
  grid: true,
  about:
    "A client cache of page-sized frames that keeps whole pages while they are well used and compacts them into frames of hot objects when they are not, so it wastes no space on cold neighbours yet fetches whole pages; compared with FPC, a page cache, and GOM's dual buffering.",
  headline: ['hac-compaction', 'hac-t1-cold', 'fpc-t1-cold'],
  viewKeys: {
    where: 'In the HAC client-cache view',
    keys: [
      { keys: ['n', 'p'], what: 'go to the next / previous step of the replacement in flight' },
      { keys: ['arrows', 'Home', 'End', 'Enter'], what: 'move through and pick its frames' },
    ],
  },
};
