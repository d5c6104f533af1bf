// The requests, as disk.py -c prints them: each block in the order it arrived, the place the
// policy gave it, and once served its seek, rotation, transfer and total; the TOTALS line so far.
// The request in service shows its phase; every number is the engine's at the frame's time.
import type { ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE, useFrameTick } from '../../views/lib/hooks';
import { policyName, requestsFrame, timeUnit, type DiskRequest } from './requestsFrame';
import '../../views/views.css';
import './disk.css';

/** A served request's time, else a dash. */
const num = (v: number) => (v < 0 ? '—' : String(Number(v.toFixed(2))));

export default function RequestTable({ frames, select, selected, description, inspectable }: ViewProps) {
  const tick = useFrameTick(frames, 100);
  const f = tick && requestsFrame(tick, description);
  if (!f) {
    return (
      <div className="sl-view" data-view="request-table">
        <div className="sl-head">
          <h3 className="sl-title">Requests</h3>
        </div>
        <div className="sl-empty">{EMPTY_MESSAGE}</div>
      </div>
    );
  }
  const unit = timeUnit(f);
  const pick = (r: DiskRequest) => select({ kind: 'request', page: r.block, requestKind: 0, start: r.start });
  const isSelected = (r: DiskRequest) => selected?.kind === 'request' && selected.page === r.block && selected.start === r.start;
  return (
    <div className="sl-view" data-view="request-table">
      <div className="sl-head">
        <h3 className="sl-title">Requests</h3>
        <span className="sl-stat">
          {policyName(f)}, times in {unit === 'units' ? 'disk.py’s time units' : 'ms'}
        </span>
      </div>
      <div className="disk-table-wrap">
        <table className="disk-table" data-testid="request-table">
          <caption className="hint">
            Each request in the order it arrived (disk.py -c prints them in the order they are served: the “served” column). A number
            appears once its request is served.
          </caption>
          <thead>
            <tr>
              <th scope="col" title="The request's place in the list as it arrived">#</th>
              <th scope="col">Block</th>
              <th scope="col" title="Track (0 the outer) on the ostep disk; cylinder on a drive">Track</th>
              <th scope="col" title="The place the policy gave it: 1 is served first">Served</th>
              <th scope="col">Seek</th>
              <th scope="col">Rotate</th>
              <th scope="col">Transfer</th>
              <th scope="col">Total</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {f.requests.map((r) => (
              <tr key={r.index} className={`state-${r.state}${isSelected(r) ? ' selected' : ''}`} data-testid={`request-${r.index}`}>
                <td>
                  {inspectable ? (
                    <button type="button" className="link" onClick={() => pick(r)} aria-label={`Inspect request ${r.index + 1}, block ${r.block}`}>
                      {r.index + 1}
                    </button>
                  ) : (
                    r.index + 1
                  )}
                </td>
                <td>{r.block}</td>
                <td>{r.track}</td>
                <td>{r.order < 0 ? '—' : r.order + 1}</td>
                <td>{num(r.seek)}</td>
                <td>{num(r.rotation)}</td>
                <td>{num(r.transfer)}</td>
                <td>
                  <b>{num(r.total)}</b>
                </td>
                <td>{r.state}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="request-totals">
              <th scope="row" colSpan={4}>
                Totals ({f.served} served)
              </th>
              <td>{num(f.totals.seek)}</td>
              <td>{num(f.totals.rotation)}</td>
              <td>{num(f.totals.transfer)}</td>
              <td>
                <b>{num(f.totals.total)}</b>
              </td>
              <td>{unit}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
