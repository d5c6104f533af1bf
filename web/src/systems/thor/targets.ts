// What only Thor's views pick, for the inspector (views/contract.ts, SystemTargets).
export {};

declare module '../../views/contract' {
  interface SystemTargets {
    /** A prefetch group, by its fetch number (from 1). */
    group: { kind: 'group'; id: number };
    /** An object of the latest fetch's segment, by its slot. */
    slot: { kind: 'slot'; id: number };
    /** A collection, by its number (from 1). */
    collection: { kind: 'collection'; id: number };
    /** The FE's heap as a whole. */
    heap: { kind: 'heap' };
  }
}
