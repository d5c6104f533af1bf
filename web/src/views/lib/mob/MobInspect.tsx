// What the inspector shows of what the MOB view picks, for every system that shows it (each
// system's inspector part calls these): a chunk of the scan list, a page's chunks, the flusher.
import type { ViewProps } from '../../contract';
import { fmtMB, fmtPct } from '../format';
import { KV, PageLink } from '../inspectParts';
import type { AreaNames, BufferFrame } from './bufferFrame';
import { chunksOfPage } from './mob';
import type { MobTerms } from './part';

type Select = ViewProps['select'];

export function AreaTag({ area, names }: { area: number | undefined; names: AreaNames }) {
  if (area === undefined) return <span className="sl-muted">unknown (no modification of it buffered)</span>;
  return (
    <span>
      <i className="sl-swatch" style={{ background: names.areaColour[area] }} /> {names.areaName(area)}
    </span>
  );
}

/** Chunk `logIndex` of page `page`, or where it went. */
export function ChunkDetails({ f, page, logIndex, terms, select }: { f: BufferFrame; page: number; logIndex: number; terms: MobTerms; select: Select }) {
  const m = f.mob;
  let i = -1;
  for (let k = 0; k < m.chunkPage.length; k++) if (m.chunkPage[k] === page && m.chunkLogIndex[k] === logIndex) i = k;
  if (i < 0)
    return (
      <div style={{ padding: 10 }}>
        This chunk has left the {terms.buffer}: its modifications were written (or superseded) and the log was truncated past it. See {terms.page}{' '}
        <PageLink page={page} select={select} />.
      </div>
    );
  return (
    <KV
      rows={[
        [terms.page, <PageLink page={page} select={select} />],
        ['log index', logIndex],
        ['live modifications', m.chunkCount[i] || '0 (a hole: all superseded or written)'],
        [terms.areas, <AreaTag names={f.names} area={m.chunkArea[i]} />],
        ['position in the scan list', `${i + 1} of ${m.chunkPage.length} (1 = oldest)`],
      ]}
    />
  );
}

/** A page's modifications in the buffer, its chunks in log order, and its place in the pass. */
export function PageChunks({ f, page, terms, select }: { f: BufferFrame; page: number; terms: MobTerms; select: Select }) {
  const m = f.mob;
  const fl = f.flusher;
  const idx = chunksOfPage(m, page);
  const pending = idx.reduce((a, i) => a + m.chunkCount[i], 0);
  const bi = Array.prototype.indexOf.call(fl.batch, page) as number;
  return (
    <>
      <KV
        rows={[
          [`pending modifications in the ${terms.buffer}`, `${pending} in ${idx.filter((i) => m.chunkCount[i] > 0).length} chunks`],
          ['flusher', bi < 0 ? 'not in the current pass' : `in the pass at position ${bi + 1} of ${fl.batch.length}${bi === fl.position ? ` (${fl.state})` : bi < fl.position ? ' (done)' : ''}`],
        ]}
      />
      {idx.length > 0 && (
        <ul style={{ margin: '0 10px 8px', paddingLeft: 16 }}>
          {idx.map((i) => (
            <li key={i}>
              <button type="button" className="sl-btn" style={{ padding: '0 4px' }} onClick={() => select({ kind: 'chunk', logIndex: m.chunkLogIndex[i], page })}>
                log index {m.chunkLogIndex[i]}
              </button>{' '}
              {m.chunkCount[i] ? `${m.chunkCount[i]} modifications` : 'hole'}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The flusher: its state, its pass and the buffer's fill, with the pass's pages to pick. */
export function FlusherDetails({ f, terms, select }: { f: BufferFrame; terms: MobTerms; select: Select }) {
  const fl = f.flusher;
  return (
    <>
      <KV
        rows={[
          ['state', fl.state],
          [terms.page, fl.page >= 0 ? <PageLink page={fl.page} select={select} /> : '—'],
          ['pass', `${fl.passes} completed${fl.batch.length ? `, current pass at ${Math.min(fl.position + 1, fl.batch.length)} of ${fl.batch.length}` : ''}`],
          [terms.buffer, `${fmtMB(f.mob.usedBytes)} / ${fmtMB(f.mob.capacityBytes)} MB (${fmtPct(f.mob.usedBytes / f.mob.capacityBytes)}), trigger ${fmtPct(f.mob.trigger, 0)}, scans ${fmtPct(f.mob.scanFrac, 0)}`],
        ]}
      />
      {fl.batch.length > 0 && (
        <div style={{ padding: '0 10px 8px', display: 'flex', flexWrap: 'wrap', gap: 3 }}>
          {Array.from(fl.batch).map((p, i) => (
            <button
              type="button"
              key={i}
              className="sl-btn"
              style={{ padding: '0 4px', opacity: i < fl.position ? 0.45 : 1, fontWeight: i === fl.position ? 700 : 400 }}
              onClick={() => select({ kind: 'page', id: p })}
            >
              {p}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
