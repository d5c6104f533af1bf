// What the Inspector shows of the opportunistic-log system (spec §2.5–2.8): a page (pending in the
// log or not, dirty pages at its place, its reads and writes, the latest choice of it), a client
// (its state, page and progress) and the disk (head, active request, FIFO queue), all from the
// latest frame.
import type { ReactNode } from 'react';
import type { InspectorPart } from '../system';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { formatSimTime } from '../../state/clock';
import { fmtMs, fmtPct } from '../../views/lib/format';
import { KV, PageLink } from '../../views/lib/inspectParts';
import { DiskDetails, KindTag, serviceRows } from '../../views/lib/DiskInspect';
import { diskFrame, type DiskSnapshot } from '../../views/lib/diskFrame';
import { requestPhase } from '../../views/lib/disk';
import { clientStatus, oplogFrame, oplogNames, pagePlace, thinkProgress, type ClientStatus, type OplogFrame, type OplogNames } from './oplogFrame';
import { STATUS_STYLE } from './oplogDiagram';

const DOING: Record<ClientStatus, string> = {
  fetching: 'waiting for its fetch reply',
  thinking: 'computing, for its think time',
  committing: 'waiting for its commit confirmation',
  blocked: 'its commit waits for log space (in the page server, for a clean frame)',
};

function Empty({ select }: { select: ViewProps['select'] }) {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>
        Click something to see its full state: a client or the disk in the system diagram, a pending page on the platter, or a row of
        the event log.
      </p>
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'disk' })}>
        Inspect the disk
      </button>
    </div>
  );
}

function Details({
  frame,
  description,
  sel,
  select,
}: {
  frame: Frame;
  description: SystemDescription | null;
  sel: InspectTarget;
  select: ViewProps['select'];
}) {
  const f = oplogFrame(frame, description);
  const names = oplogNames(description);
  const disk = diskFrame(frame, description).disks[0];
  const now = frame.nowNs;
  switch (sel.kind) {
    case 'client':
      return <ClientDetails f={f} names={names} id={sel.id} now={now} select={select} />;
    case 'page':
      return <PageDetails f={f} names={names} page={sel.id} now={now} select={select} />;
    case 'disk':
      return <DiskDetails disk={disk} kinds={names.op} now={now} select={select} extra={[['pages per track', f.disk.pagesPerTrack]]} />;
    case 'request':
      return <RequestDetails f={f} disk={disk} names={names} page={sel.page} op={names.op[sel.requestKind]} now={now} select={select} />;
    default:
      return <p style={{ padding: 10 }}>The opportunistic log has nothing of this kind to inspect.</p>;
  }
}

/** The disk's request of `page`: active (with its phase) or its place in the FIFO queue. */
function diskRequest(f: OplogFrame, names: OplogNames, page: number, now: number): { op: string; text: string } | null {
  const a = f.disk.active;
  if (a && a.page === page) {
    const ph = requestPhase(a, now);
    return { op: a.op, text: `being served: ${ph.phase} (${fmtPct(ph.progress, 0)})` };
  }
  const qi = f.disk.queuePage.indexOf(page);
  if (qi < 0) return null;
  return { op: names.op[f.disk.queueOp[qi]], text: `queued at position ${qi + 1} of ${f.disk.queueOp.length}` };
}

function ClientDetails({ f, names, id, now, select }: { f: OplogFrame; names: OplogNames; id: number; now: number; select: ViewProps['select'] }) {
  const c = f.clients;
  if (id < 0 || id >= c.state.length) return <p style={{ padding: 10 }}>No client {id} in this run.</p>;
  const status = clientStatus(f, names, id);
  const page = c.page[id];
  const req = status === 'fetching' ? diskRequest(f, names, page, now) : null;
  const progress = thinkProgress(f, names, id, now);
  const rows: [string, ReactNode][] = [
    [
      'state',
      <span data-testid="inspect-client-state">
        <i className="sl-swatch" style={{ background: STATUS_STYLE[status].fill, borderColor: STATUS_STYLE[status].stroke, borderWidth: 2 }} /> {status}: {DOING[status]}
      </span>,
    ],
    ['since', `${formatSimTime(c.since[id])} (${fmtMs(now - c.since[id], 1)} ms ago)`],
    ['page', <PageLink page={page} select={select} />],
  ];
  if (status === 'thinking')
    rows.push([
      'think time',
      <>
        <span className="sl-progress">
          <i style={{ width: `${100 * progress}%`, background: STATUS_STYLE.thinking.stroke }} />
        </span>{' '}
        {fmtMs(progress * c.thinkNs, 1)} of {fmtMs(c.thinkNs, 0)} ms
      </>,
    ]);
  if (status === 'fetching')
    rows.push([
      'its page at the disk',
      req ? (
        <>
          <KindTag name={req.op} />, {req.text}
        </>
      ) : (
        'no read of it at the disk: its request or its reply is in the network or the server CPU'
      ),
    ]);
  return <KV rows={rows} />;
}

