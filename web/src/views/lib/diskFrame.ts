// The disks of a frame, as the disk component declares them for every system
// (engine/core/src/components/disk/view.rs): `disk`, a row per device (geometry, head, platter,
// the request in service) and `disk_queue`, each device's waiting requests in serving order.
// One reader for every system with a disk; a system's own reader adds what only it has.
import type { Frame, SystemDescription } from '../../engine/types';
import { valueNames } from './describe';
import { oncePerFrame, section } from './sections';

/** The request a disk serves: its kind's number (the system's `disk.active_kind` values), page
 * and byte address, and when its seek, rotation and transfer end, ns. */
export interface DiskRequestView {
  kind: number;
  page: number;
  addr: number;
  start: number;
  seekEnd: number;
  rotationEnd: number;
  end: number;
  fromCylinder: number;
  toCylinder: number;
}

/** One disk now. */
export interface DiskSnapshot {
  device: number;
  cylinders: number;
  tracksPerCylinder: number;
  trackBytes: number;
  revNs: number;
  /** Cylinders occupied by the database (the band the head works in). */
  databaseCylinders: number;
  /** Head position now (fractional while seeking) and platter angle in revolutions [0, 1). */
  headCylinder: number;
  angle: number;
  active: DiskRequestView | null;
  /** Its waiting requests in the order it will serve them: kind numbers and pages. */
  queueKind: Uint8Array;
  queuePage: Uint32Array;
}

export interface DiskFrame {
  /** The system's request kinds, by number (`disk_queue.kind`). */
  kinds: readonly string[];
  disks: DiskSnapshot[];
}

/** The disks of `f`; throws when the frame lacks the sections or a column of them. */
export const diskFrame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription | null): DiskFrame {
  const disk = section(f, 'disk');
  const queue = section(f, 'disk_queue');
  const device = disk.col<Uint8Array>('device');
  const qDevice = queue.col<Uint8Array>('device');
  const qKind = queue.col<Uint8Array>('kind');
  const qPage = queue.col<Uint32Array>('page');
  const at = (n: string, i: number) => disk.col<Float64Array>(n)[i];
  const disks = Array.from(device, (id, i): DiskSnapshot => {
    const mine = (k: number) => qDevice[k] === id;
    const waiting = Array.from(qDevice.keys()).filter(mine);
    return {
      device: id,
      cylinders: at('cylinders', i),
      tracksPerCylinder: at('tracks_per_cylinder', i),
      trackBytes: at('track_bytes', i),
      revNs: at('rev_ns', i),
      databaseCylinders: at('database_cylinders', i),
      headCylinder: at('head_cylinder', i),
      angle: at('angle', i),
      active:
        at('active_kind', i) < 0
          ? null
          : {
              kind: at('active_kind', i),
              page: at('active_page', i),
              addr: at('active_addr', i),
              start: at('active_start', i),
              seekEnd: at('active_seek_end', i),
              rotationEnd: at('active_rotation_end', i),
              end: at('active_end', i),
              fromCylinder: at('active_from', i),
              toCylinder: at('active_to', i),
            },
      // One device (every system so far): its queue is the whole column, not a copy.
      queueKind: waiting.length === qKind.length ? qKind : Uint8Array.from(waiting, (k) => qKind[k]),
      queuePage: waiting.length === qPage.length ? qPage : Uint32Array.from(waiting, (k) => qPage[k]),
    };
  });
  return { kinds: valueNames(d, 'disk_queue', 'kind'), disks };
}
