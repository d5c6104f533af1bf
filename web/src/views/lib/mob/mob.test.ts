// The MOB view's helpers, on the MOB system's frames: the buffer's layout, the areas of pages, the strip of area columns.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Frame, SystemDescription } from '../../../engine/types';
import type { MobSnapshot } from './bufferFrame';
import { kindIds } from '../describe';
import { chunkAt, layoutMob, pendingByPage, perPageWrite } from './mob';
import { PageAreas, sharedPageAreas } from './pages';
import { AreaColumns, paintAreaColumns } from './areaColumns';
import { RecordedSource } from '../recorded';
import filling from '../../../systems/mob/fixtures/filling.json';
import { describeForTests, loadEngineForTests, traceBatch } from '../../../engine/testing';
import { FakeImageData } from '../fakeImageData';

let K: { mob_insert: number };
beforeAll(async () => {
  await loadEngineForTests();
  const d: SystemDescription = describeForTests();
  K = kindIds(d, ['mob_insert'] as const);
});

/** `f` with the MOB's chunk list replaced. */
function withChunks(f: Frame, pages: number[], areas: number[]): Frame {
  const mob = f.sections.mob;
  const columns = { ...mob.columns, page: Uint32Array.from(pages), area: Uint8Array.from(areas) };
  return { ...f, sections: { ...f.sections, mob: { ...mob, columns } } };
}


function mob(counts: number[], pages: number[], used: number, cap = 100000): MobSnapshot {
  return {
    capacityBytes: cap,
    usedBytes: used,
    trigger: 0.99,
    scanFrac: 0.01,
    chunkPage: Uint32Array.from(pages),
    chunkCount: Uint32Array.from(counts),
    chunkLogIndex: Float64Array.from(counts.map((_, i) => i + 1)),
    chunkArea: Uint8Array.from(counts.map((_, i) => i % 3)),
    inserted: 0,
    superseded: 0,
    removed: 0,
  };
}

describe('MOB layout', () => {
  // 3 chunks: 2 mods, a hole, 3 mods; 144 B per modification + 16 B per live chunk.
  const m = mob([2, 0, 3], [7, 8, 7], 5 * 144 + 2 * 16);
  it('recovers bytes per modification and places chunks in log order', () => {
    const l = layoutMob(m);
    expect(l.bytesPerModification).toBeCloseTo(144);
    expect(Array.from(l.start)).toEqual([0, 304, 304]);
    expect(Array.from(l.size)).toEqual([304, 0, 448]);
    expect(l.liveChunks).toBe(2);
    expect(l.liveModifications).toBe(5);
  });
  it('reuses the previous layout\'s buffers when they are big enough', () => {
    const big = layoutMob(mob([2, 0, 3, 1], [7, 8, 7, 9], 6 * 144 + 3 * 16));
    const l = layoutMob(m, big);
    expect(l.start.buffer).toBe(big.start.buffer);
    expect(Array.from(l.start)).toEqual([0, 304, 304]);
    expect(Array.from(l.size)).toEqual([304, 0, 448]);
    const grown = layoutMob(mob(new Array(64).fill(1), new Array(64).fill(3), 64 * 160), l);
    expect(grown.start.buffer).not.toBe(l.start.buffer);
    expect(grown.start.length).toBe(64);
    expect(grown.start[63]).toBeCloseTo(63 * 160);
  });
  it('finds the chunk under a byte offset, skipping holes', () => {
    const l = layoutMob(m);
    expect(chunkAt(l, 0)).toBe(0);
    expect(chunkAt(l, 303)).toBe(0);
    expect(chunkAt(l, 304)).toBe(2);
    expect(chunkAt(l, 752)).toBe(-1);
    expect(chunkAt(l, -1)).toBe(-1);
  });
  it('ends the scan window after the chunk that reaches 1% of capacity', () => {
    const l = layoutMob(mob([2, 0, 3], [7, 8, 7], 752, 40000)); // 1% = 400 B
    expect(l.scanChunks).toBe(3);
    expect(l.scanEnd).toBe(752);
    const l2 = layoutMob(mob([2, 0, 3], [7, 8, 7], 752, 20000)); // 1% = 200 B
    expect(l2.scanChunks).toBe(1);
  });
  it('sums pending modifications per page', () => {
    expect(pendingByPage(m).get(7)).toBe(5);
    expect(pendingByPage(m).has(8)).toBe(false);
  });
  it('computes modifications per page write', () => {
    expect(Number.isNaN(perPageWrite(10, 0))).toBe(true);
    expect(perPageWrite(14, 2)).toBe(7);
  });
});

