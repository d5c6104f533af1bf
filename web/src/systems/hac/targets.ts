// What only HAC's views pick, for the inspector (views/contract.ts, SystemTargets).
export {};

declare module '../../views/contract' {
  interface SystemTargets {
    /** A frame of HAC's client cache (its index in the circular array). */
    frame: { kind: 'frame'; id: number };
  }
}
