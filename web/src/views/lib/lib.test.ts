import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Frame, SystemDescription } from '../../engine/types';
import type { MobSnapshot } from './mobFrame';
import { kindIds, valueId } from './describe';
import { Ring } from './ring';
import { RecordStore } from './records';
import { decodeCylinders, decodeDiskEnd, describeRecord, fmtMs } from './format';
import { chunkAt, layoutMob, pendingByPage, perPageWrite } from './mob';
import { cylinderRadius, requestPhase, screenAngle, targetAngle } from './disk';
import { MessageTracker, networkLatencyNs } from './messages';
import { SeriesStore } from './series';
import { PageAreas, sharedPageAreas } from './pages';
import { AreaColumns, fillRuns, paintAreaColumns, pixel } from './columns';
import { RecordedSource } from './recorded';
import filling from '../fixtures/filling.json';
import { throttle } from './hooks';
import { describeForTests, loadEngineForTests } from '../../engine/testing';

const NAMES = ['fetch', 'cache_hit', 'cache_miss', 'disk_start', 'disk_end', 'flusher_start', 'mob_insert'] as const;
let d: SystemDescription;
let K: Record<(typeof NAMES)[number], number>;
let FETCH_READ: number;
let WRITE: number;
beforeAll(async () => {
  await loadEngineForTests();
  d = describeForTests();
  K = kindIds(d, NAMES);
  [FETCH_READ, WRITE] = [valueId(d, 'disk', 'kind', 'fetch read'), valueId(d, 'disk', 'kind', 'page write')];
});

/** `f` with the MOB's chunk list replaced. */
function withChunks(f: Frame, pages: number[], areas: number[]): Frame {
  const mob = f.sections.mob;
  const columns = { ...mob.columns, page: Uint32Array.from(pages), area: Uint8Array.from(areas) };
  return { ...f, sections: { ...f.sections, mob: { ...mob, columns } } };
}

function batch(rows: [number, number, number, number, number, number][], lost = 0) {
  return {
    t: Float64Array.from(rows.map((r) => r[0])),
    kind: Uint8Array.from(rows.map((r) => r[1])),
    entity: Uint32Array.from(rows.map((r) => r[2])),
    a: Float64Array.from(rows.map((r) => r[3])),
    b: Float64Array.from(rows.map((r) => r[4])),
    c: Float64Array.from(rows.map((r) => r[5])),
    lost,
  };
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
    dataBytesByArea: [0, 0, 0],
    inserted: 0,
    superseded: 0,
    removed: 0,
  };
}

describe('Ring', () => {
  it('keeps the newest `capacity` items, oldest first', () => {
    const r = new Ring<number>(3);
    for (let i = 1; i <= 5; i++) r.push(i);
    expect(r.toArray()).toEqual([3, 4, 5]);
    expect(r.last()).toBe(5);
    r.dropWhile((x) => x < 5);
    expect(r.toArray()).toEqual([5]);
    r.clear();
    expect(r.size).toBe(0);
  });
});

describe('RecordStore', () => {
  it('counts every record received and holds the last `capacity`', () => {
    const s = new RecordStore(4);
    s.ingest(batch([[1, 8, 0, 5, 0, 0], [2, 9, 0, 0, 0, 0], [3, 10, 0, 0, 0, 0]]));
    s.ingest(batch([[4, 11, 1, 2, 3, 0], [5, 13, 1, 0, 0, 0], [6, 8, 2, 7, 0, 0]], 2));
    expect(s.total).toBe(6);
    expect(s.lost).toBe(2);
    expect(s.size).toBe(4);
    expect(s.first).toBe(2);
    expect(s.get(2).t).toBe(3);
    expect(s.get(5).entity).toBe(2);
    expect(() => s.get(1)).toThrow();
    expect(s.filter(new Set([8]))).toEqual([5]);
    s.clear();
    expect(s.total).toBe(0);
  });
  it('keeps only the tail of a batch larger than its capacity', () => {
    const s = new RecordStore(2);
    s.ingest(batch([[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0]]));
    expect(s.total).toBe(3);
    expect(s.get(1).t).toBe(2);
    expect(s.get(2).t).toBe(3);
  });
});

