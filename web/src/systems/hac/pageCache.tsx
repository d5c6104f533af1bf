// The baselines HAC is measured against (§4.2), as the HAC view draws their caches (issue 24,
// item 4): FPC, QuickStore and GOM keep whole pages in frames; QuickStore replaces them with
// CLOCK (reference bits and a hand); GOM copies the used objects of the pages it evicts into an
// object buffer, drawn in page-sized rows after its page buffer. What each bar shows, in words
// under the grid and in the tooltips.
import { fmtBytes } from '../../views/lib/format';
import { EMPTY, GREY, INK, TEXT, USAGE_COLOURS } from './hacDraw';
import { frameCounts, frameKindText, NONE, type HacFrame } from './hacFrame';

const NAMES: Record<string, string> = { hac: 'HAC', fpc: 'FPC', quickstore: 'QuickStore', gom: 'GOM' };

/** A policy as the paper writes it. */
export function policyName(policy: string): string {
  return NAMES[policy] ?? policy.toUpperCase();
}

const WHAT: Record<string, string> = {
  fpc: 'FPC keeps whole pages and evicts the least recently used page (perfect LRU)',
  quickstore: 'QuickStore keeps whole pages and evicts them with CLOCK',
  gom: 'GOM keeps whole pages in a page buffer and copies the objects used on a page it evicts into a separate object buffer (dual buffering)',
};

/** Under a page cache's frames: what they show, a legend, and what it lacks that HAC has. */
export function PageCacheNote({ h }: { h: HacFrame }) {
  const policy = h.client.policy;
  const swatch = (background: string, border = 'none') => <i className="sl-swatch" style={{ background, border }} />;
  return (
    <div className="sl-muted hac-baseline" data-testid="hac-page-cache">
      <p>
        {WHAT[policy] ?? `${policyName(policy)} keeps whole pages`}. Each bar is a frame holding one page: the objects used since the page
        arrived are coloured, the rest (grey) is the page&apos;s unused part, which a page cache keeps as long as the page.
        {policy === 'quickstore' &&
          ' A blue corner is a set reference bit: CLOCK clears it as its hand (▶) passes and evicts the first page whose bit is clear.'}
        {policy === 'gom' &&
          ' The object buffer (dashed brown rows) holds objects alone, each in a buddy block (its size rounded up to a power of two), largest first; where blocks lie is the picture’s, the model counts their bytes. A page fetched again takes its objects back.'}{' '}
        No compaction, scan pointers or candidates: set <code>client.policy = &quot;hac&quot;</code> to watch those.
      </p>
      <p className="sl-legend" aria-label="Legend">
        <span>
          {swatch(USAGE_COLOURS[0])} {policy === 'fpc' ? 'used (installed)' : 'used'}
        </span>
        <span>
          {swatch(GREY)} not used since the page arrived
        </span>
        <span>
          {swatch('#fff', `1px solid ${INK.intact}`)} page frame {swatch(EMPTY, `1px dotted ${INK.free}`)} free
        </span>
        {policy === 'quickstore' && (
          <span>
            {swatch(INK.referenced)} reference bit set <span style={{ color: TEXT.primary }}>▶ clock hand</span>
          </span>
        )}
        {policy === 'gom' && <span>{swatch('#fff', `2px dashed ${INK.objectBuffer}`)} object buffer row</span>}
      </p>
    </div>
  );
}

/** A baseline's frame in words, for the tooltip and the keyboard's live label. */
export function pageFrameLabel(h: HacFrame, f: number): string {
  const c = h.client;
  const kind = h.names.frameKind[c.kind[f]];
  if (kind === 'object buffer') {
    const row = f - (c.frames - (frameCounts(h)['object buffer'] ?? 0));
    return `object buffer row ${row}: ${c.objects[f]} objects, ${fmtBytes(c.used[f])} of ${fmtBytes(c.frameBytes)}`;
  }
  const hand = c.policy === 'quickstore' && h.pointers.frame[0] === f ? ', the clock hand is here' : '';
  if (kind !== 'intact') return `frame ${f}: ${frameKindText(h, f)}${hand}`;
  const used = c.policy === 'fpc' ? 'used and installed' : 'used';
  const bit = c.policy === 'quickstore' ? `, reference bit ${c.referenced[f] ? 'set' : 'clear'}` : '';
  return `frame ${f}: ${frameKindText(h, f)}, ${c.installed[f]} of its ${c.objects[f]} objects ${used} since it arrived (${fmtBytes(c.used[f])})${bit}${hand}`;
}

/** An object of a baseline's frame in words. */
export function pageObjectLabel(h: HacFrame, row: number): string {
  const o = h.objects;
  const where = inObjectBuffer(h, o.frame[row]) ? 'in the object buffer' : `in frame ${o.frame[row]}`;
  return `object ${o.object[row]} ${where}: ${fmtBytes(o.bytes[row])} at offset ${fmtBytes(o.offset[row])}, ${pageObjectState(h, row)}`;
}

/** What a baseline's object is doing: used since its page arrived or not, or kept by GOM. */
export function pageObjectState(h: HacFrame, row: number): string {
  const o = h.objects;
  const state = inObjectBuffer(h, o.frame[row]) ? 'kept from an evicted page' : o.installed[row] ? 'used since its page arrived' : 'not used since its page arrived';
  return `${state}${o.modified[row] ? ', modified' : ''}`;
}

function inObjectBuffer(h: HacFrame, f: number): boolean {
  return h.names.frameKind[h.client.kind[f]] === 'object buffer';
}

/** The inspector's rows for a baseline's frame. */
export function pageFrameRows(h: HacFrame, f: number): [string, string | number][] {
  const c = h.client;
  const rows: [string, string | number][] = [
    ['kind', inObjectBuffer(h, f) ? 'a row of the object buffer' : frameKindText(h, f)],
    ['page', c.page[f] !== NONE ? c.page[f] : '—'],
    ['bytes used', `${fmtBytes(c.used[f])} of ${fmtBytes(c.frameBytes)}`],
    ['objects', inObjectBuffer(h, f) ? `${c.objects[f]}, kept from evicted pages` : `${c.objects[f]}, ${c.installed[f]} ${c.policy === 'fpc' ? 'used and installed' : 'used'} since the page arrived`],
  ];
  if (c.policy === 'quickstore') {
    rows.push(['reference bit', c.referenced[f] ? 'set: CLOCK passes over it once, clearing it' : 'clear']);
    rows.push(['clock hand', h.pointers.frame[0] === f ? 'here: CLOCK looks at this frame first' : '—']);
  }
  return rows;
}
