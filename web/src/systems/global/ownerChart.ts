// Table 13's numbers (thesis §4.5.5): the frames of one server by the server that owns their
// pages, from the latest frame's `composition` section, and the thesis's own row beside them where
// the run is Table 13's (ten servers of 2,048 frames, the large client on server 0).
import type { ClusterFrame } from './clusterFrame';

/** Table 13: pages cached at the large client's primary server (server 1 in the thesis, our
 * server 0), by owner, for each policy as the engine names it. */
export const TABLE_13: Readonly<Record<string, readonly number[]>> = {
  clsv: [274, 202, 190, 201, 174, 197, 191, 202, 214, 202],
  reserve_dup: [1228, 200, 196, 201, 196, 4, 9, 3, 7, 7],
  global: [607, 356, 334, 366, 350, 9, 7, 7, 5, 7],
};

/** The thesis's name of each policy in Table 13. */
export const TABLE_13_NAMES: Readonly<Record<string, string>> = { clsv: 'ClSv-Decl', reserve_dup: 'Resv-Decl', global: 'Global-Decl' };

export interface OwnerBar {
  owner: number;
  pages: number;
  /** Its share of the server's frames. */
  share: number;
  /** The owner's client: 'none' (idle), 'large', 'small', 'web requests'. */
  role: string;
}

/** Server `server`'s frames by owner. */
export function ownerBars(f: ClusterFrame, server: number): OwnerBar[] {
  const s = f.servers[server];
  if (!s) return [];
  return s.byOwner.map((pages, owner) => ({ owner, pages, share: f.frames > 0 ? pages / f.frames : 0, role: f.servers[owner]?.client ?? 'none' }));
}

/** Table 13's row for the run's policy, when the run is Table 13's and the server is the large
 * client's; else null. */
export function paperRow(f: ClusterFrame, server: number): readonly number[] | null {
  const row = TABLE_13[f.replacement];
  const roles = f.servers.map((s) => s.client).join(',');
  const table13 = f.servers.length === 10 && f.frames === 2048 && roles === 'large,small,small,small,small,none,none,none,none,none';
  return row && table13 && server === 0 ? row : null;
}

/** The server's frames in words: its own pages, busy servers', idle servers', free. */
export function ownerSummary(f: ClusterFrame, server: number): string {
  const bars = ownerBars(f, server);
  const sum = (keep: (b: OwnerBar) => boolean) => bars.filter(keep).reduce((n, b) => n + b.pages, 0);
  const pct = (n: number) => `${f.frames > 0 ? Math.round((100 * n) / f.frames) : 0}%`;
  const own = sum((b) => b.owner === server);
  const busy = sum((b) => b.owner !== server && b.role !== 'none');
  const idle = sum((b) => b.owner !== server && b.role === 'none');
  const free = f.servers[server]?.free ?? 0;
  const n = (x: number) => x.toLocaleString('en-US');
  return `server ${server}: its own pages ${n(own)} (${pct(own)}), busy servers' ${n(busy)} (${pct(busy)}), idle servers' ${n(idle)} (${pct(idle)}), free ${n(free)}`;
}
