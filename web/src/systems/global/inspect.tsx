// What the Inspector shows of the global-memory cluster: a server (its client, its frames by kind
// and by owner, its processor and disks, the messages in flight to and from it), a client's
// request on its path, and a page on a path (its owner and disk place, its copies), from the
// frame at the lab's time.
import type { InspectorPart } from '../system';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { KV } from '../../views/lib/inspectParts';
import { clusterFrame, type ClientRequest, type ClusterFrame, type PageState, type Server } from './clusterFrame';

function Empty({ select }: { select: ViewProps['select'] }) {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>
        Click a server&apos;s bar in the cluster view to see its memory by owner, a message to follow its request (and inspect its page: its
        owner&apos;s disk and its copies), or a row of the event log.
      </p>
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'server', id: 0 })}>
        Inspect server 0
      </button>{' '}
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'clientRequest', client: 0 })}>
        Follow client 0&apos;s request
      </button>
    </div>
  );
}

function Details({ frame, description, sel, select }: { frame: Frame; description: SystemDescription | null; sel: InspectTarget; select: ViewProps['select'] }) {
  const f = clusterFrame(frame, description);
  if (sel.kind === 'clientRequest') {
    const r = f.requests[sel.client];
    if (!r) return <p style={{ padding: 10 }}>There is no client {sel.client}: the cluster has {f.requests.length}.</p>;
    return (
      <>
        <KV rows={requestRows(f, r)} />
        <p style={{ padding: '0 10px' }}>
          <button type="button" className="sl-btn" onClick={() => select({ kind: 'page', id: r.page })}>
            Inspect page {r.page}
          </button>
        </p>
      </>
    );
  }
  if (sel.kind === 'page') {
    const p = f.pages.find((x) => x.page === sel.id);
    if (!p) return <p style={{ padding: 10 }}>Page {sel.id} is on no request&apos;s path and in no message at this moment: follow a request, then inspect its page.</p>;
    return <KV rows={pageRows(f, p)} />;
  }
  if (sel.kind !== 'server') return <p style={{ padding: 10 }}>The cluster has nothing of this kind to inspect.</p>;
  const s = f.servers[sel.id];
  if (!s) return <p style={{ padding: 10 }}>There is no server {sel.id}: the cluster has {f.servers.length}.</p>;
  return <KV rows={serverRows(f, s)} />;
}

/** The rows of server `s`. */
export function serverRows(f: ClusterFrame, s: Server): [string, string][] {
  const owners = s.byOwner
    .map((n, owner) => [owner, n] as const)
    .filter(([owner, n]) => owner !== s.id && n > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const out = f.messages.filter((m) => m.from === s.id).length;
  const into = f.messages.filter((m) => m.to === s.id).length;
  return [
    ['client', s.client === 'none' ? 'none: its memory serves the others' : s.client === 'web requests' ? 'web requests, routed to it in turn' : `a ${s.client} client, whose primary server it is`],
    ['frames', `${f.frames}: ${s.own} of its own pages, ${s.hated} hated copies, ${s.others} of other servers' pages, ${s.free} free`],
    [
      'duplicates',
      `${s.duplicates}: pages another server holds too (hated copies apart); the rest are the only copy in the cluster's memory` +
        (f.dupInfo === 'lazy' ? `; ${s.stale} of them in fact the last copies, the owner's word not yet here (lazy states, §4.1.3)` : ''),
    ],
    ['others by owner', owners.length === 0 ? 'none' : owners.map(([o, n]) => `server ${o}: ${n}`).join(', ')],
    ['updated pages', `${s.dirty}: written to their owner's disk when their last copy leaves the cluster's memory`],
    ['LRU tail', s.tailAge === 0 ? 'a frame is free' : `its 100 least recently used pages last used ${s.tailAge.toFixed(2)} s ago on average (§4.1.3)`],
    ['processor', `${s.jobs} jobs sharing it`],
    ['disks', `${s.diskQueue} requests in service or waiting`],
    ['messages in flight', `${out} from it, ${into} to it`],
  ];
}

/** The rows of client `r.client`'s request in progress. */
export function requestRows(f: ClusterFrame, r: ClientRequest): [string, string][] {
  const msgs = f.messages.filter((m) => m.client === r.client);
  return [
    ['page', `${r.page}, owned by server ${r.owner}`],
    ['to', r.write ? 'update it, under a write lock: the owner calls back every other copy (§2.4)' : 'read it'],
    ['primary server', `${r.primary}`],
    ['where', r.stage],
    ['page from', r.from === r.owner ? `its owner, server ${r.owner}` : `server ${r.from}, forwarding it for the owner`],
    ['asked for at', `${(r.issued / 1e9).toFixed(6)} s (${((f.nowNs - r.issued) / 1e6).toFixed(3)} ms ago)`],
    ['messages in flight', msgs.length === 0 ? 'none' : msgs.map((m) => `${m.kind} ${m.from} → ${m.to} (${m.phase})`).join('; ')],
  ];
}

/** The rows of page `p`, on a request's path or in a message now. */
export function pageRows(f: ClusterFrame, p: PageState): [string, string][] {
  const list = (xs: number[]) => xs.join(', ');
  const clients = f.requests.filter((r) => r.page === p.page).map((r) => r.client);
  const msgs = f.messages.filter((m) => m.page === p.page);
  const copies = p.holders.length;
  const where = copies === 0 ? 'none in memory' : `${copies} at server${copies > 1 ? 's' : ''} ${list(p.holders)}`;
  const way = p.onWay > 0 ? `, ${p.onWay} on ${p.onWay > 1 ? 'their' : 'its'} way` : '';
  const state =
    copies + p.onWay === 0
      ? ': the next request for it reads its owner\'s disk'
      : p.duplicate
        ? ': duplicates, so a policy that prefers single pages gives them up first (§4.1.3)'
        : ': the only copy in the cluster\'s memory';
  return [
    ['owner', `server ${p.owner}, on its disk ${p.disk} at block ${p.block}`],
    ['copies', where + way + state],
    ['hated copy', p.hated ? `its owner keeps one, read from disk for another server (§2.3)` : 'none'],
    ['updated', p.updated ? 'yes: written to its owner\'s disk when its last copy leaves memory (§2.4)' : 'no'],
    ['write lock', p.writer < 0 ? 'none' : `held by server ${p.writer}`],
    ['asked for by', clients.length === 0 ? 'no request now' : `client${clients.length > 1 ? 's' : ''} ${list(clients)}`],
    ['messages in flight', msgs.length === 0 ? 'none' : msgs.map((m) => `${m.kind} ${m.from} → ${m.to}`).join('; ')],
  ];
}

const part: InspectorPart = {
  Empty,
  Details,
  title: (sel) => (sel.kind === 'server' ? `Server ${sel.id}` : sel.kind === 'clientRequest' ? `Client ${sel.client}'s request` : null),
};
export default part;