describe('PageAreas', () => {
  it('learns page areas from MOB insertions', () => {
    const f = withChunks(RecordedSource.fromJson(filling).advance(), [], []);
    const p = new PageAreas();
    p.learn({ ...f, trace: traceBatch([[0, K.mob_insert, 481 * 12 + 4, 2, 1, 0]]) }, K.mob_insert);
    expect(p.get(12)).toBe(2);
    expect(p.get(13)).toBeUndefined();
  });
  it('learns chunk areas on the first frame and after a reset, each frame once, shared per source', () => {
    const src = RecordedSource.fromJson(filling);
    const f = withChunks({ ...src.advance(), reset: false, trace: traceBatch([]) }, [7], [1]);
    const p = new PageAreas();
    p.learn(f, K.mob_insert);
    expect(p.get(7)).toBe(1);
    // Later frames only read the trace: a chunk without an insert record teaches nothing…
    p.learn(withChunks(f, [8], [1]), K.mob_insert);
    expect(p.get(8)).toBeUndefined();
    // …unless records were lost or the run was reset.
    p.learn({ ...withChunks(f, [8], [1]), trace: traceBatch([], 3) }, K.mob_insert);
    expect(p.get(8)).toBe(1);
    const reset = { ...withChunks(f, [9], [0]), reset: true };
    p.learn(reset, K.mob_insert);
    expect([p.get(7), p.get(9)]).toEqual([undefined, 0]);
    p.set(9, 2);
    p.learn(reset, K.mob_insert); // the same frame again: no-op
    expect(p.get(9)).toBe(2);
    expect(sharedPageAreas(src)).toBe(sharedPageAreas(src));
    expect(sharedPageAreas(src)).not.toBe(sharedPageAreas(new RecordedSource([])));
  });
});

describe('area columns', () => {
  it('spreads an interval over the columns it covers', () => {
    const c = new AreaColumns(4);
    c.add(0.5, 2, 0); // half of column 0, all of 1, half of 2
    c.add(2.5, 10, 2); // clamped into the last column
    expect(Array.from(c.acc.filter((_, i) => i % 3 === 0))).toEqual([0.5, 1, 0.5, 0]);
    expect(c.acc[2 * 3 + 2]).toBeCloseTo(0.5);
    expect(c.acc[3 * 3 + 2]).toBeGreaterThan(0);
    expect(c.column(-3)).toBe(0);
    expect(c.column(99)).toBe(3);
  });

  it('paints stacked areas blended by coverage, and edges, in device pixels', () => {
    const g = globalThis as { ImageData?: unknown };
    const had = g.ImageData;
    g.ImageData ??= FakeImageData;
    try {
      const c = new AreaColumns(4);
      c.add(0, 1, 0); // column 0: all hot
      c.add(1, 0.5, 0);
      c.add(1.5, 0.5, 2); // column 1: half hot (bottom), half cold (top)
      c.add(2, 0.5, 1); // column 2: warm, half covered
      c.edge[3] = 1; // column 3: empty with an edge
      let put: { img: { data: Uint8ClampedArray; width: number }; x: number; y: number } | null = null;
      const ctx = { putImageData: (img: never, x: number, y: number) => (put = { img, x, y }) } as unknown as CanvasRenderingContext2D;
      paintAreaColumns(ctx, c, 10, 20, 2, ['#ff0000', '#00ff00', '#0000ff'], '#000000', 2);
      expect(put).not.toBeNull();
      const { img, x, y } = put!;
      expect([x, y, img.width]).toEqual([20, 40, 4]);
      const px = (col: number, row: number) => Array.from(img.data.slice((row * 4 + col) * 4, (row * 4 + col) * 4 + 3));
      expect([px(0, 0), px(0, 3)]).toEqual([[255, 0, 0], [255, 0, 0]]);
      expect([px(1, 0), px(1, 3)]).toEqual([[0, 0, 255], [255, 0, 0]]);
      expect(px(2, 2)).toEqual([0, 128, 0]);
      expect(px(3, 0)).toEqual([230, 230, 230]);
      // Three bands in one column: cold on top, warm, hot at the bottom, each as many rows as its
      // share; beside it a column with warm and cold only, and one all cold.
      const three = new AreaColumns(3);
      three.add(0, 0.25, 2);
      three.add(0.25, 0.25, 1);
      three.add(0.5, 0.5, 0);
      three.add(1, 0.5, 1);
      three.add(1.5, 0.5, 2);
      three.add(2, 1, 2);
      paintAreaColumns(ctx, three, 0, 0, 8, ['#ff0000', '#00ff00', '#0000ff'], '#000000', 1);
      const bands = (col: number) => Array.from({ length: 8 }, (_, row) => 'hwc'['ff0000 00ff00 0000ff'.split(' ').indexOf(px3(col, row))]).join('');
      const px3 = (col: number, row: number) => Array.from(put!.img.data.slice((row * 3 + col) * 4, (row * 3 + col) * 4 + 3), (v) => v.toString(16).padStart(2, '0')).join('');
      expect([bands(0), bands(1), bands(2)]).toEqual(['ccwwhhhh', 'ccccwwww', 'cccccccc']);
      // One area only (Thor's mcache): its colour, the others never drawn.
      const one = new AreaColumns(2);
      one.add(0, 1.5, 0);
      paintAreaColumns(ctx, one, 0, 0, 1, ['#2c7fb8'], '#000000', 1);
      const data = (put as unknown as { img: { data: Uint8ClampedArray } }).img.data;
      expect(Array.from(data.slice(0, 3))).toEqual([44, 127, 184]);
      expect(Array.from(data.slice(4, 7))).toEqual([22, 64, 92]);
    } finally {
      g.ImageData = had;
    }
  });

});
