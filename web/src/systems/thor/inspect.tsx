// What the Inspector shows of Thor: a prefetch group (what was asked for, shipped and used), an
// object of the latest fetch's segment, a collection, the FE's heap, where the time has gone
// (Tables 2–3), the OR's disk, and what the mcache view picks (a chunk, a segment's chunks, the
// flusher: views/lib/mob/MobInspect.tsx), from the frame at the lab's time.
import type { InspectorPart } from '../system';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { formatSimTime } from '../../state/clock';
import { KV } from '../../views/lib/inspectParts';
import { DiskDetails } from '../../views/lib/DiskInspect';
import { diskFrame } from '../../views/lib/diskFrame';
import { fmtMB, fmtPct } from '../../views/lib/format';
import { CATEGORIES, thorFrame, type ThorFrame } from './thorFrame';
import { bufferFrame } from '../../views/lib/mob/bufferFrame';
import { ChunkDetails, FlusherDetails, PageChunks } from '../../views/lib/mob/MobInspect';
import { thor } from '.';
import './targets';

/** The mcache's words (index.ts). */
const terms = thor.mobView!.terms;

function Empty({ select }: { select: ViewProps['select'] }) {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>
        Click a prefetch group or an object of the segment in the prefetching view, a collection in the heap view, or a chunk or segment in
        the mcache view, to see it in full.
      </p>
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'heap' })}>
        Inspect the FE&apos;s heap and the time so far
      </button>{' '}
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'disk' })}>
        Inspect the OR&apos;s disk
      </button>{' '}
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'flusher' })}>
        Inspect the mcache&apos;s flusher
      </button>
    </div>
  );
}

/** The rows of prefetch group `n` (its fetch number), if the frame still lists it. */
export function groupRows(t: ThorFrame, n: number): [string, string][] | null {
  const g = t.prefetch.groups.find((x) => x.number === n);
  if (!g) return null;
  return [
    ['asked for', `k = ${g.k} objects, at ${formatSimTime(g.sent)}`],
    ['arrived', formatSimTime(g.arrived)],
    ['shipped', `${g.shipped} objects`],
    ['used since', `${g.used} (${fmtPct(g.shipped ? g.used / g.shipped : 0, 0)}); never used so far: ${g.shipped - g.used}`],
  ];
}

/** The rows of slot `slot` of the latest fetch's segment. */
export function slotRows(t: ThorFrame, slot: number): [string, string][] | null {
  const s = t.segment;
  if (s.segment < 0 || slot >= s.objects.length) return null;
  return [
    ['object', `${s.objects[slot]}, a ${s.kinds[s.kind[slot]] ?? 'object'} of ${s.bytes[slot]} B`],
    ['segment', `${s.segment}, slot ${slot} of ${s.objects.length}`],
    ['at fetch ' + s.fetch, `${s.stateNames[s.state[slot]]} (chunk ${s.chunkFrom}–${s.chunkTo - 1} for k = ${s.k})`],
    ['at the FE now', s.resident[slot] ? 'resident' : 'not resident'],
  ];
}

function heapRows(t: ThorFrame): [string, string][] {
  const h = t.heap;
  const rows: [string, string][] = [
    ['from-space', `${fmtMB(h.used)} of a ${fmtMB(h.capacity)} cache (${fmtPct(h.used / h.capacity, 0)})`],
    ['collects at', `${fmtMB(h.trigger)} between calls; ${fmtMB(h.limit)} inside one`],
    ['resident', `${h.objects} objects, ${h.surrogates} surrogates`],
    ['collections', `${h.collections}${h.phase === 'none' ? '' : `, one in progress: ${h.phase}`}`],
  ];
  for (const [key, label] of CATEGORIES) rows.push([label, `${t.ledger[key].toFixed(3)} s`]);
  rows.push(['total', `${t.ledger.total.toFixed(3)} s`]);
  return rows;
}

function Details({ frame, description, sel, select }: { frame: Frame; description: SystemDescription | null; sel: InspectTarget; select: ViewProps['select'] }) {
  const t = thorFrame(frame, description);
  if (sel.kind === 'disk') return <DiskDetails disk={diskFrame(frame, description).disks[0]} kinds={['segment read']} now={frame.nowNs} select={select} />;
  if (sel.kind === 'heap') return <KV rows={heapRows(t)} />;
  if (sel.kind === 'group') {
    const rows = groupRows(t, sel.id);
    return rows ? <KV rows={rows} /> : <p style={{ padding: 10 }}>Group {sel.id} is no longer among the latest groups.</p>;
  }
  if (sel.kind === 'slot') {
    const rows = slotRows(t, sel.id);
    return rows ? <KV rows={rows} /> : <p style={{ padding: 10 }}>No fetch has cut a segment yet.</p>;
  }
  if (sel.kind === 'collection') {
    const c = t.collections[sel.id - 1];
    if (!c) return <p style={{ padding: 10 }}>Collection {sel.id} has not happened yet.</p>;
    return (
      <KV
        rows={[
          ['from-space before', fmtMB(c.from)],
          ['to-space after', `${fmtMB(c.to)} (${fmtPct(c.to / c.from, 0)} of it survived)`],
          ['shrunk', `${c.shrunk} objects discarded into surrogates`],
          ['copied', `${c.copied} cells (objects and surrogates)`],
        ]}
      />
    );
  }
  const b = frame.sections.mob ? bufferFrame(frame, description) : null;
  if (b && sel.kind === 'chunk') return <ChunkDetails f={b} page={sel.page} logIndex={sel.logIndex} terms={terms} select={select} />;
  if (b && sel.kind === 'page') return <PageChunks f={b} page={sel.id} terms={terms} select={select} />;
  if (b && sel.kind === 'flusher') return <FlusherDetails f={b} terms={terms} select={select} />;
  return <p style={{ padding: 10 }}>Thor has nothing of this kind to inspect.</p>;
}

const part: InspectorPart = {
  Empty,
  Details,
  title: (sel) => {
    switch (sel.kind) {
      case 'group':
        return `Prefetch group ${sel.id}`;
      case 'slot':
        return `Segment slot ${sel.id}`;
      case 'collection':
        return `Collection ${sel.id}`;
      case 'heap':
        return "The FE's heap";
      case 'chunk':
        return `mcache chunk (log index ${sel.logIndex}, segment ${sel.page})`;
      case 'page':
        return `segment ${sel.id} in the mcache`;
      case 'flusher':
        return "the mcache's flusher";
      default:
        return null;
    }
  },
};
export default part;
