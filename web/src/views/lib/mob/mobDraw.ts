// The MOB view's painting (MobView.tsx): the layout of its strips and the canvas work, pure
// functions of a frame, apart from the component.
import { REQUEST_PALETTE } from '../../contract';
import { prepareCanvas } from '../hooks';
import { fillRuns } from '../pixels';
import { scratch } from '../scratch';
import { AreaColumns, paintAreaColumns } from './areaColumns';
import { CHUNK_OVERHEAD, chunkBytes, mobGeometry } from './mob';
import type { BufferFrame } from './bufferFrame';
import type { PageAreas } from './pages';

/** What the pointer is over. */
export interface Hover {
  x: number;
  y: number;
  chunk: number; // index in the scan list, or -1
  page: number;
  batchIndex: number; // or -1
}

export const ML = 14;
export const MR = 14;
// Vertical layout (CSS px).
export const S1_Y = 40; // whole-MOB strip
export const S1_H = 46;
export const S2_Y = 138; // magnified oldest part
export const S2_H = 34;
export const ZOOM_WINDOWS = 4; // the magnified strip shows 4 × the scan fraction
export const B_Y = 228; // flusher batch row
export const B_H = 26;
export const MIN_HEIGHT = B_Y + B_H + 12;
export const HOLE = '#9e9e9e';
export const EMPTY_FILL = '#f3f3f3';

export function batchCellWidth(plotW: number, n: number): number {
  return Math.max(2, Math.min(64, plotW / Math.max(1, n)));
}

/** Draw the strips and the batch row. Pure canvas work; O(chunks + width): the chunks are walked
 * in log order, each placed where the previous one ends (mob.ts's layout, without its arrays). */
