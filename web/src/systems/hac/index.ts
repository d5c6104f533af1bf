// Castro et al.'s HAC on OO7 (engine/core/src/systems/hac/): what the web app shows of it.
import type { WebSystem } from '../system';
import './targets';
import { HacIntro } from './Intro';
import './grid.css';

export const hac: WebSystem = {
  kind: 'hac',
  views: {
    HacView: () => import('./HacView'),
    Oo7Panel: () => import('./Oo7Panel'),
  },
  inspector: () => import('./inspect'),
  Intro: HacIntro,
  grid: true,
  viewKeys: {
    where: 'In the HAC client-cache view',
    keys: [
      { keys: ['n', 'p'], what: 'go to the next / previous step of the replacement in flight' },
      { keys: ['arrows', 'Home', 'End', 'Enter'], what: 'move through and pick its frames' },
    ],
  },
};
