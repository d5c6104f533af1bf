// What the inspector shows of HAC's client cache (Castro et al. §3): a frame, what it holds, its
// usage (T, H), its role in the replacement in flight, and its objects when the frame carries them;
// and the server's disk, as every system's disk shows.
import type { InspectorPart } from '../system';
import { fmtBytes, fmtPct } from '../../views/lib/format';
import { KV } from '../../views/lib/inspectParts';
import { DiskDetails } from '../../views/lib/DiskInspect';
import { diskFrame } from '../../views/lib/diskFrame';
import type { ViewProps } from '../../views/contract';
import { frameKindText, hacFrame, NONE, type HacFrame } from './hacFrame';
import { usageBits } from './hacDraw';
import { pageFrameRows, pageObjectState } from './pageCache';

/** HAC's things to inspect before anything is picked. */
function Empty({ select }: { select: ViewProps['select'] }) {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>
        Click something to see its full state: a frame or an object in the client cache, a candidate in the candidate set, or a
        row of the event log.
      </p>
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'disk' })}>
        Inspect the server's disk
      </button>
    </div>
  );
}

/** Objects a frame's inspection lists at most. */
const FRAME_OBJECT_ROWS = 80;

/** A frame of HAC's client cache: what it holds, its usage (T, H), and its objects when the frame
 * carries them. */
function FrameDetails({ h, id }: { h: HacFrame; id: number }) {
  const c = h.client;
  if (id < 0 || id >= c.kind.length) return <p style={{ padding: 10 }}>This run&apos;s cache has no frame {id}.</p>;
  const hac = c.policy === 'hac';
  const ci = Array.prototype.indexOf.call(h.candidates.frame, id) as number;
  const o = h.objects;
  const rows = Array.from({ length: Math.min(FRAME_OBJECT_ROWS, o.first[id + 1] - o.first[id]) }, (_, k) => o.first[id] + k);
  const roles = [id === c.target && 'compaction target', id === h.replacement.victim && 'victim being compacted', c.incoming[id] && 'awaiting the page in flight'];
  const hacRows: [string, string | number][] = [
    ['kind', frameKindText(h, id)],
    ['page', c.page[id] !== NONE ? c.page[id] : '—'],
    ['bytes used', `${fmtBytes(c.used[id])} of ${fmtBytes(c.frameBytes)} (${fmtPct(c.used[id] / c.frameBytes)})`],
    ['objects', `${c.objects[id]}, ${c.installed[id]} installed`],
    ['usage (T, H)', c.objects[id] ? `T ${c.t[id]}, H ${c.h[id].toFixed(2)} (R = ${c.retention.toFixed(2)})` : '—'],
    ['pinned', c.pinned[id] ? "yes: holds an object on the traversal's stack, skipped as victim" : 'no'],
    ['candidate', ci < 0 ? 'no' : `yes, age ${h.candidates.age[ci]} of ${h.candidates.epochs} epochs (T ${h.candidates.t[ci]}, H ${h.candidates.h[ci].toFixed(2)})`],
    ['role', roles.filter(Boolean).join(', ') || '—'],
  ];
  return (
    <>
      <KV rows={hac ? hacRows : pageFrameRows(h, id)} />
      {rows.length > 0 && (
        <table className="hac-objects">
          <thead>
            <tr>
              <th>object</th>
              <th>offset</th>
              <th>size</th>
              <th>usage</th>
              <th>state</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i}>
                <td>{o.object[i]}</td>
                <td>{fmtBytes(o.offset[i])}</td>
                <td>{fmtBytes(o.bytes[i])}</td>
                <td>{hac && o.installed[i] ? usageBits(o.usage[i]) : '—'}</td>
                <td>{!hac ? pageObjectState(h, i) : o.installed[i] ? (o.modified[i] ? 'installed, modified' : 'installed') : 'not installed'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {o.first[id + 1] - o.first[id] > FRAME_OBJECT_ROWS && <p className="sl-muted" style={{ padding: '0 10px' }}>…and {o.first[id + 1] - o.first[id] - FRAME_OBJECT_ROWS} more objects</p>}
      {!c.detail[id] && c.objects[id] > 0 && (
        <p className="sl-muted" style={{ padding: '0 10px' }}>
          {hac
            ? 'The engine lists the objects of this large cache’s frames only for those replacement touches, the target and the frame awaiting a page.'
            : 'The engine lists the objects of a page cache’s frames only when they hold 40,000 objects or fewer in all.'}
        </p>
      )}
    </>
  );
}

const part: InspectorPart = {
  Empty,
  Details: ({ frame, description, sel, select }) => {
    if (sel.kind === 'frame') return <FrameDetails h={hacFrame(frame, description)} id={sel.id} />;
    if (sel.kind !== 'disk') return <p style={{ padding: 10 }}>HAC has nothing of this kind to inspect.</p>;
    const { kinds, disks } = diskFrame(frame, description);
    return <DiskDetails disk={disks[0]} kinds={kinds} now={frame.nowNs} select={select} />;
  },
  title: (sel) => (sel.kind === 'frame' ? `frame ${sel.id}` : null),
};
export default part;
