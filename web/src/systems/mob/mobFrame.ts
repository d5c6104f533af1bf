// The MOB views' typed reading of the frame sections the MOB system declares
// (engine/core/src/systems/mob/view.rs, `describe_json().sections`). Each value is read by its
// name and a missing one throws, so a renamed or dropped column fails the view tests (which run
// on frames recorded from the engine) instead of drawing NaN. Built once per frame.
import { oncePerFrame, section } from '../../views/lib/sections';
import type { Frame, Sample, SystemDescription } from '../../engine/types';
import { diskFrame, type DiskSnapshot } from '../../views/lib/diskFrame';
import { valueNames } from '../../views/lib/describe';
import { REQUEST_PALETTE, valueColours } from '../../views/contract';
import { MOB_TERMS } from '../../views/lib/mob/part';
import { areaNamesOf, readFlusher, readMob, type AreaNames, type BufferFrame, type FlusherSnapshot, type MobSnapshot } from '../../views/lib/mob/bufferFrame';

export type { FlusherSnapshot, MobSnapshot };

/** The MOB's disk: the disk component's, with its last completed requests (`disk_history`). */
export interface MobDisk extends DiskSnapshot {
  /** The last completed requests, oldest first: phases in ns, `end` the time it ended. */
  recent: { kind: number; page: number; seek: number; rotation: number; transfer: number; end: number }[];
}

export interface CacheSnapshot {
  /** The disk layout's name: read_optimized (the cache holds pages) or write_optimized (page
   * headers and fragments, given only as bytes). */
  layout: string;
  /** The server architecture's name (Chapter 5): mob; page (page shipping: all memory is this
   * cache, holding whole dirty pages until they are evicted and written, and the MOB is unused);
   * freemob (the MOB, its installation reads free). */
  architecture: string;
  capacityBytes: number;
  headerBytes: number;
  fragmentBytes: number;
  capacityPages: number;
  /** Cached pages from most to least recently used. */
  pages: Uint32Array;
  pinned: Uint8Array;
  valid: Uint8Array;
  /** Installed into by the flusher and not yet written back; under PAGE, holding committed
   * modifications until its eviction write. */
  dirty: Uint8Array;
  /** Per cached page, the modified objects its disk copy lacks (non-zero only under PAGE). */
  dirtyObjects: Uint32Array;
}

export interface ClientSnapshot {
  /** A name of the clients' `state` values: running, fetching or committing. */
  state: string;
  /** Object being fetched (when fetching). */
  fetching: number;
  /** Accesses done in the current transaction, of `txnLength`. */
  accessesDone: number;
  txnLength: number;
}

/** One sample of the MOB system's time series (engine/core/src/systems/mob/metrics.rs `Sample`). */
export interface MobSample extends Sample {
  throughput_tps: number;
  disk_utilisation: { fetch_read: number; install_read: number; write: number; clean: number };
  mob_occupancy: number;
  server_cache_hit_ratio: number;
}

/** The names of the MOB's enumerated values, in the engine's numbering, and their colours. */
export interface MobNames extends AreaNames {
  /** Disk request kinds (`disk_queue.kind`). */
  request: readonly string[];
  requestColour: readonly string[];
  requestName(kind: number): string;
}

const names = new WeakMap<SystemDescription, MobNames>();
function withNames(area: readonly string[], request: readonly string[]): MobNames {
  return {
    ...areaNamesOf(area, MOB_TERMS.areaColours),
    request,
    requestColour: valueColours(request, REQUEST_PALETTE),
    requestName: (k) => request[k] ?? `request kind ${k}`,
  };
}

const NO_NAMES = withNames([], []);

/** The MOB system's value names and colours, from its description (none before a load). */
export function mobNames(d: SystemDescription | null): MobNames {
  if (!d) return NO_NAMES;
  let n = names.get(d);
  if (!n) {
    n = withNames(valueNames(d, 'mob', 'area'), valueNames(d, 'disk_queue', 'kind'));
    names.set(d, n);
  }
  return n;
}

/** The MOB system's frame: its buffer as the shared MOB view reads it, and the rest. */
export interface MobFrame extends BufferFrame {
  names: MobNames;
  disk: MobDisk;
  cache: CacheSnapshot;
  clients: ClientSnapshot[];
  /** Database geometry, for mapping oids and pages to areas. */
  objectsPerPage: number;
  pages: number;
}

/** The MOB sections of `f`, typed; throws when the frame lacks one of them. */
export const mobFrame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription | null): MobFrame {
  const db = section(f, 'database');
  const history = section(f, 'disk_history');
  const cache = section(f, 'cache');
  const cl = section(f, 'clients');
  const clientStates = valueNames(d, 'clients', 'state');
  const state = cl.col<Uint8Array>('state');
  const fetching = cl.col<Uint32Array>('fetching');
  const done = cl.col<Uint32Array>('accesses_done');
  const length = cl.col<Uint32Array>('txn_length');
  return {
    nowNs: f.nowNs,
    names: mobNames(d),
    mob: readMob(f),
    flusher: readFlusher(f, d),
    disk: {
      ...diskFrame(f, d).disks[0],
      recent: Array.from(history.col('page'), (page, i) => ({
        kind: history.col('kind')[i],
        page,
        seek: history.col('seek')[i],
        rotation: history.col('rotation')[i],
        transfer: history.col('transfer')[i],
        end: history.col('end')[i],
      })),
    },
    cache: {
      layout: valueNames(d, 'cache', 'layout')[cache.num('layout')] ?? String(cache.num('layout')),
      architecture: valueNames(d, 'cache', 'architecture')[cache.num('architecture')] ?? String(cache.num('architecture')),
      capacityBytes: cache.num('capacity_bytes'),
      headerBytes: cache.num('header_bytes'),
      fragmentBytes: cache.num('fragment_bytes'),
      capacityPages: cache.num('capacity_pages'),
      pages: cache.col('page'),
      pinned: cache.col('pinned'),
      valid: cache.col('valid'),
      dirty: cache.col('dirty'),
      dirtyObjects: cache.col('dirty_objects'),
    },
    clients: Array.from(state, (s, i) => ({
      state: clientStates[s] ?? String(s),
      fetching: fetching[i],
      accessesDone: done[i],
      txnLength: length[i],
    })),
    objectsPerPage: db.num('objects_per_page'),
    pages: db.num('pages'),
  };
}
