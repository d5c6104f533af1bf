// The disk system's platter: OSTEP's homework disk as disk.py draws it (its tracks and numbered
// blocks turning under the head, the blocks the list asks for lit, ostepDraw.ts), or a drive's
// platter as every system's disk view draws it (views/lib/diskPlatter.ts); the request in service
// with its phases beneath, and the requests still waiting in the order the disk will serve them.
import { useEffect, useRef } from 'react';
import type { Frame } from '../../engine/types';
import type { ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useElementSize, useFrameTick } from '../../views/lib/hooks';
import { drawPlatter } from '../../views/lib/diskPlatter';
import { blockAt, BLOCK_FILL, drawOstep, requestOf, TRANSFER_COLOUR } from './ostepDraw';
import { policyName, requestsFrame, timeUnit, type DiskRunFrame } from './requestsFrame';
import '../../views/views.css';

export default function DiskPlatter({ frames, select, selected, description, inspectable }: ViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(box);
  const tick = useFrameTick(frames, 100);
  const f = tick && requestsFrame(tick, description);
  const selectedBlock = selected?.kind === 'request' ? selected.page : null;

  useEffect(() => {
    const draw = (fr: Frame) => {
      const d = requestsFrame(fr, description);
      if (d.ostep) drawOstep(canvas.current, size.width, size.height, d, selectedBlock);
      else drawPlatter(canvas.current, size.width, size.height, d.disk, [TRANSFER_COLOUR], fr.nowNs);
    };
    const unsub = frames.subscribe(draw);
    const latest = frames.latest();
    if (latest) draw(latest);
    return unsub;
  }, [frames, size.width, size.height, description, selectedBlock]);

  const pick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const d = frames.latest() && requestsFrame(frames.latest()!, description);
    if (!d) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const b = d.ostep ? blockAt(size.width, size.height, d.ostep, e.clientX - rect.left, e.clientY - rect.top) : null;
    const r = b == null ? undefined : requestOf(d.requests, b);
    select(r ? { kind: 'request', page: r.block, requestKind: 0, start: r.start } : { kind: 'disk' });
  };

  return (
    <div className="sl-view" data-view="disk-platter">
      <div className="sl-head">
        <h3 className="sl-title">Disk</h3>
        {f && <Stats f={f} />}
      </div>
      <div className="sl-plot" ref={box} style={{ flex: '1 1 auto', minHeight: 0, cursor: inspectable ? 'pointer' : 'default' }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={
            f?.ostep
              ? 'The disk seen from above: its tracks, 0 the outer, and numbered blocks turning under the head at 3 o’clock; the blocks the list asks for are lit'
              : 'The disk seen from above, turning under the head, with the block the request in service reads'
          }
          onClick={inspectable ? pick : undefined}
          data-testid="disk-platter"
        />
        {!f && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
      </div>
      {f && <Legend f={f} inspectable={inspectable} />}
    </div>
  );
}

function Stats({ f }: { f: DiskRunFrame }) {
  const waiting = f.requests.filter((r) => r.state === 'waiting').length;
  return (
    <>
      <span className="sl-stat" title="The order the disk serves its waiting requests in (disk.py's -p)">
        policy <b data-testid="disk-policy">{policyName(f)}</b>
      </span>
      <span className="sl-stat">
        served <b data-testid="disk-served">{f.served}</b> of {f.requests.length}, {waiting} waiting
      </span>
      <span className="sl-stat" title="The time to the last served request's end: disk.py's TOTALS Total">
        total <b data-testid="disk-total">{f.totals.total}</b> {timeUnit(f)}
      </span>
    </>
  );
}

function Legend({ f, inspectable }: { f: DiskRunFrame; inspectable: boolean }) {
  const swatch = (colour: string, label: string) => (
    <span style={{ whiteSpace: 'nowrap', marginRight: 8 }}>
      <i className="sl-swatch" style={{ background: colour, border: '1px solid #9e9e9e' }} /> {label}
    </span>
  );
  return (
    <div className="sl-legend hint" style={{ padding: '2px 8px 6px' }}>
      {f.ostep ? (
        <>
          {swatch(BLOCK_FILL.waiting, 'waiting')}
          {swatch(BLOCK_FILL.active, 'in service')}
          {swatch(BLOCK_FILL.done, 'served')}· the platter turns counter-clockwise, as disk.py's; the arm moves{' '}
          {f.ostep.seekSpeed} distance a unit (tracks 40 apart), the platter turns {f.ostep.rotateSpeed}° a unit
          {f.ostep.skew ? `, track skew ${f.ostep.skew} blocks` : ''}
        </>
      ) : (
        <>the head's arm at its cylinder; the arc is the block the request in service reads</>
      )}
      {inspectable && <> · click a block to inspect its request</>}
    </div>
  );
}
