// What only the MOB's views pick, for the inspector (views/contract.ts, SystemTargets); the MOB
// view's chunk and flusher are views/lib/mob/targets.ts's.
import '../../views/lib/mob/targets';

declare module '../../views/contract' {
  interface SystemTargets {
    /** A region of the write-optimized layout's disk, by its place in disk order. */
    region: { kind: 'region'; id: number };
    /** A fragment of a page, by where it lies: its region and its offset there (bytes). */
    fragment: { kind: 'fragment'; page: number; region: number; offset: number };
  }
}