function PageDetails({ f, names, page, now, select }: { f: OplogFrame; names: OplogNames; page: number; now: number; select: ViewProps['select'] }) {
  const d = f.disk;
  if (page < 0 || page >= d.databasePages) return <p style={{ padding: 10 }}>No page {page} in this database.</p>;
  const { cylinder, slot } = pagePlace(page, d);
  const pi = f.pool.page.indexOf(page);
  const req = diskRequest(f, names, page, now);
  const dirtyHere = f.dirty.cells[cylinder * d.pagesPerTrack + slot] ?? 0;
  const clients = Array.from(f.clients.page.keys()).filter((i) => f.clients.page[i] === page);
  let chosen = -1;
  for (let i = 0; i < f.decisions.chosen.length; i++) if (f.decisions.chosen[i] === page) chosen = i;
  const log =
    pi >= 0 ? (
      <span data-testid="inspect-page-log">
        pending: {f.pool.entries[pi]} {f.pool.entries[pi] === 1 ? 'entry' : 'entries'}, the oldest committed at {formatSimTime(f.pool.firstAt[pi])} (
        {fmtMs(now - f.pool.firstAt[pi], 1)} ms ago), in the pool of {f.pool.page.length.toLocaleString('en-US')} pages
      </span>
    ) : req && req.op !== 'page write' ? (
      `its entries, if any, are installed when its ${req.op} completes`
    ) : (
      'no pending entries'
    );
  const cache =
    pi >= 0
      ? 'not cached (a page with pending entries never is)'
      : req?.op === 'page write'
        ? 'dirty, being written'
        : req
          ? `not cached yet: its ${req.op} is at the disk`
          : `${dirtyHere} dirty ${dirtyHere === 1 ? 'page' : 'pages'} awaiting write-back at its place (this cylinder and slot, over its ${d.tracksPerCylinder} tracks); the frame counts them by place, not by page`;
  return (
    <KV
      rows={[
        ['place', `cylinder ${cylinder} of ${d.cylinders}, slot ${slot} of ${d.pagesPerTrack} on its track`],
        ['log', log],
        ['cache', cache],
        ['disk', req ? <><KindTag name={req.op} />, {req.text}</> : 'no read or write queued'],
        [
          'latest choice',
          chosen < 0 ? (
            'not among the latest scheduling decisions'
          ) : (
            <>
              {names.op[f.decisions.op[chosen]]} chosen at {formatSimTime(f.decisions.at[chosen])} from {f.decisions.candidates[chosen].toLocaleString('en-US')} candidates,
              positioning {fmtMs(f.decisions.chosenNs[chosen], 2)} ms
            </>
          ),
        ],
        [
          'clients on it',
          clients.length
            ? clients.map((i) => (
                <button key={i} type="button" className="sl-btn" style={{ padding: '0 4px', marginRight: 4 }} onClick={() => select({ kind: 'client', id: i })}>
                  client {i} ({clientStatus(f, names, i)})
                </button>
              ))
            : 'none',
        ],
      ]}
    />
  );
}

function RequestDetails({ f, disk, names, page, op, now, select }: { f: OplogFrame; disk: DiskSnapshot; names: OplogNames; page: number; op: string; now: number; select: ViewProps['select'] }) {
  const req = diskRequest(f, names, page, now);
  if (req && req.op === op && f.disk.active?.page === page) return <KV rows={serviceRows(disk.active, names.op, now, select)} />;
  if (req && req.op === op) return <KV rows={[['request', <><KindTag name={op} /> of page <PageLink page={page} select={select} /></>], ['state', req.text]]} />;
  return (
    <div style={{ padding: 10 }}>
      This {op} of page <PageLink page={page} select={select} /> is no longer at the disk: it has completed.
    </div>
  );
}

const part: InspectorPart = {
  Empty,
  Details,
  title: (sel, description) => (sel.kind === 'request' ? `${oplogNames(description).op[sel.requestKind]} of page ${sel.page}` : null),
};
export default part;
