// The global-memory cluster's frames, typed (engine/core/src/systems/global/view.rs): every
// server with its frames' make-up (`servers`), the frames of each server by owner
// (`composition`, Tab. 13), the messages in flight (`messages`), the requests in progress
// (`requests`) and the pages on their paths (`pages`). Read by name, so a renamed column fails
// the tests on recorded frames.
import type { Frame, SystemDescription } from '../../engine/types';
import { valueNames } from '../../views/lib/describe';
import { oncePerFrame, section } from '../../views/lib/sections';

export interface Server {
  id: number;
  /** Frames holding its own pages (hated copies apart), hated copies, others' pages, free. */
  own: number;
  hated: number;
  others: number;
  free: number;
  /** Pages updated since read, written to their owner's disk when their last copy leaves memory. */
  dirty: number;
  /** Of its pages (hated copies apart), those another server holds too (§4.1.3); of those, the
   * copies it takes for duplicates though they are the last (lazy states: the owner's word is on
   * its way). */
  duplicates: number;
  stale: number;
  /** The mean time since the last use of its 100 least recently used pages, s (0: a frame free). */
  tailAge: number;
  /** Jobs on its processor, and requests at its disks. */
  jobs: number;
  diskQueue: number;
  client: string;
  /** Its frames by the server owning their pages, indexed by owner. */
  byOwner: number[];
}

export interface Message {
  kind: string;
  /** Whether it carries a page (the data messages of Fig. 18). */
  data: boolean;
  from: number;
  to: number;
  page: number;
  /** The client whose request it serves; −1 for none (an updated page sent home to be written). */
  client: number;
  phase: string;
  /** On the wire from and to, ns (−1 while at its sender). */
  wireStart: number;
  wireEnd: number;
}

/** A client's request in progress (`requests`): where it is on its path. */
export interface ClientRequest {
  client: number;
  primary: number;
  page: number;
  owner: number;
  /** 'lookup', 'waiting for another fetch', 'fault', 'at the owner', 'calling back copies',
   * 'forwarded', 'disk read', 'page on its way', 'processing', 'committing', "held to Tab. 3's access time". */
  stage: string;
  /** The server the page comes from: the owner, or a forwarding holder. */
  from: number;
  issued: number;
  /** It updates its page, under a write lock (§2.4). */
  write: boolean;
}

/** A page on a request's path or a message's (`pages`): where it lives and where its copies are. */
export interface PageState {
  page: number;
  owner: number;
  /** Its place on the owner's disks. */
  disk: number;
  block: number;
  /** The servers with a copy in memory, in order, and the copies on their way to one. */
  holders: number[];
  onWay: number;
  /** Its copies are duplicates (two or more, one on its way counting). */
  duplicate: boolean;
  /** Its owner keeps a hated copy of it. */
  hated: boolean;
  /** Updated, not yet written to its owner's disk. */
  updated: boolean;
  /** The server holding its write lock, −1 for none. */
  writer: number;
}

export interface ClusterFrame {
  nowNs: number;
  replacement: string;
  placement: string;
  /** 'exact' or 'lazy' duplicate states (§4.1.3). */
  dupInfo: string;
  frames: number;
  unique: number;
  servers: Server[];
  messages: Message[];
  requests: ClientRequest[];
  pages: PageState[];
}

/** The engine's client of a message on no client's behalf, and its writer of a page unlocked. */
const NO_CLIENT = 65535;
const NO_WRITER = 65535;

/** The kinds of message that carry a page. */
const DATA = new Set(['page', 'page shipped back']);

export const clusterFrame = oncePerFrame(read);

