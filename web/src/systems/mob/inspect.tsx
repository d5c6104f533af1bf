// What the inspector shows of the MOB system (thesis §2–§5): a client, a page (its area, its place
// in the server cache, its chunks in the MOB, the flusher's pass, the disk queue and where it lies
// on disk; under PAGE the modified objects the cache holds it whole for), a chunk, a disk request
// with its seek, rotation and transfer, the flusher, the disk, and the regions and fragments of
// the write-optimized and hybrid layouts (spaceInspect.tsx), from the latest frame.
import type { InspectorPart } from '../system';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { fmtBytes } from '../../views/lib/format';
import { formatSimTime } from '../../state/clock';
import { KV, PageLink } from '../../views/lib/inspectParts';
import { DiskDetails, serviceRows } from '../../views/lib/DiskInspect';
import { mobFrame, mobNames, type MobFrame } from './mobFrame';
import { AreaTag, ChunkDetails, FlusherDetails } from '../../views/lib/mob/MobInspect';
import { MOB_TERMS } from '../../views/lib/mob/part';
import { chunksOfPage } from '../../views/lib/mob/mob';
import { spaceFrame, type SpaceSnapshot } from './spaceFrame';
import { FragmentDetails, placementRows, RegionDetails } from './spaceInspect';
import { pageState } from './pageShipping';

/** The MOB's things to inspect before anything is picked. */
function Empty({ select }: { select: ViewProps['select'] }) {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>
        Click something to see its full state: a client in the system diagram, a chunk in the MOB, a page in the server cache, a
        request in the disk queue or the breakdown, a region, fragment or page in the disk-space view, or a row of the event log.
      </p>
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'flusher' })}>
        Inspect the flusher
      </button>{' '}
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'disk' })}>
        Inspect the disk
      </button>
    </div>
  );
}

