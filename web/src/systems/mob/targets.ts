// What only the MOB's views pick, for the inspector (views/contract.ts, SystemTargets).
export {};

declare module '../../views/contract' {
  interface SystemTargets {
    /** A chunk of the MOB's scan list: its log index and page. */
    chunk: { kind: 'chunk'; logIndex: number; page: number };
    flusher: { kind: 'flusher' };
    /** A region of the write-optimized layout's disk, by its place in disk order. */
    region: { kind: 'region'; id: number };
    /** A fragment of a page, by where it lies: its region and its offset there (bytes). */
    fragment: { kind: 'fragment'; page: number; region: number; offset: number };
  }
}
