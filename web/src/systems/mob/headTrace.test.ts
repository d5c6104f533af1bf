// The head trace drawn per pixel column (headTrace.ts `drawTraceColumns`): each column from the
// lowest to the highest cylinder the head visited in it, in the colour of the kind it spent most
// of the column on, and rests longer than a column as lines two device pixels thick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawTraceColumns, type TraceLine } from './headTrace';
import { FakeImageData } from '../../views/lib/fakeImageData';

const g = globalThis as { ImageData?: unknown; window?: unknown };
const had = { ImageData: g.ImageData, window: g.window };
beforeAll(() => {
  g.ImageData = FakeImageData;
  g.window = { devicePixelRatio: 1 };
});
afterAll(() => {
  g.ImageData = had.ImageData;
  g.window = had.window;
});

// Idle, then two request kinds: opaque pixels as an ImageData viewed as a Uint32Array holds them.
const PIXELS = [0xff000001, 0xff000002, 0xff000003];
const BG = 0xfffafafa; // the plot's background, '#fafafa'
const plot = { x: 10, y: 5, w: 12, h: 20 };

/** The plot's pixels (rows of `plot.w`) after drawing the points (CSS px, kind per segment end). */
function draw(points: [number, number, number][]): number[][] {
  const line: TraceLine = {
    x: Float64Array.from(points.map((p) => p[0])),
    y: Float64Array.from(points.map((p) => p[1])),
    kind: Int8Array.from(points.map((p) => p[2])),
    palette: { css: [], pixels: PIXELS },
  };
  let put: { img: FakeImageData; x: number; y: number } | null = null;
  const ctx = { putImageData: (img: FakeImageData, x: number, y: number) => (put = { img, x, y }) } as unknown as CanvasRenderingContext2D;
  drawTraceColumns(ctx, line, plot);
  expect(put).not.toBeNull();
  const { img, x, y } = put!;
  expect([x, y, img.width, img.height]).toEqual([10, 5, 12, 20]);
  const words = new Uint32Array(img.data.buffer);
  return Array.from({ length: img.height }, (_, r) => Array.from(words.slice(r * img.width, (r + 1) * img.width)));
}

/** The columns of row `r` holding `colour`. */
const columnsOf = (rows: number[][], r: number, colour: number) => rows[r].flatMap((v, c) => (v === colour ? [c] : []));

describe('the head trace per pixel column', () => {
  it('draws a rest across columns as a line two pixels thick, the rest background', () => {
    // Kind 0 (pixel 1) resting at device row 10 from column 1.5 to column 9.5.
    const rows = draw([
      [11.5, 15, -1],
      [19.5, 15, 0],
    ]);
    for (const r of [9, 10]) expect(columnsOf(rows, r, PIXELS[1])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const r of [0, 8, 11, 19]) expect(columnsOf(rows, r, BG)).toHaveLength(12);
  });

  it('spans a column from the lowest to the highest cylinder the head visited in it', () => {
    // Within column 3: a seek from row 4 to row 14, then back up to row 8.
    const rows = draw([
      [13.1, 9, -1],
      [13.5, 19, 1],
      [13.9, 13, 1],
    ]);
    const painted = rows.flatMap((row, r) => (row[3] === BG ? [] : [r]));
    expect(painted).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(rows[3][3]).toBe(PIXELS[2]);
    for (const c of [2, 4]) expect(rows.every((row) => row[c] === BG)).toBe(true);
  });

  it("colours a column by the kind the head spent most of it on, and leaves the next column's time apart", () => {
    // Column 5: 0.2 px idle, then 0.7 px of kind 1; column 6: 0.7 px of kind 0, then 0.2 of kind 1
    // (kind 1 would win it with column 5's 0.7 carried over).
    const rows = draw([
      [15.1, 10, -1],
      [15.3, 10, -1],
      [16, 10, 1],
      [16.7, 10, 0],
      [16.9, 10, 1],
    ]);
    expect(rows[5][5]).toBe(PIXELS[2]);
    expect(rows[5][6]).toBe(PIXELS[1]);
  });
});
