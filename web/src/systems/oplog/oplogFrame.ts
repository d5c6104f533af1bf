// The opportunistic-log views' typed reading of the frame sections the oplog system declares
// (engine/core/src/systems/oplog/view.rs): the server's memory and triggers, the pending pool, the
// dirty pages per place on the platter, the disk (the disk component's sections, read by
// views/lib/diskFrame.ts), the latest scheduling decisions and the
// clients. Every value is read by its name and a missing one throws, so a renamed or dropped
// column fails the view tests instead of drawing NaN. Built once per frame.
import { diskFrame } from '../../views/lib/diskFrame';
import { oncePerFrame, section } from '../../views/lib/sections';
import type { Frame, Sample, SystemDescription } from '../../engine/types';

export interface ServerSnapshot {
  /** A name of the design enumeration: page, basic, absorbing or opportunistic. */
  design: string;
  memoryPages: number;
  /** Entries; 0 when the design keeps no bounded log. */
  logCapacity: number;
  objectsPerPage: number;
  logUsed: number;
  pendingPages: number;
  pendingEntries: number;
  ireadEntries: number;
  ireadTrigger: number;
  cacheFrames: number;
  dirtyPages: number;
  writing: number;
  cleanFrames: number;
  writeTrigger: number;
  blockedCommits: number;
  cpuBacklogNs: number;
}

/** The pending pool: one row per pending page. */
export interface PoolSnapshot {
  page: Uint32Array;
  cylinder: Uint32Array;
  /** Angular slot on its track, 0 … pagesPerTrack − 1. */
  slot: Uint8Array;
  entries: Uint32Array;
  /** When its oldest entry was committed, ns. */
  firstAt: Float64Array;
}

export interface DiskSnapshot {
  cylinders: number;
  tracksPerCylinder: number;
  pagesPerTrack: number;
  revNs: number;
  databasePages: number;
  /** Platter angle now, revolutions in [0, 1). */
  angle: number;
  /** Head cylinder now (fractional while seeking). */
  headCylinder: number;
  /** The active request, or null when the disk is idle. */
  active: null | {
    op: string;
    page: number;
    start: number;
    seekEnd: number;
    rotationEnd: number;
    end: number;
    from: number;
    to: number;
  };
  /** Queued requests, first served first. */
  queueOp: Uint8Array;
  queuePage: Uint32Array;
}

/** The latest scheduling decisions, oldest first. `other`/`otherNs` are −1 where none. */
export interface DecisionsSnapshot {
  at: Float64Array;
  op: Uint8Array;
  fromCylinder: Uint32Array;
  fromTime: Float64Array;
  chosen: Uint32Array;
  chosenNs: Float64Array;
  other: Float64Array;
  otherNs: Float64Array;
  candidates: Uint32Array;
  examined: Uint32Array;
}

export interface ClientsSnapshot {
  thinkNs: number;
  /** `names.clientState` numbers: fetching, thinking, committing. */
  state: Uint8Array;
  page: Uint32Array;
  since: Float64Array;
  blocked: Uint8Array;
}

export interface OplogFrame {
  server: ServerSnapshot;
  pool: PoolSnapshot;
  /** Dirty pages not being written, per (cylinder × slot) cell: index cylinder·pagesPerTrack + slot. */
  dirty: { count: number; cells: Uint8Array };
  disk: DiskSnapshot;
  decisions: DecisionsSnapshot;
  clients: ClientsSnapshot;
}

/** The names of the system's enumerations, in the engine's numbering. */
export interface OplogNames {
  design: readonly string[];
  /** Disk operation classes: fetch read, installation read, page write. */
  op: readonly string[];
  clientState: readonly string[];
}

function values(d: SystemDescription | null, sec: string, name: string, scalar: boolean): readonly string[] {
  const s = d?.sections.find((x) => x.name === sec);
  const c = (scalar ? s?.scalars : s?.columns)?.find((x) => x.name === name);
  if (!c) throw new Error(`the description has no ${sec}.${name}`);
  return c.values;
}

/** The value names the description gives the frame's enumerations. */
export function oplogNames(d: SystemDescription | null): OplogNames {
  return {
    design: values(d, 'server', 'design', true),
    op: values(d, 'disk_queue', 'kind', false),
    clientState: values(d, 'clients', 'state', false),
  };
}

