// What the inspector shows of the disk space (inspect.tsx): a region of the write-optimized or
// hybrid layout, a fragment of a page, and where a page lies under any layout; from the latest
// frame.
import type { InspectTarget, ViewProps } from '../../views/contract';
import { fmtBytes } from '../../views/lib/format';
import { KV, PageLink } from '../../views/lib/inspectParts';
import { deadBytes, fragmentsOfPage, regionsOfPage, type SpaceSnapshot } from './spaceFrame';

const yes = (v: number) => (v ? 'yes' : 'no');

/** A page's fragments (or its one home), as rows of the page's details. */
export function placementRows(s: SpaceSnapshot, page: number): [string, React.ReactNode][] {
  const home = `${fmtBytes(page * s.pageBytes)} to ${fmtBytes((page + 1) * s.pageBytes)}`;
  if (s.fill.length === 0) return [['on disk', `whole at its home, ${home}`]];
  const regions = regionsOfPage(s, page);
  return [
    ['on disk', `${fragmentsOfPage(s, page).length} fragments in region${regions.length === 1 ? '' : 's'} ${regions.join(', ')}`],
    ['its home under the read-optimized layout', home],
  ];
}

function Fragments({ s, rows, select }: { s: SpaceSnapshot; rows: ArrayLike<number>; select: ViewProps['select'] }) {
  const f = s.fragments;
  if (rows.length === 0) return null;
  return (
    <table style={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums', margin: '0 10px 8px' }}>
      <thead>
        <tr>
          {['page', 'region', 'offset', 'bytes', 'live objects', 'header'].map((h) => (
            <th key={h} style={{ textAlign: 'right', paddingRight: 8, fontWeight: 600 }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from(rows, (row) => (
          <tr key={row} style={{ cursor: 'pointer' }} onClick={() => select({ kind: 'fragment', page: f.page[row], region: f.region[row], offset: f.offset[row] })}>
            {[f.page[row], f.region[row], fmtBytes(f.offset[row]), fmtBytes(f.bytes[row]), f.liveObjects[row], yes(f.header[row])].map((v, i) => (
              <td key={i} style={{ textAlign: 'right', paddingRight: 8 }}>
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A region's bytes, state and part in the latest cleaning, and its live fragments. */
export function RegionDetails({ s, id, select }: { s: SpaceSnapshot; id: number; select: ViewProps['select'] }) {
  if (id < 0 || id >= s.fill.length) return <p style={{ padding: 10 }}>This run has no region {id}: regions belong to the write-optimized and hybrid layouts.</p>;
  const state = s.state[id] === s.states.free ? 'free' : id === s.writingRegion ? 'being written' : 'used';
  const rows = Array.from({ length: s.regionStart[id + 1] - s.regionStart[id] }, (_, i) => s.regionStart[id] + i);
  return (
    <>
      <KV
        rows={[
          ['state', state],
          ['disk address', `${fmtBytes(id * s.regionBytes)} to ${fmtBytes((id + 1) * s.regionBytes)}`],
          ['written', `${fmtBytes(s.fill[id])} of ${fmtBytes(s.regionBytes)}`],
          ['live', fmtBytes(s.live[id])],
          ['dead', fmtBytes(deadBytes(s, id))],
          ['latest cleaning', [s.cleaned[id] ? 'a victim' : '', s.output[id] ? 'took its merged fragments' : ''].filter(Boolean).join(', ') || 'not part of it'],
          ['fragments with live data', rows.length],
        ]}
      />
      <Fragments s={s} rows={rows} select={select} />
    </>
  );
}

/** A fragment, and the other fragments of its page. */
export function FragmentDetails({ s, sel, select }: { s: SpaceSnapshot; sel: Extract<InspectTarget, { kind: 'fragment' }>; select: ViewProps['select'] }) {
  const f = s.fragments;
  let row = -1;
  if (sel.region >= 0 && sel.region < s.fill.length) for (let i = s.regionStart[sel.region]; i < s.regionStart[sel.region + 1]; i++) if (f.offset[i] === sel.offset && f.page[i] === sel.page) row = i;
  if (row < 0)
    return (
      <div style={{ padding: 10 }}>
        This fragment holds no live data any more: newer versions of its objects were written elsewhere, or the cleaner copied them. See page{' '}
        <PageLink page={sel.page} select={select} />.
      </div>
    );
  return (
    <>
      <KV
        rows={[
          ['page', <PageLink page={sel.page} select={select} />],
          ['region', <button type="button" className="sl-btn" style={{ padding: '0 4px' }} onClick={() => select({ kind: 'region', id: sel.region })}>{sel.region}</button>],
          ['offset in the region', fmtBytes(f.offset[row])],
          ['bytes written', fmtBytes(f.bytes[row])],
          ['newest versions of', `${f.liveObjects[row]} objects`],
          ["holds the page's current header", yes(f.header[row])],
        ]}
      />
      <div className="sl-muted" style={{ padding: '0 10px' }}>
        All of page {sel.page}&apos;s fragments, in disk order:
      </div>
      <Fragments s={s} rows={fragmentsOfPage(s, sel.page)} select={select} />
    </>
  );
}
