// A small, deterministic stand-in for the engine: a toy discrete-event model of clients, a MOB
// with a 99%/1% flusher, an LRU server cache and a FIFO disk, producing plausible Frames. Used by
// the views' tests and by the dev harness (views/dev.html); the app uses the real engine bridge.
import { Area, RecordKind, RequestKind, type ClientSnapshot, type DiskRequestView, type Frame, type Sample } from '../../engine/types';
import type { FrameSource } from '../contract';


export interface FakeOptions {
  seed?: number;
  clients?: number;
  pages?: number;
  objectsPerPage?: number;
  mobCapacityBytes?: number;
  cachePages?: number;
  sampleEveryNs?: number;
  warmupNs?: number;
}

interface Chunk {
  logIndex: number;
  page: number;
  count: number;
  area: number;
}

interface Ev {
  t: number;
  seq: number;
  fn: () => void;
}

interface ClientModel {
  state: ClientSnapshot['state'];
  fetching: number;
  done: number;
  txnLength: number;
  writes: number[];
}

const PAGE_BYTES = 65536;
const OBJ_BYTES = 128;
const OBJ_OVH = 16;
const CHUNK_OVH = 16;
const LATENCY = 1e6;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FakeFrameSource implements FrameSource {
  private listeners = new Set<(f: Frame) => void>();
  private last: Frame | null = null;
  private raf = 0;

  // model state
  private rng!: () => number;
  now = 0;
  events = 0;
  private seq = 0;
  private queue: Ev[] = [];
  private rec = { t: [] as number[], kind: [] as number[], entity: [] as number[], a: [] as number[], b: [] as number[], c: [] as number[] };
  /** Records emitted per kind since the start, as Frame.traceCounts. */
  private counts = new Array<number>(RecordKind.TxnEnd + 1).fill(0);
  private samples: Sample[] = [];
  private allSamples: Sample[] = [];
  private pendingReset = true;
  private clients: ClientModel[] = [];
  // MOB
  private scan: Chunk[] = [];
  private table = new Map<number, Chunk>(); // oid -> chunk holding its newest version
  private used = 0;
  private logIndex = 0;
  private inserted = 0;
  private superseded = 0;
  private removed = 0;
  private dataByArea: [number, number, number] = [0, 0, 0];
  private spaceWaiters: number[] = [];
  // flusher
  private fState: 'idle' | 'reading' | 'writing' = 'idle';
  private fPage = -1;
  private batch: number[] = [];
  private position = 0;
  private passes = 0;
  // cache (MRU first)
  private cache: { page: number; pinned: number; valid: boolean; waiters: (() => void)[] }[] = [];
  // disk
  private dq: { kind: RequestKind; page: number; done: () => void }[] = [];
  private active: (DiskRequestView & { done: () => void }) | null = null;
  private headCyl = 0;
  private readonly phase0: number;
  private busy = [0, 0, 0];
  private commits = 0;
  private hits = 0;
  private lookups = 0;

  readonly opts: Required<FakeOptions>;
  readonly trackBytes = 89 * 1024;
  readonly tracksPerCylinder = 20;
  readonly cylinders = 5333;
  readonly revNs = 60e9 / 7200;
  readonly databaseCylinders: number;

  constructor(options: FakeOptions = {}) {
    this.opts = {
      seed: 1,
      clients: 4,
      pages: 160,
      objectsPerPage: 481,
      mobCapacityBytes: 128 * 1024,
      cachePages: 24,
      sampleEveryNs: 250e6,
      warmupNs: 2e9,
      ...options,
    };
    this.databaseCylinders = Math.ceil((this.opts.pages * PAGE_BYTES) / (this.trackBytes * this.tracksPerCylinder));
    this.phase0 = 0.37;
    this.reset();
  }

  // ---- FrameSource ----
  subscribe(listener: (f: Frame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  latest(): Frame | null {
    return this.last;
  }

  /** Restart the model; the next frame has reset = true. */
  reset(): void {
    const o = this.opts;
    this.rng = mulberry32(o.seed);
    this.now = 0;
    this.events = 0;
    this.seq = 0;
    this.queue = [];
    this.scan = [];
    this.table.clear();
    this.used = 0;
    this.logIndex = 0;
    this.inserted = this.superseded = this.removed = 0;
    this.dataByArea = [0, 0, 0];
    this.spaceWaiters = [];
    this.fState = 'idle';
    this.fPage = -1;
    this.batch = [];
    this.position = 0;
    this.passes = 0;
    this.cache = [];
    this.dq = [];
    this.active = null;
    this.headCyl = 0;
    this.busy = [0, 0, 0];
    this.commits = this.hits = this.lookups = 0;
    this.samples = [];
    this.allSamples = [];
    this.clearRecords();
    this.counts.fill(0);
    this.pendingReset = true;
    this.clients = [];
    for (let c = 0; c < o.clients; c++) {
      this.clients.push({ state: 'running', fetching: 0, done: 0, txnLength: 8, writes: [] });
      this.at(this.rng() * 2e6, () => this.clientStep(c));
    }
    this.at(o.sampleEveryNs, () => this.sample());
  }

  /** Advance simulated time by `dtNs`, processing every event due, and publish a frame. */
  advance(dtNs: number): Frame {
    const target = this.now + dtNs;
    while (this.queue.length && this.queue[0].t <= target) this.runOne();
    this.now = target;
    return this.publish();
  }

  /** Process exactly one event and publish a frame at its time. */
  step(): Frame {
    if (this.queue.length) {
      this.runOne();
    }
    return this.publish();
  }

  /** Drive frames from requestAnimationFrame at `speed` simulated ns per wall second. */
  start(speed: number): void {
    this.stop();
    let prev = performance.now();
    const loop = (t: number) => {
      const dt = Math.min(100, t - prev);
      prev = t;
      this.advance((dt / 1000) * speed);
      this.raf = requestAnimationFrame(loop);
    };
    this.raf = requestAnimationFrame(loop);
  }
  stop(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  // ---- event machinery ----
  private at(t: number, fn: () => void): void {
    const ev = { t, seq: this.seq++, fn };
    let lo = 0;
    let hi = this.queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const q = this.queue[mid];
      if (q.t < t || (q.t === t && q.seq < ev.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.queue.splice(lo, 0, ev);
  }
  private after(dt: number, fn: () => void): void {
    this.at(this.now + dt, fn);
  }
  private runOne(): void {
    const ev = this.queue.shift()!;
    this.now = Math.max(this.now, ev.t);
    this.events++;
    ev.fn();
  }
  private record(kind: RecordKind, entity: number, a = 0, b = 0, c = 0): void {
    this.counts[kind]++;
    const r = this.rec;
    r.t.push(this.now);
    r.kind.push(kind);
    r.entity.push(entity);
    r.a.push(a);
    r.b.push(b);
    r.c.push(c);
  }
  private clearRecords(): void {
    this.rec = { t: [], kind: [], entity: [], a: [], b: [], c: [] };
  }

  // ---- workload ----
  private areaOfPage(p: number): Area {
    const n = this.opts.pages;
    if (p < n * 0.1) return Area.Hot;
    if (p < n * 0.5) return Area.Warm;
    return Area.Cold;
  }
  private pickOid(): number {
    const n = this.opts.pages;
    const u = this.rng();
    let page: number;
    let slotRange: number;
    if (u < 0.5) {
      page = Math.floor(this.rng() * n * 0.1);
      slotRange = 64;
    } else if (u < 0.85) {
      page = Math.floor(n * 0.1 + this.rng() * n * 0.4);
      slotRange = 200;
    } else {
      page = Math.floor(n * 0.5 + this.rng() * n * 0.5);
      slotRange = this.opts.objectsPerPage;
    }
    return page * this.opts.objectsPerPage + Math.floor(this.rng() * slotRange);
  }

  private clientStep(c: number): void {
    const cl = this.clients[c];
    if (cl.done >= cl.txnLength) {
      cl.state = 'committing';
      this.after(LATENCY, () => this.commitArrive(c));
      return;
    }
    const oid = this.pickOid();
    cl.done++;
    if (this.rng() < 0.5) cl.writes.push(oid);
    if (this.rng() < 0.7) {
      // client cache hit: think and continue
      this.after(0.3e6 + this.rng() * 0.6e6, () => this.clientStep(c));
      return;
    }
    cl.state = 'fetching';
    cl.fetching = oid;
    this.record(RecordKind.Fetch, c, oid);
    this.after(LATENCY, () => this.fetchArrive(c, oid));
  }

  private fetchArrive(c: number, oid: number): void {
    const page = Math.floor(oid / this.opts.objectsPerPage);
    this.lookups++;
    const reply = () =>
      this.after(LATENCY, () => {
        const cl = this.clients[c];
        cl.state = 'running';
        this.after(0.2e6 + this.rng() * 0.5e6, () => this.clientStep(c));
      });
    const entry = this.cache.find((e) => e.page === page);
    if ((entry && entry.valid) || this.table.has(oid)) {
      this.hits++;
      if (entry) this.touch(page);
      this.record(RecordKind.CacheHit, page, c, 1);
      reply();
      return;
    }
    this.record(RecordKind.CacheMiss, page, c);
    if (entry) {
      entry.waiters.push(reply);
      return;
    }
    const e = this.reserve(page);
    e.waiters.push(reply);
    this.diskSubmit(RequestKind.FetchRead, page, () => this.readDone(page));
  }

  private commitArrive(c: number): void {
    const cl = this.clients[c];
    if (cl.writes.length === 0) {
      this.after(LATENCY, () => this.txnEnd(c));
      return;
    }
    const need = this.need(cl.writes);
    if (this.spaceWaiters.length || this.used + need > this.opts.mobCapacityBytes) {
      this.spaceWaiters.push(c);
      this.record(RecordKind.CommitWait, c);
      this.flusherKick(true);
      return;
    }
    this.commitInsert(c);
  }

  private need(oids: number[]): number {
    const pages = new Set(oids.map((o) => Math.floor(o / this.opts.objectsPerPage)));
    return new Set(oids).size * (OBJ_BYTES + OBJ_OVH) + pages.size * CHUNK_OVH;
  }

  private commitInsert(c: number): void {
    const cl = this.clients[c];
    const l = ++this.logIndex;
    const oids = [...new Set(cl.writes)].sort((x, y) => x - y);
    let chunk: Chunk | null = null;
    for (const oid of oids) {
      const page = Math.floor(oid / this.opts.objectsPerPage);
      const area = this.areaOfPage(page);
      const old = this.table.get(oid);
      if (old) {
        this.record(RecordKind.MobSupersede, oid);
        this.release(old, area);
        this.superseded++;
      }
      this.record(RecordKind.MobInsert, oid, area, l);
      if (!chunk || chunk.page !== page) {
        chunk = { logIndex: l, page, count: 0, area };
        this.scan.push(chunk);
        this.used += CHUNK_OVH;
      }
      chunk.count++;
      this.used += OBJ_BYTES + OBJ_OVH;
      this.dataByArea[area] += OBJ_BYTES;
      this.table.set(oid, chunk);
      this.inserted++;
    }
    this.record(RecordKind.Commit, c, oids.length, l);
    this.commits++;
    cl.writes = [];
    this.after(LATENCY, () => this.txnEnd(c));
    this.flusherKick(false);
  }

  private release(ch: Chunk, area: number): void {
    ch.count--;
    this.used -= OBJ_BYTES + OBJ_OVH;
    this.dataByArea[area] -= OBJ_BYTES;
    if (ch.count === 0) this.used -= CHUNK_OVH;
  }

  private trimHead(): void {
    while (this.scan.length && this.scan[0].count === 0) this.scan.shift();
  }

  private txnEnd(c: number): void {
    const cl = this.clients[c];
    this.record(RecordKind.TxnEnd, c);
    cl.state = 'running';
    cl.done = 0;
    this.after(0.5e6 + this.rng() * 1e6, () => this.clientStep(c));
  }

  // ---- flusher ----
  private flusherKick(force: boolean): void {
    if (this.fState !== 'idle') return;
    if (!force && this.used < 0.99 * this.opts.mobCapacityBytes && this.spaceWaiters.length === 0) return;
    const target = 0.01 * this.opts.mobCapacityBytes;
    let acc = 0;
    let last = 0;
    const pages: number[] = [];
    for (const ch of this.scan) {
      if (ch.count === 0) continue;
      if (!pages.includes(ch.page)) pages.push(ch.page);
      acc += ch.count * (OBJ_BYTES + OBJ_OVH) + CHUNK_OVH;
      last = ch.logIndex;
      if (acc >= target) break;
    }
    if (!pages.length) return;
    pages.sort((x, y) => x - y);
    this.record(RecordKind.FlusherStart, 0, pages.length, this.used, last);
    this.batch = pages;
    this.position = 0;
    this.flusherNext();
  }

  private pending(page: number): number {
    let n = 0;
    for (const ch of this.scan) if (ch.page === page) n += ch.count;
    return n;
  }

  private flusherNext(): void {
    while (this.position < this.batch.length) {
      const page = this.batch[this.position];
      const n = this.pending(page);
      if (n === 0) {
        this.position++;
        continue;
      }
      this.record(RecordKind.FlusherPage, page, n, this.position);
      this.fPage = page;
      const e = this.cache.find((x) => x.page === page);
      if (e && e.valid) {
        e.pinned++;
        this.touch(page);
        this.flusherWrite(page);
      } else if (e) {
        this.fState = 'reading';
        e.waiters.push(() => this.flusherWrite(page));
      } else {
        this.fState = 'reading';
        const r = this.reserve(page);
        r.pinned++;
        r.waiters.push(() => this.flusherWrite(page));
        this.diskSubmit(RequestKind.InstallRead, page, () => this.readDone(page));
      }
      return;
    }
    this.fState = 'idle';
    this.fPage = -1;
    this.batch = [];
    this.passes++;
    this.flusherKick(false);
  }

  private flusherWrite(page: number): void {
    this.fState = 'writing';
    const oids = [...this.table.entries()].filter(([, ch]) => ch.page === page).map(([o]) => o);
    this.diskSubmit(RequestKind.Write, page, () => {
      this.record(RecordKind.PageWrite, page, oids.length);
      for (const oid of oids) {
        const ch = this.table.get(oid);
        if (!ch) continue;
        this.release(ch, ch.area);
        this.table.delete(oid);
        this.removed++;
        this.record(RecordKind.MobRemove, oid);
      }
      this.trimHead();
      const e = this.cache.find((x) => x.page === page);
      if (e) e.pinned = Math.max(0, e.pinned - 1);
      while (this.spaceWaiters.length) {
        const c = this.spaceWaiters[0];
        if (this.used + this.need(this.clients[c].writes) > this.opts.mobCapacityBytes) break;
        this.spaceWaiters.shift();
        this.commitInsert(c);
      }
      this.position++;
      this.flusherNext();
    });
  }

  // ---- cache ----
  private touch(page: number): void {
    const i = this.cache.findIndex((e) => e.page === page);
    if (i > 0) this.cache.unshift(this.cache.splice(i, 1)[0]);
  }
  private reserve(page: number): FakeFrameSource['cache'][number] {
    const e = { page, pinned: 1, valid: false, waiters: [] as (() => void)[] };
    this.cache.unshift(e);
    if (this.cache.length > this.opts.cachePages) {
      for (let i = this.cache.length - 1; i >= 0; i--) {
        if (this.cache[i].pinned === 0) {
          this.cache.splice(i, 1);
          break;
        }
      }
    }
    return e;
  }
  private readDone(page: number): void {
    const e = this.cache.find((x) => x.page === page);
    if (!e) return;
    e.valid = true;
    e.pinned = Math.max(0, e.pinned - 1);
    const w = e.waiters;
    e.waiters = [];
    for (const f of w) f();
  }

  // ---- disk ----
  private seekNs(d: number): number {
    if (d === 0) return 0;
    const N = this.cylinders;
    const [smin, savg, smax] = [0.85, 8.75, 19.5];
    const a = (-10 * smin + 15 * savg - 5 * smax) / (3 * Math.sqrt(N));
    const b = (7 * smin - 15 * savg + 8 * smax) / (3 * N);
    return (smin + b * (d - 1) + a * Math.sqrt(d - 1)) * 1e6;
  }
  addrOf(page: number): number {
    return page * PAGE_BYTES;
  }
  private diskSubmit(kind: RequestKind, page: number, done: () => void): void {
    this.dq.push({ kind, page, done });
    if (!this.active) this.diskStart();
  }
  private diskStart(): void {
    const r = this.dq.shift();
    if (!r) return;
    const addr = this.addrOf(r.page);
    const cyl = Math.floor(Math.floor(addr / this.trackBytes) / this.tracksPerCylinder);
    const seek = Math.round(this.seekNs(Math.abs(cyl - this.headCyl)));
    const t0 = this.now + seek;
    const platter = (t0 / this.revNs + this.phase0) % 1;
    const target = (addr % this.trackBytes) / this.trackBytes;
    const rot = Math.round((((target - platter) % 1) + 1) % 1 * this.revNs);
    const xfer = Math.round((PAGE_BYTES / this.trackBytes) * this.revNs);
    this.active = {
      kind: r.kind,
      page: r.page,
      addr,
      start: this.now,
      seekEnd: t0,
      rotationEnd: t0 + rot,
      end: t0 + rot + xfer,
      fromCylinder: this.headCyl,
      toCylinder: cyl,
      done: r.done,
    };
    this.record(RecordKind.DiskStart, r.page, r.kind, addr, this.headCyl * 4294967296 + cyl);
    const lastCyl = Math.floor(Math.floor((addr + PAGE_BYTES - 1) / this.trackBytes) / this.tracksPerCylinder);
    this.headCyl = lastCyl;
    this.at(t0 + rot + xfer, () => {
      const a = this.active!;
      this.active = null;
      this.busy[a.kind] += a.end - a.start;
      this.record(RecordKind.DiskEnd, a.page, a.kind + (a.end - a.rotationEnd) * 256, a.seekEnd - a.start, a.rotationEnd - a.seekEnd);
      a.done();
      if (!this.active) this.diskStart();
    });
  }
  private headAt(t: number): number {
    const a = this.active;
    if (a && t < a.seekEnd && a.seekEnd > a.start) {
      const f = (t - a.start) / (a.seekEnd - a.start);
      return a.fromCylinder + f * (a.toCylinder - a.fromCylinder);
    }
    if (a && t < a.rotationEnd) return a.toCylinder;
    return this.headCyl;
  }

  // ---- metrics ----
  private sample(): void {
    const dt = this.opts.sampleEveryNs;
    const s: Sample = {
      t_s: this.now / 1e9,
      measuring: this.now >= this.opts.warmupNs,
      throughput_tps: this.commits / (dt / 1e9),
      disk_utilisation: { fetch_read: Math.min(1, this.busy[0] / dt), install_read: Math.min(1, this.busy[1] / dt), write: Math.min(1, this.busy[2] / dt) },
      mob_occupancy: this.used / this.opts.mobCapacityBytes,
      server_cache_hit_ratio: this.lookups ? this.hits / this.lookups : 0,
    };
    this.samples.push(s);
    this.allSamples.push(s);
    this.busy = [0, 0, 0];
    this.commits = 0;
    this.after(dt, () => this.sample());
  }

  private activeView(): DiskRequestView | null {
    const a = this.active;
    if (!a) return null;
    return { kind: a.kind, page: a.page, addr: a.addr, start: a.start, seekEnd: a.seekEnd, rotationEnd: a.rotationEnd, end: a.end, fromCylinder: a.fromCylinder, toCylinder: a.toCylinder };
  }

  // ---- frames ----
  private publish(): Frame {
    const r = this.rec;
    const reset = this.pendingReset;
    const f: Frame = {
      nowNs: this.now,
      events: this.events,
      finished: false,
      phase: this.now >= this.opts.warmupNs ? 'measuring' : 'warmup',
      reset,
      trace: {
        t: Float64Array.from(r.t),
        kind: Uint8Array.from(r.kind),
        entity: Uint32Array.from(r.entity),
        a: Float64Array.from(r.a),
        b: Float64Array.from(r.b),
        c: Float64Array.from(r.c),
        lost: 0,
      },
      traceCounts: Float64Array.from(this.counts),
      series: reset ? [...this.allSamples] : this.samples,
      mob: {
        capacityBytes: this.opts.mobCapacityBytes,
        usedBytes: this.used,
        trigger: 0.99,
        scanFrac: 0.01,
        chunkPage: Uint32Array.from(this.scan.map((c) => c.page)),
        chunkCount: Uint32Array.from(this.scan.map((c) => c.count)),
        chunkLogIndex: Float64Array.from(this.scan.map((c) => c.logIndex)),
        chunkArea: Uint8Array.from(this.scan.map((c) => c.area)),
        dataBytesByArea: [...this.dataByArea] as [number, number, number],
        inserted: this.inserted,
        superseded: this.superseded,
        removed: this.removed,
      },
      flusher: { state: this.fState, page: this.fPage, batch: Uint32Array.from(this.batch), position: this.position, passes: this.passes },
      disk: {
        cylinders: this.cylinders,
        tracksPerCylinder: this.tracksPerCylinder,
        trackBytes: this.trackBytes,
        revNs: this.revNs,
        databaseCylinders: this.databaseCylinders,
        headCylinder: this.headAt(this.now),
        angle: (this.now / this.revNs + this.phase0) % 1,
        active: this.activeView(),
        queueKind: Uint8Array.from(this.dq.map((q) => q.kind)),
        queuePage: Uint32Array.from(this.dq.map((q) => q.page)),
      },
      cache: {
        capacityPages: this.opts.cachePages,
        pages: Uint32Array.from(this.cache.map((e) => e.page)),
        pinned: Uint8Array.from(this.cache.map((e) => (e.pinned > 0 ? 1 : 0))),
        valid: Uint8Array.from(this.cache.map((e) => (e.valid ? 1 : 0))),
      },
      clients: this.clients.map((c) => ({ state: c.state, fetching: c.fetching, accessesDone: c.done, txnLength: c.txnLength })),
      objectsPerPage: this.opts.objectsPerPage,
      pages: this.opts.pages,
    };
    this.clearRecords();
    this.samples = [];
    this.pendingReset = false;
    this.last = f;
    for (const l of this.listeners) l(f);
    return f;
  }
}

/** A FrameSource that never produces a frame (for empty-state rendering). */
export const EMPTY_SOURCE: FrameSource = {
  subscribe: () => () => {},
  latest: () => null,
};
