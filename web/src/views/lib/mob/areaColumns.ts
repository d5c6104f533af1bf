// The MOB's strip drawn per device-pixel column. The MOB holds tens of thousands of chunks; drawing
// each as a rectangle (even batched into one path per colour) costs a software canvas 15–20 ms a
// frame. Accumulating bytes per column and writing the pixels with one putImageData costs well
// under a millisecond, whatever the number of chunks.

import { rgb, scratchImage } from '../pixels';
import { scratch } from '../scratch';

/** Bytes per column and area (hot, warm, cold) of a strip `cols` device pixels wide, plus a
 * per-column edge flag (a chunk boundary drawn as a light line). */
export class AreaColumns {
  constructor(
    readonly cols: number,
    readonly acc = new Float64Array(cols * 3),
    readonly edge = new Uint8Array(cols),
  ) {}

  /** Columns whose arrays are reused under `key` from draw to draw (scratch.ts). */
  static reused(key: string, cols: number): AreaColumns {
    return new AreaColumns(cols, scratch(`${key}.acc`, Float64Array, cols * 3), scratch(`${key}.edge`, Uint8Array, cols));
  }

  /** Add the interval [s, s + z) (in columns, fractional) of `area`; partial columns get their
   * covered fraction. */
  add(s: number, z: number, area: number): void {
    const last = this.cols - 1;
    const c0 = Math.max(0, Math.min(last, Math.floor(s)));
    const e = s + z;
    const c1 = Math.max(0, Math.min(last, Math.floor(e)));
    if (c0 === c1) {
      this.acc[c0 * 3 + area] += z;
      return;
    }
    this.acc[c0 * 3 + area] += c0 + 1 - s;
    for (let c = c0 + 1; c < c1; c++) this.acc[c * 3 + area] += 1;
    this.acc[c1 * 3 + area] += e - c1;
  }

  /** The column holding position `s` (clamped to the strip). */
  column(s: number): number {
    return Math.max(0, Math.min(this.cols - 1, Math.floor(s)));
  }
}

/**
 * Paint `cols` at CSS position (x, y), `h` CSS pixels high, on a canvas whose device pixels are
 * `dpr` × CSS pixels. Within a column the areas stack bottom-up (hot, warm, cold) in proportion to
 * their bytes; a column only partly covered blends with `empty` by its coverage. Replaces the
 * pixels underneath (putImageData ignores the transform and compositing): draw it first.
 */
export function paintAreaColumns(
  ctx: CanvasRenderingContext2D,
  cols: AreaColumns,
  x: number,
  y: number,
  h: number,
  colours: readonly string[],
  empty: string,
  dpr: number,
): void {
  const w = cols.cols;
  const hh = Math.max(1, Math.round(h * dpr));
  const img = scratchImage(w, hh);
  // One 32-bit write per pixel (ImageData is RGBA in memory: little-endian ABGR words).
  const px = new Uint32Array(img.data.buffer);
  const bg = rgb(empty);
  // A system with fewer than three areas (Thor's mcache: one) has no bytes in the others.
  const fg = [0, 1, 2].map((k) => rgb(colours[k] ?? empty));
  const word = (c: readonly number[], cover: number, keep: number) => {
    let v = 0xff000000;
    for (let k = 0; k < 3; k++) v |= Math.round((c[k] * cover + bg[k] * (1 - cover)) * keep + 255 * (1 - keep)) << (8 * k);
    return v >>> 0;
  };
  // Per column: the colours of its three bands (cold on top, warm, hot at the bottom, each in
  // proportion to its bytes) and the rows where the warm and hot bands begin; then the pixels row
  // by row, in memory order.
  const { acc, edge } = cols;
  const top = scratch('areaColumns.top', Uint32Array, w);
  const mid = scratch('areaColumns.mid', Uint32Array, w);
  const bottom = scratch('areaColumns.bottom', Uint32Array, w);
  const warmFrom = scratch('areaColumns.warmFrom', Uint16Array, w);
  const hotFrom = scratch('areaColumns.hotFrom', Uint16Array, w);
  for (let c = 0; c < w; c++) {
    const v0 = acc[c * 3];
    const v1 = acc[c * 3 + 1];
    const tot = v0 + v1 + acc[c * 3 + 2];
    const keep = edge[c] ? 0.1 : 1; // a chunk boundary: 90% white over the column
    if (tot <= 0) {
      top[c] = word(bg, 1, keep);
      warmFrom[c] = hotFrom[c] = hh;
      continue;
    }
    const cover = Math.min(1, tot);
    const hot = Math.round((v0 / tot) * hh);
    const warm = Math.round(((v0 + v1) / tot) * hh) - hot;
    warmFrom[c] = hh - hot - warm;
    hotFrom[c] = hh - hot;
    top[c] = word(fg[2], cover, keep);
    mid[c] = word(fg[1], cover, keep);
    bottom[c] = word(fg[0], cover, keep);
  }
  // Row by row, each a copy of the one above but for the columns whose warm or hot band begins
  // there: the columns listed by the row they change at (counting sort), not every pixel tested.
  const row = scratch('areaColumns.row', Uint32Array, w);
  row.set(top);
  const warmAt = byRow('areaColumns.warmAt', warmFrom, hh);
  const hotAt = byRow('areaColumns.hotAt', hotFrom, hh);
  for (let r = 0; r < hh; r++) {
    for (let i = warmAt.start[r]; i < warmAt.start[r + 1]; i++) row[warmAt.cols[i]] = mid[warmAt.cols[i]];
    for (let i = hotAt.start[r]; i < hotAt.start[r + 1]; i++) row[hotAt.cols[i]] = bottom[hotAt.cols[i]];
    px.set(row, r * w);
  }
  ctx.putImageData(img, Math.round(x * dpr), Math.round(y * dpr));
}

/** The columns by the row each begins a band at (`from`, 0..rows; `rows`: never), as a counting
 * sort: the columns of row r are cols[start[r]] to cols[start[r + 1] - 1] (arrays reused under
 * `key`). */
function byRow(key: string, from: Uint16Array, rows: number): { start: Uint32Array; cols: Uint32Array } {
  const start = scratch(`${key}.start`, Uint32Array, rows + 2);
  for (let c = 0; c < from.length; c++) start[from[c] + 1]++;
  for (let r = 0; r <= rows; r++) start[r + 1] += start[r];
  const next = scratch(`${key}.next`, Uint32Array, rows + 1);
  for (let r = 0; r <= rows; r++) next[r] = start[r];
  const cols = scratch(`${key}.cols`, Uint32Array, from.length);
  for (let c = 0; c < from.length; c++) cols[next[from[c]]++] = c;
  return { start, cols };
}

