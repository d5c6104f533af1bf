// What the MOB view picks, for the inspector (views/contract.ts, SystemTargets): every system that
// shows it inspects them (its inspector part says what they are in its own terms).
export {};

declare module '../../contract' {
  interface SystemTargets {
    /** A chunk of the buffer's scan list: its log index and page. */
    chunk: { kind: 'chunk'; logIndex: number; page: number };
    flusher: { kind: 'flusher' };
  }
}
