// The inspector: the full state of whatever the user clicked, from the latest frame. This is its
// shell, the same for every system: headings, a trace record as any system describes it, and the
// empty states; what a system's own things show (a client, a page, a frame…) is the system's part
// (`WebSystem.inspector`, systems/<kind>/inspect.tsx). A system without one gets records only.
import { useEffect, useState } from 'react';
import type { SystemDescription } from '../engine/types';
import { systemOf } from '../systems';
import type { InspectorPart } from '../systems/system';
import type { InspectTarget, ViewProps } from './contract';
import { describeRecord, recordLabel } from './lib/format';
import { formatSimTime } from '../state/clock';
import { useFrameTick } from './lib/hooks';
import { KV } from './lib/inspectParts';
import './views.css';

export default function Inspector({ frames, selected, select, description }: ViewProps) {
  const f = useFrameTick(frames, 200);
  const part = useInspectorPart(description?.kind);
  return (
    <div className="sl-view" data-view="inspector">
      <div className="sl-head">
        <h3 className="sl-title">Inspector</h3>
        {selected && <span className="sl-stat">{(part && part.title(selected, description)) ?? title(selected, description)}</span>}
        {selected && (
          <button type="button" className="sl-btn" style={{ marginLeft: 'auto' }} onClick={() => select(null)}>
            clear
          </button>
        )}
      </div>
      <div className="sl-scroll">
        {part === undefined ? (
          <div style={{ padding: 10 }} className="sl-muted">
            Loading the inspector…
          </div>
        ) : !selected ? (
          part ? <part.Empty select={select} /> : <NeutralEmpty />
        ) : !f ? (
          <div style={{ padding: 10 }} className="sl-muted">
            No frame yet. Press Play (Space) to start the simulation.
          </div>
        ) : selected.kind === 'record' ? (
          <RecordDetails sel={selected} description={description} />
        ) : part ? (
          <part.Details frame={f} description={description} sel={selected} select={select} />
        ) : (
          <p style={{ padding: 10 }}>This system&apos;s inspector shows the event log&apos;s records only.</p>
        )}
      </div>
    </div>
  );
}

const parts = new Map<string, InspectorPart | null>();

/** Loads the part of the inspector of system `kind` (null when it has none); once loaded, the
 * inspector shows it from its first render. */
export async function loadInspectorPart(kind: string): Promise<InspectorPart | null> {
  if (!parts.has(kind)) {
    const load = systemOf(kind)?.inspector;
    parts.set(kind, load ? (await load()).default : null);
  }
  return parts.get(kind) ?? null;
}

/** The loaded system's part of the inspector: undefined while it loads, null when the system has
 * none (or no system has loaded). */
function useInspectorPart(kind: string | undefined): InspectorPart | null | undefined {
  const known = kind === undefined ? null : systemOf(kind)?.inspector ? parts.get(kind) : null;
  const [loaded, setLoaded] = useState<{ kind: string; part: InspectorPart | null } | null>(null);
  useEffect(() => {
    if (kind === undefined || known !== undefined) return;
    let live = true;
    void loadInspectorPart(kind).then(
      (part) => live && setLoaded({ kind, part }),
      () => live && setLoaded({ kind, part: null }),
    );
    return () => {
      live = false;
    };
  }, [kind, known]);
  return known !== undefined ? known : loaded !== null && loaded.kind === kind ? loaded.part : undefined;
}

/** Before anything is picked, for a system with no part of its own. */
function NeutralEmpty() {
  return (
    <div style={{ padding: 10 }} className="sl-muted">
      <p style={{ marginTop: 0 }}>Click a row of the event log to see its full state.</p>
    </div>
  );
}

/** A trace record, as any system describes it. */
function RecordDetails({ sel, description }: { sel: Extract<InspectTarget, { kind: 'record' }>; description: SystemDescription | null }) {
  return (
    <KV
      rows={[
        ['time', formatSimTime(sel.t)],
        ['kind', recordLabel(description, sel.recordKind)],
        ['meaning', describeRecord(description, sel.recordKind, sel)],
        ['fields', `entity ${sel.entity}, a ${sel.a}, b ${sel.b}, c ${sel.c}`],
      ]}
    />
  );
}

function title(s: InspectTarget, description: SystemDescription | null): string {
  switch (s.kind) {
    case 'client':
      return `client ${s.id}`;
    case 'page':
      return `page ${s.id}`;
    case 'request':
      return `request of page ${s.page}`;
    case 'disk':
      return 'the disk';
    case 'record':
      return `record #${s.index} (${recordLabel(description, s.recordKind)})`;
    default:
      // A system's own target: its part names it (`InspectorPart.title`).
      return s.kind;
  }
}
