// What the inspector shows of a disk, for every system with one (the disk component's sections,
// read by diskFrame.ts): the head and the platter, the geometry, the request in service with its
// seek, rotation and transfer, and the queue, its pages linked to their inspection.
import type { ReactNode } from 'react';
import { REQUEST_PALETTE, type ViewProps } from '../contract';
import { formatSimTime } from '../../state/clock';
import { requestPhase } from './disk';
import type { DiskRequestView, DiskSnapshot } from './diskFrame';
import { fmtMs, fmtPct } from './format';
import { KV, PageLink } from './inspectParts';

/** Queued requests a disk's inspection lists at most. */
const QUEUE_ROWS = 40;

/** A request kind with its colour. */
export function KindTag({ name }: { name: string }) {
  return (
    <span>
      <i className="sl-swatch" style={{ background: REQUEST_PALETTE[name] ?? '#9e9e9e' }} /> {name}
    </span>
  );
}

/** The request in service: what, its phase at `now`, and the times of its seek, rotation and
 * transfer. */
export function serviceRows(a: DiskRequestView | null, kinds: readonly string[], now: number, select: ViewProps['select']): [string, ReactNode][] {
  if (!a) return [['serving', <span data-testid="inspect-disk-active">idle</span>]];
  const ph = requestPhase(a, now);
  return [
    [
      'serving',
      <span data-testid="inspect-disk-active">
        <KindTag name={kinds[a.kind] ?? `request kind ${a.kind}`} /> of page <PageLink page={a.page} select={select} />
      </span>,
    ],
    ['address', `${a.addr.toLocaleString()} B`],
    ['phase', `${ph.phase} (${fmtPct(ph.progress, 0)})`],
    ['seek', `${fmtMs(a.seekEnd - a.start)} ms, cylinder ${a.fromCylinder} → ${a.toCylinder}`],
    ['rotation', `${fmtMs(a.rotationEnd - a.seekEnd)} ms`],
    ['transfer', `${fmtMs(a.end - a.rotationEnd)} ms`],
    ['started / ends', `${formatSimTime(a.start)} / ${formatSimTime(a.end)}`],
  ];
}

/** A disk in full; `extra` rows follow its geometry (a system's own, such as pages per track);
 * `policy` names how its queue is served when it is not first come, first served (its queue is
 * then listed oldest first). */
export function DiskDetails({
  disk: d,
  kinds,
  now,
  select,
  extra = [],
  policy,
}: {
  disk: DiskSnapshot;
  kinds: readonly string[];
  now: number;
  select: ViewProps['select'];
  extra?: [string, ReactNode][];
  policy?: string;
}) {
  const q = d.queueKind.length;
  return (
    <>
      <KV
        rows={[
          [
            'head',
            <span data-testid="inspect-disk-head">
              cylinder {d.headCylinder.toFixed(2)} of {d.cylinders}
            </span>,
          ],
          ['database band', `cylinders 0–${d.databaseCylinders - 1}`],
          ['platter angle', `${(d.angle * 360).toFixed(1)}°`],
          ['geometry', `${d.tracksPerCylinder} tracks/cylinder, ${(d.trackBytes / 1024).toFixed(0)} KB/track, ${fmtMs(d.revNs)} ms/rev`],
          ...extra,
          ...serviceRows(d.active, kinds, now, select),
        ]}
      />
      <div style={{ padding: '0 10px 8px' }}>
        <div className="sl-muted" data-testid="inspect-disk-queue">
          {policy ? `${policy} queue` : 'FIFO queue'}: {q ? `${q} ${q === 1 ? 'request' : 'requests'}, ${policy ? `oldest first; ${policy} picks the next` : 'first served first'}` : 'empty'}
        </div>
        {q > 0 && (
          <ol style={{ margin: '2px 0', paddingLeft: 28, fontVariantNumeric: 'tabular-nums' }}>
            {Array.from({ length: Math.min(q, QUEUE_ROWS) }, (_, i) => (
              <li key={i}>
                <KindTag name={kinds[d.queueKind[i]] ?? `request kind ${d.queueKind[i]}`} /> of page{' '}
                <PageLink page={d.queuePage[i]} select={select} />
              </li>
            ))}
          </ol>
        )}
        {q > QUEUE_ROWS && <div className="sl-muted">…and {q - QUEUE_ROWS} more</div>}
      </div>
    </>
  );
}