export function drawMob(
  canvas: HTMLCanvasElement | null,
  width: number,
  height: number,
  f: BufferFrame,
  areas: PageAreas,
  hover: Hover | null,
  selectedPage: number,
  pagePrefix = 'p',
): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const m = f.mob;
  const layout = mobGeometry(m);
  const bpm = layout.bytesPerModification;
  const { chunkCount: counts, chunkArea: chunkAreas, chunkPage: chunkPages } = m;
  const plotW = Math.max(10, width - ML - MR);
  const cap = Math.max(1, m.capacityBytes);
  const n = counts.length;
  const batch = f.flusher.batch;
  const hoverPage = hover ? hover.page : -1;
  // Pages of the flusher's pass (1) and the hovered or selected page (2) as a flat table: it is
  // looked up once per chunk.
  let pages = Math.max(hoverPage, selectedPage) + 1;
  for (const p of batch) pages = Math.max(pages, p + 1);
  const markOf = scratch('mob.markOf', Uint8Array, pages);
  for (const p of batch) markOf[p] = 1;
  for (const p of [hoverPage, selectedPage]) if (p >= 0) markOf[p] = 2;

  // ---- strip 1: the whole MOB, aggregated per device-pixel column by area ----
  const dpr = window.devicePixelRatio || 1;
  const cols = AreaColumns.reused('mob.whole', Math.max(1, Math.floor(plotW * dpr)));
  const pxPerByte = plotW / cap;
  const showEdges = layout.liveChunks > 0 && plotW / layout.liveChunks >= 5;
  const { holes, marks } = wholeStrip(m, bpm, cols, cols.cols / cap, showEdges, markOf);
  paintAreaColumns(ctx, cols, ML, S1_Y, S1_H, f.names.areaColour, EMPTY_FILL, dpr);
  // Holes: grey ticks above the strip.
  ctx.fillStyle = HOLE;
  fillRuns(ctx, holes, 1, ML, dpr, S1_Y - 7, 5);
  // Pages of the flusher's pass (black band at the bottom) and the hovered page (outlined).
  ctx.fillStyle = '#111';
  fillRuns(ctx, marks, 1, ML, dpr, S1_Y + S1_H - 7, 7);
  ctx.fillStyle = 'rgba(0,0,0,0.55)';
  fillRuns(ctx, marks, 2, ML, dpr, S1_Y - 2, S1_H + 4, 0.5);
  // Scan window over the oldest scanFrac of capacity.
  const scanPx = Math.max(2, Math.max(layout.scanEnd, m.scanFrac * cap) * pxPerByte);
  ctx.fillStyle = 'rgba(31,111,235,0.18)';
  ctx.fillRect(ML, S1_Y - 2, scanPx, S1_H + 4);
  ctx.strokeStyle = '#1f6feb';
  ctx.lineWidth = 1;
  ctx.strokeRect(ML + 0.5, S1_Y - 1.5, scanPx, S1_H + 3);
  // Fill level and trigger line.
  const usedX = ML + Math.min(1, m.usedBytes / cap) * plotW;
  ctx.fillStyle = '#222';
  ctx.fillRect(usedX - 0.5, S1_Y - 4, 1.5, S1_H + 8);
  const trigX = ML + m.trigger * plotW;
  ctx.strokeStyle = '#b00020';
  ctx.setLineDash([4, 3]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(trigX, S1_Y - 10);
  ctx.lineTo(trigX, S1_Y + S1_H + 4);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = '#bbb';
  ctx.lineWidth = 1;
  ctx.strokeRect(ML + 0.5, S1_Y + 0.5, plotW - 1, S1_H - 1);
  // Connector from the scan window down to the magnified strip.
  const zoomBytes = ZOOM_WINDOWS * m.scanFrac * cap;
  ctx.strokeStyle = 'rgba(31,111,235,0.5)';
  ctx.beginPath();
  ctx.moveTo(ML, S1_Y + S1_H + 24);
  ctx.lineTo(ML, S2_Y);
  ctx.moveTo(ML + Math.max(2, zoomBytes * pxPerByte), S1_Y + S1_H + 24);
  ctx.lineTo(ML + plotW, S2_Y - 2);
  ctx.stroke();

  // ---- strip 2: the oldest ZOOM_WINDOWS × scanFrac, chunk by chunk ----
  const zpx = plotW / Math.max(1, zoomBytes);
  const zcols = AreaColumns.reused('mob.zoom', cols.cols);
  const zColPerByte = zcols.cols / Math.max(1, zoomBytes);
  const zHoles = scratch('mob.zoom.holes', Uint8Array, zcols.cols);
  const zMarks = scratch('mob.zoom.marks', Uint8Array, zcols.cols);
  const zOutlines: [number, number][] = [];
  const zLabels: [number, number][] = [];
  let at = 0; // bytes of the log before chunk i
  for (let i = 0; i < n; i++) {
    const s = at;
    if (s > zoomBytes) break;
    const count = counts[i];
    if (count === 0) {
      zHoles[zcols.column(s * zColPerByte)] = 1;
      continue;
    }
    const bytes = chunkBytes(count, bpm);
    at += bytes;
    const zs = s * zColPerByte;
    const zz = Math.min(bytes, zoomBytes - s) * zColPerByte;
    zcols.add(zs, zz, chunkAreas[i] % 3);
    const x = ML + s * zpx;
    const w = Math.min(bytes * zpx, ML + plotW - x);
    const p = chunkPages[i];
    const mk = p < pages ? markOf[p] : 0;
    if (mk === 2) zOutlines.push([x, w]);
    else if (mk === 1) for (let c = zcols.column(zs); c <= zcols.column(zs + zz); c++) zMarks[c] = 1;
    if (w >= 3) zcols.edge[zcols.column(zs)] = 1;
    if (w >= 34) zLabels.push([x, p]);
  }
  paintAreaColumns(ctx, zcols, ML, S2_Y, S2_H, f.names.areaColour, EMPTY_FILL, dpr);
  ctx.fillStyle = '#111';
  fillRuns(ctx, zMarks, 1, ML, dpr, S2_Y + S2_H - 6, 6);
  ctx.fillStyle = HOLE;
  fillRuns(ctx, zHoles, 1, ML, dpr, S2_Y - 7, 5);
  ctx.strokeStyle = '#000';
  ctx.lineWidth = 2;
  for (const [x, w] of zOutlines) ctx.strokeRect(x + 1, S2_Y + 1, Math.max(1, w - 2), S2_H - 2);
  ctx.fillStyle = '#fff';
  ctx.font = '10px system-ui, sans-serif';
  for (const [x, p] of zLabels) ctx.fillText(`${pagePrefix}${p}`, x + 3, S2_Y + 13);
  ctx.fillStyle = 'rgba(31,111,235,0.18)';
  ctx.fillRect(ML, S2_Y - 2, Math.min(plotW, m.scanFrac * cap * zpx), S2_H + 4);
  ctx.strokeStyle = '#1f6feb';
  ctx.lineWidth = 1.5;
  ctx.strokeRect(ML + 0.5, S2_Y - 1.5, Math.min(plotW, m.scanFrac * cap * zpx), S2_H + 3);
  ctx.strokeStyle = '#bbb';
  ctx.lineWidth = 1;
  ctx.strokeRect(ML + 0.5, S2_Y + 0.5, plotW - 1, S2_H - 1);

  // ---- the flusher's batch in disk-address order ----
  const fl = f.flusher;
  if (batch.length > 0) {
    const cw = batchCellWidth(plotW, batch.length);
    ctx.font = '10px system-ui, sans-serif';
    ctx.textAlign = 'center';
    for (let i = 0; i < batch.length; i++) {
      const x = ML + i * cw;
      const p = batch[i];
      const area = areas.get(p);
      const done = i < fl.position;
      const current = i === fl.position && fl.state !== 'idle';
      ctx.globalAlpha = done ? 0.3 : 1;
      ctx.fillStyle = area === undefined ? '#999' : f.names.areaColour[area % 3];
      ctx.fillRect(x + 1, B_Y, cw - 2, B_H);
      ctx.globalAlpha = 1;
      if (current) {
        const col = fl.state === 'reading' ? REQUEST_PALETTE['installation read'] : REQUEST_PALETTE['page write'];
        ctx.strokeStyle = col;
        ctx.lineWidth = 3;
        ctx.strokeRect(x + 1.5, B_Y - 1.5, cw - 3, B_H + 3);
        ctx.fillStyle = col;
        ctx.fillRect(x + 1, B_Y + B_H + 3, cw - 2, 4);
      }
      if (p === hoverPage || p === selectedPage) {
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x + 1, B_Y, cw - 2, B_H);
      }
      if (cw >= 30) {
        ctx.fillStyle = done ? '#333' : '#fff';
        ctx.fillText(String(p), x + cw / 2, B_Y + 16);
      }
    }
    ctx.textAlign = 'start';
  } else {
    ctx.fillStyle = '#fafafa';
    ctx.fillRect(ML, B_Y, plotW, B_H);
    ctx.strokeStyle = '#e3e3e3';
    ctx.strokeRect(ML + 0.5, B_Y + 0.5, plotW - 1, B_H - 1);
  }
}