describe('format', () => {
  it('decodes packed disk fields', () => {
    expect(decodeDiskEnd(WRITE + 6_000_000 * 256, 1_200_000, 3_100_000)).toEqual({
      kind: WRITE,
      transferNs: 6_000_000,
      seekNs: 1_200_000,
      rotationNs: 3_100_000,
    });
    expect(decodeCylinders(12 * 2 ** 32 + 40)).toEqual({ from: 12, to: 40 });
    expect(fmtMs(1234567)).toBe('1.235');
  });
  it('describes records in plain words, from the engine description of their fields', async () => {
    const r = (entity: number, a: number, b = 0, c = 0) => ({ entity, a, b, c });
    expect(describeRecord(d, K.fetch, r(3, 123456))).toBe('client 3 fetches object 123456');
    expect(describeRecord(d, K.disk_end, r(17, 2 + 6e6 * 256, 1.2e6, 3.1e6))).toBe(
      'disk: page write of page 17 done: seek 1.20 ms, rotation 3.10 ms, transfer 6.00 ms',
    );
    expect(describeRecord(d, K.disk_start, r(4, 1, 262144, 12 * 2 ** 32 + 40))).toBe(
      'disk: installation read of page 4 starts at byte address 262144, cylinder 12 → 40',
    );
    expect(describeRecord(d, K.flusher_start, r(0, 7, 3 * 1048576, 99))).toBe(
      'flusher: a pass starts with 7 pages, the MOB holds 3.00 MB, scanned to log index 99',
    );
    expect(describeRecord(d, 200, r(1, 2))).toBe('record kind 200: entity 1, a 2, b 0, c 0');
    expect(describeRecord(null, K.fetch, r(3, 1))).toContain(`record kind ${K.fetch}`);
  });
});

