// Network messages in flight, reconstructed from trace records and client states (spec §2.4:
// every message arrives a fixed latency after it is sent: the scenario's network.latency_ms).
import type { Frame, ScenarioValues, SystemDescription } from '../../engine/types';
import { kindIds, valueId, valueNames } from './describe';

const KINDS = ['fetch', 'cache_hit', 'cache_miss', 'disk_end', 'commit', 'txn_end'] as const;

/** The scenario's message latency, ns (0 before a scenario has loaded). */
export function networkLatencyNs(scenario: ScenarioValues | null): number {
  const ms = Number(scenario?.network?.latency_ms);
  return Number.isFinite(ms) ? ms * 1e6 : 0;
}

export type MessageKind = 'fetch' | 'reply' | 'commit' | 'ack';

export interface Message {
  kind: MessageKind;
  client: number;
  /** Client → server (fetch, commit) or server → client (reply, ack). */
  toServer: boolean;
  sent: number;
  arrives: number;
  /** Page a fetch or reply concerns (-1 when unknown). */
  page: number;
  /** Wall-clock ms (performance.now) when we first saw it, to keep fast messages visible. */
  seenWall: number;
}

export class MessageTracker {
  private msgs: Message[] = [];
  /** Clients waiting for a disk read of a page after a server miss. */
  private missWaiters = new Map<number, number[]>();
  private lastState: string[] = [];
  private readonly kinds: Record<(typeof KINDS)[number], number>;
  /** Disk reads that answer a waiting fetch. */
  private readonly reads: number[];
  private readonly stateNames: readonly string[];

  constructor(
    readonly description: SystemDescription | null,
    readonly latencyNs: number,
    readonly minVisibleWallMs = 250,
    readonly max = 400,
  ) {
    this.kinds = kindIds(description, KINDS);
    this.reads = ['fetch read', 'installation read'].map((v) => valueId(description, 'disk_queue', 'kind', v));
    this.stateNames = valueNames(description, 'clients', 'state');
  }

  clear(): void {
    this.msgs = [];
    this.missWaiters.clear();
    this.lastState = [];
  }

  /** A message seen at wall time `seenWall`: built once, in one shape (a big trace batch adds
   * thousands, most of them trimmed). */
  private add(kind: MessageKind, client: number, toServer: boolean, sent: number, arrives: number, page: number, seenWall: number): void {
    this.msgs.push({ kind, client, toServer, sent, arrives, page, seenWall });
    // Trimmed in batches (not per message: a big trace batch adds thousands).
    if (this.msgs.length > 2 * this.max) this.trim();
  }

  private trim(): void {
    if (this.msgs.length > this.max) this.msgs.splice(0, this.msgs.length - this.max);
  }

  ingest(f: Frame, wall: number): void {
    if (f.reset) this.clear();
    const L = this.latencyNs;
    const tr = f.trace;
    const opp = f.sections.database.scalars.objects_per_page;
    const K = this.kinds;
    for (let i = 0; i < tr.kind.length; i++) {
      const t = tr.t[i];
      const e = tr.entity[i];
      switch (tr.kind[i]) {
        case K.fetch:
          this.add('fetch', e, true, t, t + L, opp > 0 ? Math.floor(tr.a[i] / opp) : -1, wall);
          break;
        case K.cache_hit:
          this.add('reply', tr.a[i], false, t, t + L, e, wall);
          break;
        case K.cache_miss: {
          const w = this.missWaiters.get(e) ?? [];
          w.push(tr.a[i]);
          this.missWaiters.set(e, w);
          break;
        }
        case K.disk_end: {
          const kind = tr.a[i] % 256;
          const w = this.missWaiters.get(e);
          if (w && this.reads.includes(kind)) {
            for (const c of w) this.add('reply', c, false, t, t + L, e, wall);
            this.missWaiters.delete(e);
          }
          break;
        }
        case K.commit:
          // The commit request was sent a latency ago; it has just arrived.
          this.add('commit', e, true, t - L, t, -1, wall);
          break;
        case K.txn_end:
          // The commit reply has just reached the client.
          this.add('ack', e, false, t - L, t, -1, wall);
          break;
      }
    }
    this.trim();
    this.lastState = Array.from(f.sections.clients.columns.state, (s) => this.stateNames[s]);
    // Forget messages that arrived and have been visible long enough.
    this.msgs = this.msgs.filter((m) => m.arrives > f.nowNs || wall - m.seenWall < this.minVisibleWallMs);
  }

  /** Messages to draw, with their position along the wire (0 = sender, 1 = receiver). */
  inFlight(now: number): { m: Message; progress: number }[] {
    return this.msgs.map((m) => ({
      m,
      progress: m.arrives > m.sent ? Math.min(1, Math.max(0, (now - m.sent) / (m.arrives - m.sent))) : 1,
    }));
  }

  clientStates(): readonly string[] {
    return this.lastState;
  }
}
