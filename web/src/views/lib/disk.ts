// Pure disk geometry and request-phase helpers (engine/core/src/components/disk, spec 000 §3.3),
// for any system's disk.

/** Where a disk's bytes lie: a track's bytes and a cylinder's tracks. */
export interface TrackGeometry {
  trackBytes: number;
  tracksPerCylinder: number;
}

/** When a request's phases end, ns: it starts seeking at `start`. */
export interface RequestTimes {
  start: number;
  seekEnd: number;
  rotationEnd: number;
  end: number;
}

/** Angular position of a byte address within its track, in revolutions [0, 1). */
export function targetAngle(addr: number, trackBytes: number): number {
  return (addr % trackBytes) / trackBytes;
}

export function cylinderOf(addr: number, d: TrackGeometry): number {
  return Math.floor(Math.floor(addr / d.trackBytes) / d.tracksPerCylinder);
}

export type RequestPhase = 'queued' | 'seek' | 'rotation' | 'transfer' | 'done';

/** Which phase the request is in at `now`, and how far through that phase (0..1). */
export function requestPhase(r: RequestTimes, now: number): { phase: RequestPhase; progress: number } {
  const frac = (a: number, b: number) => (b > a ? Math.min(1, Math.max(0, (now - a) / (b - a))) : 1);
  if (now < r.start) return { phase: 'queued', progress: 0 };
  if (now < r.seekEnd) return { phase: 'seek', progress: frac(r.start, r.seekEnd) };
  if (now < r.rotationEnd) return { phase: 'rotation', progress: frac(r.seekEnd, r.rotationEnd) };
  if (now < r.end) return { phase: 'transfer', progress: frac(r.rotationEnd, r.end) };
  return { phase: 'done', progress: 1 };
}

/**
 * Screen angle (radians, canvas convention: 0 = 3 o'clock, clockwise) of a point fixed on the
 * platter at angular position `phi` (revolutions), when the platter is at `platter` and the head
 * sits at screen angle `headAngle`. A sector passes under the head when platter == phi, which is
 * when the engine's rotational wait (phi − platter mod 1) runs out.
 */
export function screenAngle(phi: number, platter: number, headAngle: number): number {
  return headAngle + (platter - phi) * 2 * Math.PI;
}

/**
 * Radial position of a cylinder on the platter drawing. Cylinder 0 is outermost. The database band
 * (a few dozen of thousands of cylinders) is magnified to `bandShare` of the radial span so the
 * head's motion is visible; the rest of the disk is compressed into the remainder.
 */
export function cylinderRadius(
  cyl: number,
  cylinders: number,
  databaseCylinders: number,
  rOuter: number,
  rInner: number,
  bandShare = 0.6,
): number {
  const span = rOuter - rInner;
  const band = Math.max(1, Math.min(databaseCylinders, cylinders));
  if (cyl <= band) return rOuter - (cyl / band) * span * bandShare;
  const rest = Math.max(1, cylinders - band);
  return rOuter - span * bandShare - ((cyl - band) / rest) * span * (1 - bandShare);
}

/** Magnification of the database band in the platter drawing, for the label. */
export function bandMagnification(cylinders: number, databaseCylinders: number, bandShare = 0.6): number {
  return (bandShare * cylinders) / Math.max(1, databaseCylinders);
}

export interface HeadPoint {
  t: number;
  cyl: number;
}
