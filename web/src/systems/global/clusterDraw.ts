// The cluster view's geometry and colours, apart from React (thesis §2.1; spec 004 §7.1 items 1
// and 2): each server a column whose bar stacks its frames by the server owning their pages,
// its own at the bottom, hated copies next, others' pages by owner, free frames on top; the
// messages on the wire as dots moving from the sender's column to the receiver's along an arc.
import * as d3 from 'd3';
import type { ClientRequest, ClusterFrame, Message, Server } from './clusterFrame';

/** A server's colour: the colour of its pages wherever they are. Tableau's ten up to ten servers,
 * a sinebow's evenly spaced hues beyond. */
export function serverColours(n: number): string[] {
  if (n <= 10) return d3.schemeTableau10.slice(0, n) as string[];
  return d3.quantize((t) => d3.interpolateSinebow(t * (1 - 1 / n)), n);
}

/** One band of a server's bar: frames from `from` to `to` (counted from the bottom). */
export interface Band {
  kind: 'own' | 'hated' | 'others' | 'free';
  owner: number;
  from: number;
  to: number;
}

/** A server's bar from the bottom: its own pages, its hated copies, other servers' pages by
 * owner, then its free frames; frames in flight (reserved) are not drawn. */
export function bands(s: Server): Band[] {
  const out: Band[] = [];
  let at = 0;
  const push = (kind: Band['kind'], owner: number, n: number) => {
    if (n > 0) out.push({ kind, owner, from: at, to: at + n });
    at += n;
  };
  push('own', s.id, s.own);
  push('hated', s.id, s.hated);
  s.byOwner.forEach((n, owner) => {
    if (owner !== s.id) push('others', owner, n);
  });
  push('free', -1, s.free);
  return out;
}

/** Where a message on the wire is now: the fraction of its flight done, 0 to 1; null when it is
 * at a processor. */
export function flight(m: Message, nowNs: number): number | null {
  if (m.wireStart < 0 || m.wireEnd <= m.wireStart) return m.wireStart < 0 ? null : 1;
  return Math.min(1, Math.max(0, (nowNs - m.wireStart) / (m.wireEnd - m.wireStart)));
}

/** A point `t` of the way along the arc from column centre `x0` to `x1`, rising `lift` px above
 * `y` at its middle. */
export function arcPoint(x0: number, x1: number, y: number, lift: number, t: number): [number, number] {
  const x = x0 + (x1 - x0) * t;
  return [x, y - lift * 4 * t * (1 - t)];
}

/** Who a server serves, in words: its client, or the web requests routed to it. */
export function clientText(client: string): string {
  if (client === 'none') return 'no client';
  return client === 'web requests' ? 'web requests routed to it' : `a ${client} client`;
}

/** The sentence a server's column says (its tooltip and its accessible name). */
export function serverText(s: Server, frames: number): string {
  const others = s.byOwner.filter((n, o) => o !== s.id && n > 0).length;
  return (
    `Server ${s.id} (${clientText(s.client)}): ${s.own} of its own pages, ${s.hated} hated copies, ${s.others} pages of ${others} other servers ` +
    `(${s.duplicates} of them duplicates, held elsewhere too${s.stale > 0 ? `, ${s.stale} of those in fact the last copies` : ''}), ${s.free} free of ${frames} frames; ${s.jobs} jobs on its processor, ` +
    `${s.diskQueue} requests at its disks`
  );
}

/** The replacement policies as the thesis names them. */
const POLICY: Readonly<Record<string, string>> = {
  base: 'Base',
  clsv: 'ClSv',
  reserve: 'Reserve',
  optimal: 'Optimal',
  dup_elim: 'Dup-Elim',
  hybrid: 'Hybrid',
  threshold: 'Threshold',
  global: 'Global',
  reserve_dup: 'Reserve (Ch. 4)',
};

/** The view's head line: the policy, the cluster and how much of its memory holds distinct pages. */
export function headline(f: ClusterFrame): string {
  const total = f.frames * f.servers.length;
  const pct = total > 0 ? Math.round((100 * f.unique) / total) : 0;
  return `${POLICY[f.replacement] ?? f.replacement} · ${f.placement} · ${f.servers.length} servers × ${f.frames.toLocaleString('en-US')} frames · ${f.unique.toLocaleString('en-US')} distinct pages (${pct}%) · ${f.messages.length} messages in flight`;
}

/** The legs of a request's path so far, column to column (§2.3): the request from its primary to
 * the page's owner (from its fault), a forward from the owner to a holder, the page on its way back to the
 * primary; and whether the owner is reading the page from disk. Nothing crosses the network for
 * a page in the primary's own memory, or once the page has arrived. */
export function pathLegs(r: ClientRequest): { legs: [number, number, string][]; disk: boolean } {
  const legs: [number, number, string][] = [];
  // From the fault on, the request is on its way to the owner, or there.
  const past = ['fault', 'at the owner', 'calling back copies', 'forwarded', 'disk read', 'page on its way'].includes(r.stage);
  if (past && r.primary !== r.owner) legs.push([r.primary, r.owner, 'request']);
  if ((r.stage === 'forwarded' || r.stage === 'page on its way') && r.from !== r.owner) legs.push([r.owner, r.from, 'forward']);
  if (r.stage === 'page on its way' && r.from !== r.primary) legs.push([r.from, r.primary, 'page']);
  return { legs, disk: r.stage === 'disk read' };
}

/** A request's path in words (the view's caption and the inspector's line). */
export function pathText(r: ClientRequest): string {
  const via = r.from !== r.owner ? `, forwarded by server ${r.from}` : '';
  return `client ${r.client}'s ${r.write ? 'update of ' : ''}page ${r.page}: primary server ${r.primary}, owner ${r.owner}${r.stage === 'forwarded' || r.stage === 'page on its way' ? via : ''} · ${r.stage}`;
}