function Details({ f, s, sel, select }: { f: MobFrame; s: SpaceSnapshot; sel: InspectTarget; select: ViewProps['select'] }) {
  const opp = f.objectsPerPage;
  switch (sel.kind) {
    case 'client': {
      const c = f.clients[sel.id];
      if (!c) return <p style={{ padding: 10 }}>No client {sel.id} in this run.</p>;
      return (
        <KV
          rows={[
            ['state', c.state],
            ['fetching', c.state === 'fetching' ? <>object {c.fetching} (page <PageLink page={Math.floor(c.fetching / opp)} select={select} />)</> : '—'],
            [
              'transaction progress',
              <>
                <span className="sl-progress">
                  <i style={{ width: `${(100 * c.accessesDone) / Math.max(1, c.txnLength)}%` }} />
                </span>{' '}
                {c.accessesDone} of {c.txnLength} accesses
              </>,
            ],
          ]}
        />
      );
    }
    case 'page': {
      const m = f.mob;
      const idx = chunksOfPage(m, sel.id);
      const pending = idx.reduce((a, i) => a + m.chunkCount[i], 0);
      const area = idx.length ? m.chunkArea[idx[0]] : undefined;
      const ci = Array.prototype.indexOf.call(f.cache.pages, sel.id) as number;
      const bi = Array.prototype.indexOf.call(f.flusher.batch, sel.id) as number;
      const qi = Array.prototype.indexOf.call(f.disk.queuePage, sel.id) as number;
      const objects = `${(sel.id * opp).toLocaleString()} – ${((sel.id + 1) * opp - 1).toLocaleString()}`;
      const cached = ci < 0 ? 'not cached' : `cached, LRU position ${ci + 1} of ${f.cache.pages.length}`;
      const disk = f.disk.active?.page === sel.id ? `being served (${f.names.requestName(f.disk.active.kind)})` : qi >= 0 ? `queued at position ${qi + 1} (${f.names.requestName(f.disk.queueKind[qi])})` : 'no request';
      // PAGE (§5.1): no MOB and no flusher; the cache holds the page whole with its modified objects.
      if (f.cache.architecture === 'page')
        return (
          <KV
            rows={[
              ['objects', objects],
              ['server cache', `${cached}${ci >= 0 && !f.cache.valid[ci] ? ', being read' : ''}`],
              ['modified objects', ci < 0 ? 'none held: its disk copy is current' : pageState(f.cache, ci, opp)],
              ['disk', disk],
              ...placementRows(s, sel.id),
            ]}
          />
        );
      return (
        <>
          <KV
            rows={[
              ['area', <AreaTag names={f.names} area={area} />],
              ['objects', objects],
              [
                'server cache',
                ci < 0
                  ? cached
                  : `${cached}${f.cache.pinned[ci] ? ', pinned' : ''}${f.cache.valid[ci] ? '' : ', being read'}${f.cache.dirty[ci] ? ', dirty (being written)' : ''}`,
              ],
              ['pending modifications in the MOB', `${pending} in ${idx.filter((i) => m.chunkCount[i] > 0).length} chunks`],
              ['flusher', bi < 0 ? 'not in the current pass' : `in the pass at position ${bi + 1} of ${f.flusher.batch.length}${bi === f.flusher.position ? ` (${f.flusher.state})` : bi < f.flusher.position ? ' (done)' : ''}`],
              ['disk', disk],
              ...placementRows(s, sel.id),
            ]}
          />
          {idx.length > 0 && (
            <div style={{ padding: '0 10px 8px' }}>
              <div className="sl-muted">Its chunks in log order:</div>
              <table style={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
                <thead>
                  <tr>
                    <th style={{ textAlign: 'right', paddingRight: 10 }}>log index</th>
                    <th style={{ textAlign: 'right' }}>live modifications</th>
                  </tr>
                </thead>
                <tbody>
                  {idx.slice(0, 60).map((i) => (
                    <tr
                      key={i}
                      style={{ cursor: 'pointer', color: m.chunkCount[i] ? undefined : '#999' }}
                      onClick={() => select({ kind: 'chunk', logIndex: m.chunkLogIndex[i], page: sel.id })}
                    >
                      <td style={{ textAlign: 'right', paddingRight: 10 }}>{m.chunkLogIndex[i]}</td>
                      <td style={{ textAlign: 'right' }}>{m.chunkCount[i] || 'hole'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {idx.length > 60 && <div className="sl-muted">…and {idx.length - 60} more</div>}
            </div>
          )}
        </>
      );
    }
    case 'chunk':
      return <ChunkDetails f={f} page={sel.page} logIndex={sel.logIndex} terms={MOB_TERMS} select={select} />;
    case 'request': {
      const a = f.disk.active;
      if (a && a.page === sel.page && a.kind === sel.requestKind && (sel.start < 0 || a.start === sel.start))
        return <KV rows={serviceRows(a, f.names.request, f.nowNs, select)} />;
      const qi = Array.from(f.disk.queuePage).findIndex((p, k) => p === sel.page && f.disk.queueKind[k] === sel.requestKind);
      if (qi >= 0 && sel.start < 0)
        return <KV rows={[['kind', f.names.requestName(sel.requestKind)], ['page', <PageLink page={sel.page} select={select} />], ['state', `queued at position ${qi + 1} of ${f.disk.queueKind.length}`]]} />;
      return (
        <div style={{ padding: 10 }}>
          This {f.names.requestName(sel.requestKind)} of page <PageLink page={sel.page} select={select} /> has completed
          {sel.start >= 0 ? ` (it started at ${formatSimTime(sel.start)})` : ''}. The disk view&apos;s breakdown shows its seek, rotation
          and transfer.
        </div>
      );
    }
    case 'flusher': {
      const fl = f.flusher;
      if (f.cache.architecture === 'page')
        return (
          <p style={{ padding: 10 }}>
            PAGE has no MOB and no flusher: a dirty page is written when the cache evicts it ({fl.pagesWritten.toLocaleString()} eviction writes since 0 s).
          </p>
        );
      return <FlusherDetails f={f} terms={MOB_TERMS} select={select} />;
    }
    case 'disk':
      return <DiskDetails disk={f.disk} kinds={f.names.request} now={f.nowNs} select={select} />;
    case 'region':
      return <RegionDetails s={s} id={sel.id} select={select} />;
    case 'fragment':
      return <FragmentDetails s={s} sel={sel} select={select} />;
    default:
      return <p style={{ padding: 10 }}>The MOB system has nothing of this kind to inspect.</p>;
  }
}

const part: InspectorPart = {
  Empty,
  Details: ({ frame, description, sel, select }) => (
    <Details f={mobFrame(frame, description)} s={spaceFrame(frame, description)} sel={sel} select={select} />
  ),
  title: (sel, description) => {
    if (sel.kind === 'request') return `${mobNames(description).requestName(sel.requestKind)} of page ${sel.page}`;
    if (sel.kind === 'chunk') return `chunk (log index ${sel.logIndex}, page ${sel.page})`;
    if (sel.kind === 'region') return `region ${sel.id}`;
    if (sel.kind === 'fragment') return `fragment of page ${sel.page} (region ${sel.region}, offset ${fmtBytes(sel.offset)})`;
    return sel.kind === 'flusher' ? 'the flusher' : null;
  },
};
export default part;
