// Ghemawat's MOB server (engine/core/src/systems/mob/): what the web app shows of it.
import type { WebSystem } from '../system';
import './targets';
import { MobIntro } from './Intro';
import { MOB_TERMS } from '../../views/lib/mob/part';
import './grid.css';

export const mob: WebSystem = {
  kind: 'mob',
  views: {
    SystemDiagram: () => import('./SystemDiagram'),
    DiskView: () => import('./DiskView'),
    CacheView: () => import('./CacheView'),
    SpaceView: () => import('./SpaceView'),
    Charts: () => import('./Charts'),
  },
  // Measured in Chromium at 310 px wide (tests/e2e/embed-height.test.mjs checks them).
  viewHeights: { SystemDiagram: 300, DiskView: 680, CacheView: 320, SpaceView: 560, Charts: 420 },
  libViews: ['MobView'],
  mobView: { terms: MOB_TERMS, extras: () => import('./mobViewExtras') },
  inspector: () => import('./inspect'),
  Intro: MobIntro,
  grid: true,
  galleryFirst: ['mob-default'],
  about:
    'A server that keeps modified objects in a small buffer (the MOB) instead of modified pages: commits cost one log write, and a flusher installs them into their pages later, absorbing many modifications of one page into a single disk write.',
  headline: ['mob-default', 'uniform-absorption', 'fig4-7-memory-split'],
  viewKeys: {
    where: 'In the disk-space view',
    keys: [
      { keys: ['arrows', 'Home', 'End'], what: 'move through its regions, a region’s fragments or the pages’ homes (a fragment or a page lights all of that page’s fragments)' },
      { keys: ['Enter'], what: 'pick the region, fragment or page for the inspector' },
    ],
  },
};