/** The whole MOB's strip: each chunk's bytes by area added to `cols` (`colPerByte` columns a
 * byte), with a chunk boundary flagged where `edges`; the columns of holes (chunks with nothing
 * live), and each column's mark, the highest `markOf` of its chunks' pages (0 past its end). Tens
 * of thousands of chunks a frame: most fall within one column, added here without
 * AreaColumns.add's general case, and nothing is called per chunk. */
function wholeStrip(m: BufferFrame['mob'], bpm: number, cols: AreaColumns, colPerByte: number, edges: boolean, markOf: Uint8Array): { holes: Uint8Array; marks: Uint8Array } {
  const { chunkCount: counts, chunkArea: chunkAreas, chunkPage: chunkPages } = m;
  const { acc, edge } = cols;
  const last = cols.cols - 1;
  const holes = scratch('mob.whole.holes', Uint8Array, cols.cols);
  const marks = scratch('mob.whole.marks', Uint8Array, cols.cols);
  const marked = markOf.length;
  let at = 0; // bytes of the log before chunk i
  for (let i = 0, n = counts.length; i < n; i++) {
    const s = at * colPerByte;
    const c0 = s >= last ? last : s | 0; // cols.column(s): s is never negative
    const count = counts[i];
    if (count === 0) {
      holes[c0] = 1;
      continue;
    }
    const bytes = count * bpm + CHUNK_OVERHEAD; // chunkBytes
    at += bytes;
    const z = bytes * colPerByte;
    const e = s + z;
    const c1 = e >= last ? last : e | 0;
    if (c0 === c1) acc[c0 * 3 + (chunkAreas[i] % 3)] += z;
    else cols.add(s, z, chunkAreas[i] % 3);
    if (edges) edge[c0] = 1;
    const p = chunkPages[i];
    const mk = p < marked ? markOf[p] : 0;
    if (mk !== 0) for (let c = c0; c <= c1; c++) if (marks[c] < mk) marks[c] = mk;
  }
  return { holes, marks };
}

/** A caption that fits `px` pixels of 11 px text (about 6.3 px a character): `long` when it does,
 * else `short`, so a narrow panel never cuts a caption off. */
export function fit(px: number, long: string, short: string): string {
  return long.length * 6.3 <= px ? long : short;
}