function read(f: Frame, d: SystemDescription | null): OplogFrame {
  const names = oplogNames(d);
  const sv = section(f, 'server');
  const pl = section(f, 'pool');
  const dt = section(f, 'dirty');
  const dk = diskFrame(f, d).disks[0];
  const dc = section(f, 'decisions');
  const cl = section(f, 'clients');
  return {
    server: {
      design: names.design[sv.num('design')],
      memoryPages: sv.num('memory_pages'),
      logCapacity: sv.num('log_capacity'),
      objectsPerPage: sv.num('objects_per_page'),
      logUsed: sv.num('log_used'),
      pendingPages: sv.num('pending_pages'),
      pendingEntries: sv.num('pending_entries'),
      ireadEntries: sv.num('iread_entries'),
      ireadTrigger: sv.num('iread_trigger'),
      cacheFrames: sv.num('cache_frames'),
      dirtyPages: sv.num('dirty_pages'),
      writing: sv.num('writing'),
      cleanFrames: sv.num('clean_frames'),
      writeTrigger: sv.num('write_trigger'),
      blockedCommits: sv.num('blocked_commits'),
      cpuBacklogNs: sv.num('cpu_backlog_ns'),
    },
    pool: {
      page: pl.col('page'),
      cylinder: pl.col('cylinder'),
      slot: pl.col('slot'),
      entries: pl.col('entries'),
      firstAt: pl.col('first_at'),
    },
    dirty: { count: dt.num('count'), cells: dt.col('count') },
    disk: {
      cylinders: dk.cylinders,
      tracksPerCylinder: dk.tracksPerCylinder,
      pagesPerTrack: pl.num('pages_per_track'),
      revNs: dk.revNs,
      databasePages: pl.num('database_pages'),
      angle: dk.angle,
      headCylinder: dk.headCylinder,
      active: dk.active && {
        op: names.op[dk.active.kind],
        page: dk.active.page,
        start: dk.active.start,
        seekEnd: dk.active.seekEnd,
        rotationEnd: dk.active.rotationEnd,
        end: dk.active.end,
        from: dk.active.fromCylinder,
        to: dk.active.toCylinder,
      },
      queueOp: dk.queueKind,
      queuePage: dk.queuePage,
    },
    decisions: {
      at: dc.col('at'),
      op: dc.col('op'),
      fromCylinder: dc.col('from_cylinder'),
      fromTime: dc.col('from_time'),
      chosen: dc.col('chosen'),
      chosenNs: dc.col('chosen_ns'),
      other: dc.col('other'),
      otherNs: dc.col('other_ns'),
      candidates: dc.col('candidates'),
      examined: dc.col('examined'),
    },
    clients: {
      thinkNs: cl.num('think_ns'),
      state: cl.col('state'),
      page: cl.col('page'),
      since: cl.col('since'),
      blocked: cl.col('blocked'),
    },
  };
}

/** The frame's oplog sections, read once per frame. */
export const oplogFrame = oncePerFrame(read);

/** A page's cylinder and angular slot, as the engine lays pages out (spec A3). */
export function pagePlace(page: number, disk: DiskSnapshot): { cylinder: number; slot: number } {
  const perCylinder = disk.pagesPerTrack * disk.tracksPerCylinder;
  return { cylinder: Math.floor(page / perCylinder), slot: page % disk.pagesPerTrack };
}

/** One sample of the oplog system's time series (metrics.rs `Sample`): the interval since the
 * previous sample, ending at `t_s`. */
export interface OplogSample extends Sample {
  throughput_tps: number;
  /** Mean installation-read cost over the interval, ms; null when no installation read completed. */
  icost_ms: number | null;
  /** Share of the interval the disk spent on each operation class, 0 … 1. */
  disk_share: { fetch_read: number; install_read: number; write: number };
  /** Pending pages, log entries and dirty pages at the sample's time. */
  pool_pages: number;
  log_entries: number;
  dirty_pages: number;
  server_hit_ratio: number;
}

/** What a client is doing, as the views name it: its `state`, or "blocked" while its commit
 * waits for log space (or, in the page server, for a clean frame). */
export type ClientStatus = 'fetching' | 'thinking' | 'committing' | 'blocked';

export function clientStatus(f: OplogFrame, names: OplogNames, i: number): ClientStatus {
  if (f.clients.blocked[i]) return 'blocked';
  return names.clientState[f.clients.state[i]] as ClientStatus;
}

/** How far a thinking client is through its think time at `nowNs`, 0 … 1 (0 in other states). */
export function thinkProgress(f: OplogFrame, names: OplogNames, i: number, nowNs: number): number {
  if (names.clientState[f.clients.state[i]] !== 'thinking' || f.clients.thinkNs <= 0) return 0;
  return Math.min(1, Math.max(0, (nowNs - f.clients.since[i]) / f.clients.thinkNs));
}
