// The disk-space view's words (SpaceView.tsx's tooltips and live labels, the inspector): a region,
// a fragment, a page's home, each from one frame's snapshot.
import { fmtBytes } from '../../views/lib/format';
import { deadBytes, fragmentsOfPage, regionsOfPage, type SpaceSnapshot } from './spaceFrame';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Region r's state, bytes and part in the latest cleaning. */
export function regionLabel(s: SpaceSnapshot, r: number): string {
  const cleaning = [s.cleaned[r] ? 'a victim of the latest cleaning' : '', s.output[r] ? "took the latest cleaning's merged fragments" : ''].filter(Boolean);
  const role = cleaning.length ? `; ${cleaning.join(', ')}` : '';
  if (s.state[r] === s.states.free) return `region ${r}: free${role}`;
  const empty = s.regionBytes - s.fill[r];
  const n = s.regionStart[r + 1] - s.regionStart[r];
  return (
    `region ${r}${r === s.writingRegion ? ', being written' : ''}: ${fmtBytes(s.fill[r])} written, ${fmtBytes(s.live[r])} live, ` +
    `${fmtBytes(deadBytes(s, r))} dead, ${fmtBytes(empty)} empty; ${plural(n, 'fragment')} with live data${role}`
  );
}

/** Fragment row `row`: its page, where it lies, what it holds, and where the page's others are. */
export function fragmentLabel(s: SpaceSnapshot, row: number): string {
  const f = s.fragments;
  const p = f.page[row];
  const k = fragmentsOfPage(s, p).length;
  const regions = regionsOfPage(s, p);
  return (
    `page ${p}'s fragment in region ${f.region[row]} at ${fmtBytes(f.offset[row])}: ${fmtBytes(f.bytes[row])}, the newest version of ` +
    `${plural(f.liveObjects[row], 'object')}${f.header[row] ? ", with the page's current header" : ''}; page ${p} lies in ` +
    `${plural(k, 'fragment')} (region${regions.length === 1 ? '' : 's'} ${regions.join(', ')})`
  );
}

/** Page p's one home under the read-optimized layout; under a layout of regions, where that home
 * would be and the fragments it lies in instead. */
export function homeLabel(s: SpaceSnapshot, p: number, inRegions: boolean): string {
  const home = `${fmtBytes(p * s.pageBytes)} to ${fmtBytes((p + 1) * s.pageBytes)}`;
  if (!inRegions) return `page ${p}: whole at its home, ${home}`;
  const regions = regionsOfPage(s, p);
  return (
    `page ${p}: under the read-optimized layout its home would be ${home}; here it lies in ` +
    `${plural(fragmentsOfPage(s, p).length, 'fragment')} (region${regions.length === 1 ? '' : 's'} ${regions.join(', ')})`
  );
}
