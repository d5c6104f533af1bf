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
  inspector: () => import('./inspect'),
  Intro: OplogIntro,
  grid: true,
};
