// The disk system's frames, typed (engine/core/src/systems/disk/view.rs): the disk component's
// sections (views/lib/diskFrame.ts), every request of the list with its times (`requests`, the
// table disk.py -c prints) and OSTEP's homework disk as disk.py lays it out (`ostep`; no rows
// under a drive preset). Read by name, so a renamed column fails the tests on recorded frames.
import type { Frame, SystemDescription } from '../../engine/types';
import { valueNames } from '../../views/lib/describe';
import { diskFrame, type DiskSnapshot } from '../../views/lib/diskFrame';
import { oncePerFrame, section } from '../../views/lib/sections';

/** Where a request is at the frame's time (`requests.state`). */
export type RequestState = 'waiting' | 'seek' | 'rotation' | 'transfer' | 'done';

/** One request of the list, in arrival order. Times in ns (−1 before it starts); its phases'
 * lengths in ms (disk.py's time units on the ostep disk; −1 until it is served). */
export interface DiskRequest {
  /** Its place in the list, from 0. */
  index: number;
  block: number;
  track: number;
  state: RequestState;
  /** Its place in the order the disk serves them, from 0 (−1: not started). */
  order: number;
  start: number;
  seekEnd: number;
  rotationEnd: number;
  end: number;
  seek: number;
  rotation: number;
  transfer: number;
  total: number;
}

/** OSTEP's disk (disk.py): its blocks' tracks and angles, the arm and the platter now. */
export interface OstepDisk {
  seekSpeed: number;
  rotateSpeed: number;
  skew: number;
  /** Time units a turn of the platter takes, and a unit in simulated ns. */
  turn: number;
  unitNs: number;
  /** The platter's angle now, degrees: block b is under the head when it equals b's angle. */
  angle: number;
  /** The arm, tracks from the outer (fractional while it seeks). */
  armTrack: number;
  tracks: number;
  /** Per block (its number is its index): track, angle and half its span, degrees. */
  blockTrack: Uint8Array;
  blockAngle: Float64Array;
  blockHalf: Float64Array;
}

export interface DiskRunFrame {
  nowNs: number;
  disk: DiskSnapshot;
  preset: string;
  scheduler: string;
  /** The scheduling window (BSATF), or −1 for every waiting request. */
  window: number;
  requests: DiskRequest[];
  /** disk.py's TOTALS so far: the served requests' seek, rotation and transfer, and the time
   * to the last one's end, ms. */
  served: number;
  totals: { seek: number; rotation: number; transfer: number; total: number };
  /** null under a drive preset. */
  ostep: OstepDisk | null;
}

const STATES: readonly RequestState[] = ['waiting', 'seek', 'rotation', 'transfer', 'done'];

/** The disk system's view of `f`; throws when a section or column is missing. */
export const requestsFrame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription | null): DiskRunFrame {
  const r = section(f, 'requests');
  const o = section(f, 'ostep');
  const name = (n: string, v: number) => valueNames(d, 'requests', n)[v] ?? String(v);
  const col = (n: string) => r.col<Float64Array>(n);
  const [block, track, state] = [r.col<Uint32Array>('block'), r.col<Uint32Array>('track'), r.col<Uint8Array>('state')];
  const [order, start, seekEnd, rotationEnd, end] = ['order', 'start', 'seek_end', 'rotation_end', 'end'].map(col);
  const [seek, rotation, transfer, total] = ['seek', 'rotation', 'transfer', 'total'].map(col);
  const requests = Array.from(block, (b, i): DiskRequest => ({
    index: i,
    block: b,
    track: track[i],
    state: STATES[state[i]] ?? 'waiting',
    order: order[i],
    start: start[i],
    seekEnd: seekEnd[i],
    rotationEnd: rotationEnd[i],
    end: end[i],
    seek: seek[i],
    rotation: rotation[i],
    transfer: transfer[i],
    total: total[i],
  }));
  const blockTrack = o.col<Uint8Array>('track');
  const ostep: OstepDisk | null =
    blockTrack.length === 0
      ? null
      : {
          seekSpeed: o.num('seek_speed'),
          rotateSpeed: o.num('rotate_speed'),
          skew: o.num('skew'),
          turn: o.num('turn'),
          unitNs: o.num('unit_ns'),
          angle: o.num('angle'),
          armTrack: o.num('arm_track'),
          tracks: Math.max(...blockTrack) + 1,
          blockTrack,
          blockAngle: o.col<Float64Array>('angle'),
          blockHalf: o.col<Float64Array>('half_angle'),
        };
  return {
    nowNs: f.nowNs,
    disk: diskFrame(f, d).disks[0],
    preset: name('preset', r.num('preset')),
    scheduler: name('scheduler', r.num('scheduler')),
    window: r.num('window'),
    requests,
    served: r.num('served'),
    totals: { seek: r.num('seek'), rotation: r.num('rotation'), transfer: r.num('transfer'), total: r.num('total') },
    ostep,
  };
}

/** The time unit the run's numbers are in: disk.py's units on the ostep disk (one simulated as
 * a ms), ms on a drive. */
export function timeUnit(f: Pick<DiskRunFrame, 'ostep'>): string {
  return f.ostep ? 'units' : 'ms';
}

/** A policy's name as disk.py prints it (`-p`). */
export function policyName(f: Pick<DiskRunFrame, 'scheduler' | 'window'>): string {
  const p = f.scheduler.toUpperCase();
  return p === 'BSATF' && f.window > 0 ? `BSATF, window ${f.window}` : p;
}
