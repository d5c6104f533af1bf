// Layout and styles of the OplogDiagram view (spec §2.1): the clients as a grid of tiles on the
// left, the network, the server, and the disk with its FIFO queue on the right. Pure functions of
// the panel's size, so the tests can check that nothing overlaps at the lab's sizes.
import type { ClientStatus } from './oplogFrame';

/** Each client status's outline (and legend) colour and its tile's fill; the tile's number is
 * dark text on the fill. */
export const STATUS_STYLE: Readonly<Record<ClientStatus, { stroke: string; fill: string; about: string }>> = {
  fetching: { stroke: '#1f6feb', fill: '#dbe7ff', about: 'waiting for its fetch reply' },
  thinking: { stroke: '#2e7d32', fill: '#ffffff', about: 'thinking (the green fill rises through the think time)' },
  committing: { stroke: '#b8860b', fill: '#f8e7b9', about: 'waiting for its commit confirmation' },
  blocked: { stroke: '#c62828', fill: '#f9c9c9', about: 'its commit waits for log space' },
};
/** The thinking tile's fill, rising from the bottom as the think time passes. */
export const THINK_FILL = '#a5d6a7';
export const STATUSES = Object.keys(STATUS_STYLE) as ClientStatus[];

export interface ClientGrid {
  cols: number;
  rows: number;
  /** Tile pitch, px (the tile is 2 px smaller). */
  size: number;
}

/** The grid of `n` tiles that fits `width` × `height` with the largest tiles (at most 34 px). */
export function clientGrid(n: number, width: number, height: number): ClientGrid {
  let best: ClientGrid = { cols: 1, rows: Math.max(1, n), size: 0 };
  for (let cols = 1; cols <= Math.max(1, n); cols++) {
    const rows = Math.ceil(n / cols);
    const size = Math.min(34, width / cols, height / Math.max(1, rows));
    if (size > best.size) best = { cols, rows, size };
  }
  return { ...best, size: Math.max(4, Math.floor(best.size)) };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DiagramLayout {
  W: number;
  H: number;
  /** Narrow: the clients above, the server and the disk side by side beneath them. */
  stacked: boolean;
  clients: Box;
  server: Box;
  disk: Box;
}

const PAD = 6;
/** Below this width the parts stack (a phone, a narrow column), the clients' tiles at most this
 * large so the server and the disk keep their height. */
const STACK_BELOW = 440;
const STACKED_TILE = 20;

/** Where the parts go in a `width` × `height` panel (at least 300 × 180) for `n` clients. Wide:
 * clients, network, server and disk from left to right, the disk and the server with the room
 * their text needs and the clients with the rest. Narrow: the clients across the top (no taller
 * than tiles of STACKED_TILE px need), the network beneath them, then the server and the disk. */
export function diagramLayout(width: number, height: number, n: number): DiagramLayout {
  const W = Math.max(300, width);
  const H = Math.max(180, height);
  if (W < STACK_BELOW) {
    const w = W - 2 * PAD;
    const clientsH = Math.min(Math.round(H * 0.36), Math.ceil(Math.max(1, n) / Math.max(1, Math.floor(w / STACKED_TILE))) * STACKED_TILE);
    const top = 18 + clientsH + 26;
    const serverW = Math.round((w - 24) * 0.58);
    return {
      W,
      H,
      stacked: true,
      clients: { x: PAD, y: 18, w, h: clientsH },
      server: { x: PAD, y: top, w: serverW, h: H - PAD - top },
      disk: { x: PAD + serverW + 24, y: top, w: w - serverW - 24, h: H - PAD - top },
    };
  }
  const diskW = Math.max(112, Math.round(W * 0.25));
  const serverW = Math.max(130, Math.round(W * 0.29));
  const networkW = 46;
  const gap = 16;
  const clientsW = W - 2 * PAD - networkW - serverW - gap - diskW;
  const serverX = PAD + clientsW + networkW;
  const diskX = serverX + serverW + gap;
  return {
    W,
    H,
    stacked: false,
    clients: { x: PAD, y: 18, w: clientsW, h: H - 18 - PAD },
    server: { x: serverX, y: PAD, w: serverW, h: H - 2 * PAD },
    disk: { x: diskX, y: PAD, w: W - PAD - diskX, h: H - 2 * PAD },
  };
}

/** Queued requests drawn as squares, at most this many (then "+k more"). */
export const QUEUE_SHOWN = 24;
