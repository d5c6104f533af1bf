import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SystemDescription } from '../../engine/types';
import { kindIds, valueId } from './describe';
import { Ring } from './ring';
import { RecordStore } from './records';
import { decodeCylinders, decodeDiskEnd, describeRecord, fmtCount, fmtMs } from './format';
import { scratch } from './scratch';
import { cylinderRadius, requestPhase, screenAngle, targetAngle } from './disk';
import { MessageTracker, networkLatencyNs } from './messages';
import { SeriesStore } from './series';
import { fillRuns, pixel } from './pixels';
import { RecordedSource } from './recorded';
import filling from '../../systems/mob/fixtures/filling.json'; // a recorded run of the engine's default system
import { throttle } from './hooks';
import { describeForTests, loadEngineForTests, traceBatch } from '../../engine/testing';

const NAMES = ['fetch', 'cache_hit', 'cache_miss', 'disk_start', 'disk_end', 'flusher_start', 'mob_insert'] as const;
let d: SystemDescription;
let K: Record<(typeof NAMES)[number], number>;
let FETCH_READ: number;
let WRITE: number;
beforeAll(async () => {
  await loadEngineForTests();
  d = describeForTests();
  K = kindIds(d, NAMES);
  [FETCH_READ, WRITE] = [valueId(d, 'disk_queue', 'kind', 'fetch read'), valueId(d, 'disk_queue', 'kind', 'page write')];
});


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
    s.ingest(traceBatch([[1, 8, 0, 5, 0, 0], [2, 9, 0, 0, 0, 0], [3, 10, 0, 0, 0, 0]]));
    s.ingest(traceBatch([[4, 11, 1, 2, 3, 0], [5, 13, 1, 0, 0, 0], [6, 8, 2, 7, 0, 0]], 2));
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
    s.ingest(traceBatch([[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0]]));
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
      trace: traceBatch([
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
    tr.ingest({ ...frame, nowNs: 5e6, trace: traceBatch([]) }, 1000);
    expect(tr.inFlight(5e6)).toHaveLength(0);
  });
  it('times messages by the scenario network latency, not a fixed 1 ms', () => {
    expect(networkLatencyNs({ network: { latency_ms: 5 } })).toBe(5e6);
    expect(networkLatencyNs(null)).toBe(0);
    const f = RecordedSource.fromJson(filling).advance();
    const tr = new MessageTracker(d, networkLatencyNs({ network: { latency_ms: 5 } }), 0);
    tr.ingest({ ...f, nowNs: 2e6, reset: false, trace: traceBatch([[1e6, K.fetch, 2, 481 * 5, 0, 0]]) }, 0);
    const [fetch] = tr.inFlight(3.5e6);
    expect(fetch.m.arrives).toBe(6e6);
    expect(fetch.progress).toBeCloseTo(0.5);
  });
});

describe('SeriesStore', () => {
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
});

describe('pixels', () => {
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


describe('scratch arrays', () => {
  it('gives a key its array again, zeroed, while the length and type stay; a new one otherwise', () => {
    const a = scratch('test.a', Uint32Array, 4);
    a.set([1, 2, 3, 4]);
    const again = scratch('test.a', Uint32Array, 4);
    expect(again).toBe(a);
    expect(Array.from(again)).toEqual([0, 0, 0, 0]);
    const longer = scratch('test.a', Uint32Array, 5);
    expect(longer).not.toBe(a);
    expect(longer).toHaveLength(5);
    const other = scratch('test.a', Float64Array, 5);
    expect(other).toBeInstanceOf(Float64Array);
    expect(scratch('test.b', Float64Array, 5)).not.toBe(other);
  });
});

describe('counts in the locale', () => {
  it('writes a count as toLocaleString does', () => {
    for (const n of [0, 7, 1203, 65536, 1234567.5, -42]) expect(fmtCount(n)).toBe(n.toLocaleString());
  });
});
