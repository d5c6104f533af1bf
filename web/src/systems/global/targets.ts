// What only the global-memory cluster's views pick, for the inspector (views/contract.ts,
// SystemTargets).
export {};

declare module '../../views/contract' {
  interface SystemTargets {
    /** A server of the cluster, by its number (from 0). */
    server: { kind: 'server'; id: number };
    /** A client's request in progress and its path through the cluster, by the client's number. */
    clientRequest: { kind: 'clientRequest'; client: number };
  }
}
