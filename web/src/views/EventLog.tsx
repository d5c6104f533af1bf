// The event log: the last 5000 trace records (the frame source holds them, so a log that mounts
// late shows those before it too), virtualised, filterable by kind and text, newest at the bottom
// with auto-scroll unless the user scrolled up. Shows the exact number received.
import { useEffect, useMemo, useRef, useState } from 'react';
import { describeRecord, recordLabel } from './lib/format';
import { formatSimTime } from '../state/clock';
import { EMPTY_MESSAGE, useElementSize, useStarted, useThrottledBump } from './lib/hooks';
import { KIND_TEXT_PALETTE, type ViewProps } from './contract';
import './views.css';

const ROW_H = 20;
const OVERSCAN = 6;
/** Rows are keyed by their slot (position modulo this), not by record: as new records scroll in,
 * React rewrites the text of the rows on screen instead of removing and inserting elements. */
const ROW_SLOTS = 256;

/** A record kind's colour, by its number in the system's description (contrast 4.5:1 or more). */
const kindColour = (kind: number) => KIND_TEXT_PALETTE[kind % KIND_TEXT_PALETTE.length];

export default function EventLog({ frames, select, selected, description }: ViewProps) {
  const bump = useThrottledBump(200);
  const started = useStarted(frames);
  const records = description?.records ?? [];
  // Kinds hidden by the filter (so a new system's kinds start shown).
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [text, setText] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(scrollRef);
  const [scrollTop, setScrollTop] = useState(0);
  const stick = useRef(true);

  useEffect(() => {
    return frames.subscribe((f) => {
      if (f.trace.t.length > 0 || f.trace.lost > 0 || f.reset) bump();
    });
  }, [frames, bump]);

  const s = frames.records();
  const version = s.version;
  const needle = text.trim().toLowerCase();
  // Recompute the filtered list only when the store or the filter changed.
  const rows = useMemo(() => {
    const set = hidden.size === 0 ? null : new Set(records.flatMap((r) => (hidden.has(r.id) ? [] : [r.id])));
    const match = needle
      ? (i: number) => {
          const r = s.get(i);
          const line = `${formatSimTime(r.t)} ${recordLabel(description, r.kind)} ${describeRecord(description, r.kind, r)}`;
          return line.toLowerCase().includes(needle);
        }
      : undefined;
    return s.filter(set, match);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, hidden, needle, description]);

  // Auto-scroll to the newest record unless the user has scrolled up. The bottom is known without
  // asking the browser (rows × ROW_H): reading scrollHeight here forced a full synchronous layout
  // on every update, and setting scrollTop forces one too, so that is left to the next animation
  // frame, where the layout is due anyway.
  const bottom = Math.max(0, rows.length * ROW_H - size.height);
  useEffect(() => {
    if (!stick.current) return;
    const id = requestAnimationFrame(() => {
      const el = scrollRef.current;
      if (el && stick.current) el.scrollTop = bottom;
    });
    return () => cancelAnimationFrame(id);
  }, [bottom]);

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    stick.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_H;
    // While stuck to the bottom the window follows `bottom`; -1 avoids a re-render per scroll.
    setScrollTop(stick.current ? -1 : el.scrollTop);
  };

  const top = stick.current ? bottom : scrollTop;
  const first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((top + size.height) / ROW_H) + OVERSCAN);
  const selIndex = selected?.kind === 'record' ? selected.index : -1;
  const visible = [];
  for (let i = first; i < last; i++) {
    const idx = rows[i];
    if (!s.has(idx)) continue;
    const r = s.get(idx);
    const pick = () => select({ kind: 'record', index: r.index, t: r.t, recordKind: r.kind, entity: r.entity, a: r.a, b: r.b, c: r.c });
    visible.push(
      <div
        key={i % ROW_SLOTS}
        className={`sl-log-row${idx === selIndex ? ' sl-sel' : ''}`}
        style={{ top: i * ROW_H }}
        role="row"
        tabIndex={0}
        aria-selected={idx === selIndex}
        onClick={pick}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            pick();
          }
        }}
      >
        <span className="t" role="gridcell">
          {formatSimTime(r.t)}
        </span>
        <span className="k" role="gridcell" style={{ color: kindColour(r.kind) }}>
          {recordLabel(description, r.kind)}
        </span>
        <span className="d" role="gridcell">
          {describeRecord(description, r.kind, r)}
        </span>
      </div>,
    );
  }

  // The inputs re-render only when the filter changes: React rewrites every input's attributes
  // on each render, and the log re-renders five times a second while playing.
  const search = useMemo(
    () => (
      <input
        type="search"
        placeholder="Filter text (e.g. page 17)"
        aria-label="Filter records by text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ marginLeft: 'auto', font: 'inherit', padding: '1px 6px', width: 180 }}
      />
    ),
    [text],
  );
  const filters = useMemo(
    () => (
      <div className="sl-filters" role="group" aria-label="Filter by record kind">
        <button type="button" className="sl-btn" onClick={() => setHidden(new Set())}>
          all
        </button>
        <button type="button" className="sl-btn" onClick={() => setHidden(new Set(records.map((r) => r.id)))}>
          none
        </button>
        {records.map((info) => (
          <label key={info.name} style={{ color: kindColour(info.id) }} title={info.description} data-kind={info.name}>
            <input
              type="checkbox"
              checked={!hidden.has(info.id)}
              onChange={(e) =>
                setHidden((prev) => {
                  const next = new Set(prev);
                  if (e.target.checked) next.delete(info.id);
                  else next.add(info.id);
                  return next;
                })
              }
            />{' '}
            {info.label}
          </label>
        ))}
      </div>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hidden, description],
  );

  return (
    <div className="sl-view" data-view="event-log">
      <div className="sl-head">
        <h3 className="sl-title">Event log</h3>
        <span className="sl-stat" data-testid="event-log-count" data-count={s.total}>
          <b>{s.total.toLocaleString('en-US')}</b> records received
        </span>
        {s.lost > 0 && (
          <span
            className="sl-stat"
            data-testid="event-log-skipped"
            title="Trace records the log skipped, not lost data: at fast speeds or after a jump, a frame carries only the newest records (and every disk and flusher record). The run and every figure are complete"
          >
            <b>{s.lost.toLocaleString('en-US')}</b> skipped (shown in full at slower speeds)
          </span>
        )}
        <span className="sl-stat">
          holding last <b>{s.size.toLocaleString('en-US')}</b>, showing <b>{rows.length.toLocaleString('en-US')}</b>
        </span>
        {search}
      </div>
      {filters}
      <div className="sl-scroll" ref={scrollRef} onScroll={onScroll} role="grid" aria-label="Trace records, oldest first" style={{ position: 'relative' }}>
        <div role="rowgroup" style={{ height: rows.length * ROW_H, position: 'relative' }}>
          {visible}
        </div>
        {!started && <div className="sl-empty">{EMPTY_MESSAGE}</div>}
      </div>
    </div>
  );
}