function read(f: Frame, d: SystemDescription | null): ClusterFrame {
  const s = section(f, 'servers');
  const c = section(f, 'composition');
  const m = section(f, 'messages');
  const name = (sec: string, col: string) => {
    const names = valueNames(d, sec, col);
    return (v: number) => names[v] ?? String(v);
  };
  const [own, hated, others, free, duplicates, jobs, diskQueue, dirty, stale] = ['own', 'hated', 'others', 'free', 'duplicates', 'jobs', 'disk_queue', 'dirty', 'stale'].map((n) =>
    s.col<Uint32Array>(n),
  );
  const client = s.col<Uint8Array>('client');
  const tailAge = s.col<Float64Array>('tail_age');
  const n = own.length;
  const pages = c.col<Uint32Array>('pages');
  const servers = Array.from(own, (_, i): Server => ({
    id: i,
    own: own[i],
    hated: hated[i],
    others: others[i],
    free: free[i],
    duplicates: duplicates[i],
    tailAge: tailAge[i],
    jobs: jobs[i],
    diskQueue: diskQueue[i],
    dirty: dirty[i],
    stale: stale[i],
    client: name('servers', 'client')(client[i]),
    byOwner: Array.from(pages.subarray(i * n, (i + 1) * n)),
  }));
  const kind = m.col<Uint8Array>('kind');
  const [from, to, page, cl] = ['from', 'to', 'page', 'client'].map((x) => m.col<Uint32Array>(x));
  const phase = m.col<Uint8Array>('phase');
  const [ws, we] = [m.col<Float64Array>('wire_start'), m.col<Float64Array>('wire_end')];
  const kindName = name('messages', 'kind');
  const phaseName = name('messages', 'phase');
  const messages = Array.from(kind, (k, i): Message => ({
    kind: kindName(k),
    data: DATA.has(kindName(k)),
    from: from[i],
    to: to[i],
    page: page[i],
    client: cl[i] === NO_CLIENT ? -1 : cl[i],
    phase: phaseName(phase[i]),
    wireStart: ws[i],
    wireEnd: we[i],
  }));
  const q = section(f, 'requests');
  const [qPrimary, qPage, qOwner, qFrom] = ['primary', 'page', 'owner', 'from'].map((x) => q.col<Uint32Array>(x));
  const [qStage, qIssued, qMode] = [q.col<Uint8Array>('stage'), q.col<Float64Array>('issued'), q.col<Uint8Array>('mode')];
  const stageName = name('requests', 'stage');
  const requests = Array.from(qPrimary, (primary, i): ClientRequest => ({
    client: i,
    primary,
    page: qPage[i],
    owner: qOwner[i],
    stage: stageName(qStage[i]),
    from: qFrom[i],
    issued: qIssued[i],
    write: qMode[i] === 1,
  }));
  const g = section(f, 'pages');
  const [gPage, gOwner, gBlock, gWriter, gOnWay] = ['page', 'owner', 'block', 'writer', 'on_way'].map((x) => g.col<Uint32Array>(x));
  const [gDisk, gDup, gHated, gUpdated] = ['disk', 'duplicate', 'hated', 'updated'].map((x) => g.col<Uint8Array>(x));
  const gHolders = g.col<Float64Array>('copies');
  // One bit a server: the holders' mask fits a float exactly (at most 40 servers).
  const holders = (mask: number) => Array.from({ length: n }, (_, i) => i).filter((i) => Math.floor(mask / 2 ** i) % 2 === 1);
  const pageStates = Array.from(gPage, (page, i): PageState => ({
    page,
    owner: gOwner[i],
    disk: gDisk[i],
    block: gBlock[i],
    holders: holders(gHolders[i]),
    onWay: gOnWay[i],
    duplicate: gDup[i] === 1,
    hated: gHated[i] === 1,
    updated: gUpdated[i] === 1,
    writer: gWriter[i] === NO_WRITER ? -1 : gWriter[i],
  }));
  return {
    nowNs: f.nowNs,
    replacement: name('servers', 'replacement')(s.num('replacement')),
    placement: name('servers', 'placement')(s.num('placement')),
    dupInfo: name('servers', 'dup_info')(s.num('dup_info')),
    frames: s.num('frames'),
    unique: s.num('unique'),
    servers,
    messages,
    requests,
    pages: pageStates,
  };
}
