// The MOB view under PAGE (page shipping, thesis §5.1): there is no MOB to draw. What takes its
// place, the dirty pages held whole in the server cache and the eviction writes that install
// them, from the frame.
import { fmtBytes, fmtMB } from '../../views/lib/format';
import type { ScenarioValues } from '../../engine/types';
import { perPageWrite } from '../../views/lib/mob/mob';
import type { MobFrame } from './mobFrame';
import { dirtyPages, dirtySummary, mobBytesFor, objectBytesOf } from './pageShipping';

export function NoMob({ f, scenario }: { f: MobFrame; scenario: ScenarioValues | null }) {
  const fl = f.flusher;
  const perWrite = perPageWrite(fl.installed, fl.pagesWritten);
  const d = dirtyPages(f.cache, f.objectsPerPage, objectBytesOf(scenario));
  const inMob = mobBytesFor(d.objects, scenario);
  return (
    <div className="sl-view" data-view="mob">
      <div className="sl-head">
        <h3 className="sl-title">Modified Object Buffer</h3>
        <span className="sl-stat" title={`server.mob_mb (${fmtMB(f.mob.capacityBytes, 0)} MB) is not used`}>
          none under PAGE
        </span>
      </div>
      <div className="sl-scroll" style={{ padding: '4px 10px' }} data-testid="mob-page">
        <p style={{ fontWeight: 600 }}>PAGE has no MOB: modified pages wait whole in the server cache until evicted.</p>
        <p>
          A commit ships each page it modified, whole, and the server puts it in its page cache, which is all of its memory, marked dirty. Nothing
          writes it until the cache needs its frame: then the fetch or commit that needs the frame waits while the page is written (§5.1). The
          server cache view shows them.
        </p>
        <p data-testid="mob-page-dirty">Now: {dirtySummary(d)}.</p>
        {inMob !== null && d.dirty > 0 && (
          <p data-testid="mob-page-contrast">
            A MOB would hold those {d.objects.toLocaleString()} modified objects in about {fmtBytes(inMob)}, each with its overhead, against the {fmtBytes(d.bytes)} of
            whole pages PAGE keeps for them (§5.3.1).
          </p>
        )}
        <p data-testid="mob-page-writes">
          Since 0 s: {fl.pagesWritten.toLocaleString()} eviction write{fl.pagesWritten === 1 ? '' : 's'}
          {fl.pagesWritten > 0 ? `, ${fl.installed.toLocaleString()} modified objects installed (${perWrite.toFixed(1)} a write)` : ''}.
        </p>
      </div>
    </div>
  );
}
