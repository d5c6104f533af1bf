// What only the MOB's views pick, for the inspector (views/contract.ts, SystemTargets).
export {};

declare module '../../views/contract' {
  interface SystemTargets {
    /** A chunk of the MOB's scan list: its log index and page. */
    chunk: { kind: 'chunk'; logIndex: number; page: number };
    flusher: { kind: 'flusher' };
  }
}
