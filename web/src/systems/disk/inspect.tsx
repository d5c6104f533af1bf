// What the Inspector shows of the disk system: a request (its block and track, where it is in
// the list and in the policy's order, its phases' times once served) and the disk (the shared
// disk inspection, its queue named by the policy), from the frame at the lab's time.
import type { InspectorPart } from '../system';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { formatSimTime } from '../../state/clock';
import { KV } from '../../views/lib/inspectParts';
import { DiskDetails } from '../../views/lib/DiskInspect';
import { requestPhase } from '../../views/lib/disk';
import { fmtPct } from '../../views/lib/format';
import { policyName, requestsFrame, timeUnit, type DiskRequest, type DiskRunFrame } from './requestsFrame';

function Empty({ select }: { select: ViewProps['select'] }) {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>Click a lit block on the platter, or a row of the requests table, to see that request in full.</p>
      <button type="button" className="sl-btn" onClick={() => select({ kind: 'disk' })}>
        Inspect the disk
      </button>
    </div>
  );
}

function Details({ frame, description, sel, select }: { frame: Frame; description: SystemDescription | null; sel: InspectTarget; select: ViewProps['select'] }) {
  const f = requestsFrame(frame, description);
  if (sel.kind === 'disk') {
    const extra: [string, string][] = f.ostep
      ? [['OSTEP disk', `${f.ostep.tracks} tracks, arm at ${f.ostep.armTrack.toFixed(2)}, platter at ${f.ostep.angle.toFixed(1)}°`]]
      : [];
    return <DiskDetails disk={f.disk} kinds={['read']} now={frame.nowNs} select={select} extra={extra} policy={policyName(f)} />;
  }
  if (sel.kind !== 'request') return <p style={{ padding: 10 }}>The disk system has nothing of this kind to inspect.</p>;
  const r = f.requests.find((x) => x.block === sel.page && x.start === sel.start) ?? f.requests.find((x) => x.block === sel.page);
  if (!r) return <p style={{ padding: 10 }}>No request reads block {sel.page}.</p>;
  return <KV rows={requestRows(f, r, frame.nowNs)} />;
}

/** The rows of request `r` at `now`. */
export function requestRows(f: DiskRunFrame, r: DiskRequest, now: number): [string, string][] {
  const unit = timeUnit(f);
  const rows: [string, string][] = [
    ['block', `${r.block}, on track ${r.track}`],
    ['arrived', `number ${r.index + 1} of ${f.requests.length} (all at time 0)`],
    ['served', r.order < 0 ? `not yet: ${policyName(f)} has not picked it` : `number ${r.order + 1} (${policyName(f)})`],
  ];
  if (r.start >= 0) {
    const ph = requestPhase(r, now);
    rows.push(['now', r.state === 'done' ? 'served' : `${ph.phase} (${fmtPct(ph.progress, 0)})`]);
    rows.push(['started / ends', `${formatSimTime(r.start)} / ${formatSimTime(r.end)}`]);
  }
  if (r.total >= 0) {
    rows.push(['seek', `${r.seek} ${unit}`], ['rotate', `${r.rotation} ${unit}`], ['transfer', `${r.transfer} ${unit}`], ['total', `${r.total} ${unit}`]);
  }
  return rows;
}

const part: InspectorPart = {
  Empty,
  Details,
  title: (sel) => (sel.kind === 'request' ? `Request for block ${sel.page}` : null),
};
export default part;