describe('MOB layout', () => {
  // 3 chunks: 2 mods, a hole, 3 mods; 144 B per modification + 16 B per live chunk.
  const m = mob([2, 0, 3], [7, 8, 7], 5 * 144 + 2 * 16);
  it('recovers bytes per modification and places chunks in log order', () => {
    const l = layoutMob(m);
    expect(l.bytesPerModification).toBeCloseTo(144);
    expect(Array.from(l.start)).toEqual([0, 304, 304]);
    expect(Array.from(l.size)).toEqual([304, 0, 448]);
    expect(l.liveChunks).toBe(2);
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

describe('disk helpers', () => {
  it('places the target sector and the phase of a request', () => {
    expect(targetAngle(89 * 1024 * 3 + 89 * 512, 89 * 1024)).toBeCloseTo(0.5);
    const r = { kind: 0, page: 1, addr: 0, start: 100, seekEnd: 200, rotationEnd: 400, end: 500, fromCylinder: 0, toCylinder: 3 };
    expect(requestPhase(r, 150)).toEqual({ phase: 'seek', progress: 0.5 });
    expect(requestPhase(r, 300).phase).toBe('rotation');
    expect(requestPhase(r, 450).phase).toBe('transfer');
    expect(requestPhase(r, 500).phase).toBe('done');
  });
  it('brings a sector under the head when the platter reaches its angle', () => {
    expect(screenAngle(0.3, 0.3, 0)).toBeCloseTo(0);
    expect(screenAngle(0.3, 0.55, 0)).toBeCloseTo(Math.PI / 2);
  });
  it('magnifies the database band and keeps radii monotonic', () => {
    expect(cylinderRadius(0, 5333, 57, 100, 20)).toBe(100);
    expect(cylinderRadius(57, 5333, 57, 100, 20)).toBeCloseTo(100 - 80 * 0.6);
    expect(cylinderRadius(5333, 5333, 57, 100, 20)).toBeCloseTo(20);
    expect(cylinderRadius(30, 5333, 57, 100, 20)).toBeGreaterThan(cylinderRadius(31, 5333, 57, 100, 20));
  });
});

describe('MessageTracker', () => {
  it('turns fetches, hits, misses and commits into messages', () => {
    const f = RecordedSource.fromJson(filling).advance();
    const tr = new MessageTracker(d, 1e6, 0);
    const frame = {
      ...f,
      nowNs: 1.5e6,
      reset: false,
      trace: batch([
        [1e6, K.fetch, 2, 481 * 5 + 3, 0, 0],
        [1.2e6, K.cache_miss, 5, 1, 0, 0],
        [1.4e6, K.disk_end, 5, FETCH_READ + 100 * 256, 0, 0],
        [1.5e6, K.cache_hit, 9, 0, 0, 0],
      ]),
    };
    tr.ingest(frame, 0);
    const msgs = tr.inFlight(1.5e6);
    expect(msgs.map((x) => x.m.kind)).toEqual(['fetch', 'reply', 'reply']);
    expect(msgs[0].m.page).toBe(5);
    expect(msgs[0].progress).toBeCloseTo(0.5);
    expect(msgs[1].m.client).toBe(1);
    expect(msgs[2].m.client).toBe(0);
    // After they arrive (and with no minimum display time) they are forgotten.
    tr.ingest({ ...frame, nowNs: 5e6, trace: batch([]) }, 1000);
    expect(tr.inFlight(5e6)).toHaveLength(0);
  });
  it('times messages by the scenario network latency, not a fixed 1 ms', () => {
    expect(networkLatencyNs({ network: { latency_ms: 5 } })).toBe(5e6);
    expect(networkLatencyNs(null)).toBe(0);
    const f = RecordedSource.fromJson(filling).advance();
    const tr = new MessageTracker(d, networkLatencyNs({ network: { latency_ms: 5 } }), 0);
    tr.ingest({ ...f, nowNs: 2e6, reset: false, trace: batch([[1e6, K.fetch, 2, 481 * 5, 0, 0]]) }, 0);
    const [fetch] = tr.inFlight(3.5e6);
    expect(fetch.m.arrives).toBe(6e6);
    expect(fetch.progress).toBeCloseTo(0.5);
  });
});

describe('SeriesStore and PageAreas', () => {
  it('accumulates samples, resets, and finds the end of the warm-up', () => {
    // The recording samples every 50 ms for 1 s after a 150 ms warm-up.
    const src = RecordedSource.fromJson(filling);
    const s = new SeriesStore();
    for (let i = 0; i < 10; i++) s.ingest(src.advance());
    expect(s.samples.length).toBe(20);
    expect(s.warmupEnd()).toBeCloseTo(0.15);
    s.ingest({ ...src.latest()!, reset: true, series: [] });
    expect(s.samples.length).toBe(0);
  });
  it('learns page areas from MOB insertions', () => {
    const f = withChunks(RecordedSource.fromJson(filling).advance(), [], []);
    const p = new PageAreas();
    p.learn({ ...f, trace: batch([[0, K.mob_insert, 481 * 12 + 4, 2, 1, 0]]) }, K.mob_insert);
    expect(p.get(12)).toBe(2);
    expect(p.get(13)).toBeUndefined();
  });
  it('learns chunk areas on the first frame and after a reset, each frame once, shared per source', () => {
    const src = RecordedSource.fromJson(filling);
    const f = withChunks({ ...src.advance(), reset: false, trace: batch([]) }, [7], [1]);
    const p = new PageAreas();
    p.learn(f, K.mob_insert);
    expect(p.get(7)).toBe(1);
    // Later frames only read the trace: a chunk without an insert record teaches nothing…
    p.learn(withChunks(f, [8], [1]), K.mob_insert);
    expect(p.get(8)).toBeUndefined();
    // …unless records were lost or the run was reset.
    p.learn({ ...withChunks(f, [8], [1]), trace: batch([], 3) }, K.mob_insert);
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

describe('column strips', () => {
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
    class FakeImageData {
      data: Uint8ClampedArray;
      constructor(
        readonly width: number,
        readonly height: number,
      ) {
        this.data = new Uint8ClampedArray(width * height * 4);
      }
    }
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
    } finally {
      g.ImageData = had;
    }
  });

  it('packs a colour as an RGBA pixel word', () => {
    const bytes = new Uint8Array(new Uint32Array([pixel('#1b9e77')]).buffer);
    expect(Array.from(bytes)).toEqual([0x1b, 0x9e, 0x77, 0xff]);
  });

  it('fills runs of equal flags as one rectangle each', () => {
    const rects: number[][] = [];
    const ctx = { fillRect: (...r: number[]) => rects.push(r) } as unknown as CanvasRenderingContext2D;
    fillRuns(ctx, Uint8Array.from([1, 1, 0, 2, 1, 1, 1]), 1, 100, 2, 5, 3);
    expect(rects).toEqual([
      [100, 5, 1, 3],
      [102, 5, 1.5, 3],
    ]);
  });
});

describe('throttle', () => {
  it('fires at most once per interval and always serves the last request', () => {
    vi.useFakeTimers();
    try {
      let fired = 0;
      const t = throttle(200, () => fired++);
      t.call(); // leading call fires at once
      expect(fired).toBe(1);
      t.call();
      t.call();
      expect(fired).toBe(1);
      vi.advanceTimersByTime(199);
      expect(fired).toBe(1);
      vi.advanceTimersByTime(1); // one trailing call for both requests
      expect(fired).toBe(2);
      t.call();
      t.cancel();
      vi.advanceTimersByTime(1000);
      expect(fired).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

