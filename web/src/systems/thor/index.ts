// Thor0 (engine/core/src/systems/thor/): what the web app shows of it.
import type { WebSystem } from '../system';
import { ThorIntro } from './Intro';
import './grid.css';

export const thor: WebSystem = {
  kind: 'thor',
  views: {
    PrefetchView: () => import('./PrefetchView'),
    HeapView: () => import('./HeapView'),
  },
  libViews: ['Oo7Panel', 'MobView'],
  // The OR's MOB, which the paper calls the mcache (§4), over Thor0's segments; its modified
  // objects are all atomic parts.
  mobView: {
    terms: {
      title: "The OR's mcache",
      buffer: 'mcache',
      page: 'segment',
      pagePrefix: 's',
      areas: 'the kind of object modified',
      areaColours: { 'atomic part': '#2c7fb8' },
      absorptionSource: 'thesis Fig. 4-2',
    },
  },
  // Measured in Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks them).
  viewHeights: { PrefetchView: 1390, HeapView: 800 },
  inspector: () => import('./inspect'),
  Intro: ThorIntro,
  grid: true,
  about:
    'A client that caches objects, not pages: it asks the server for a group of objects around each one it misses, and grows or shrinks the group by how much of the last ones it used. When its cache fills, it discards whole groups and copies what is still reachable.',
  headline: ['thor-t1-small', 'thor-t6-small', 'table3-thor-t1-medium'],
};
