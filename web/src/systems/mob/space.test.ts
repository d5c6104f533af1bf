// The disk-space view's reading, geometry and words (issue 25), on frames recorded from the engine:
// fixtures/write-optimized.json (a 16 MB database of 40 regions, just before its first cleaning and
// at it) and fixtures/filling.json (the read-optimized layout).
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describeForTests, loadEngineForTests } from '../../engine/testing';
import type { SystemDescription } from '../../engine/types';
import type { ViewProps } from '../../views/contract';
import { contrast } from '../../views/lib/contrast';
import { EMPTY_SOURCE, frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { formatSimTime } from '../../state/clock';
import { fmtBytes } from '../../views/lib/format';
import wo from './fixtures/write-optimized.json';
import filling from './fixtures/filling.json';
import { deadBytes, fragmentsOfPage, regionsOfPage, spaceFrame, type SpaceSnapshot } from './spaceFrame';
import { cellAt, fitGrid, fragmentAtX, gridStep, indexAt, layoutStrips, pageAtX, xOf, PAGE_SHAPE, REGION_SHAPE } from './spaceLayout';
import { fragmentLabel, homeLabel, regionLabel } from './spaceText';
import { SPACE_COLOURS } from './spaceDraw';
import SpaceView, { defaultRegion } from './SpaceView';
import Inspector, { loadInspectorPart } from '../../views/Inspector';

let description: SystemDescription;
let before: SpaceSnapshot;
let at: SpaceSnapshot;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests();
  [before, at] = wo.map((f) => spaceFrame(frameFromJson(f), description));
});

function props(frames: ViewProps['frames'], selected: ViewProps['selected'] = null): ViewProps {
  return { frames, selected, select: () => {}, inspectable: true, speed: 1e9, description, scenario: null };
}

/** The view's HTML at the recorded frames' end. */
function html(recording: unknown[], upTo = recording.length): string {
  const src = RecordedSource.fromJson(recording.slice(0, upTo));
  src.playAll();
  return renderToString(createElement(SpaceView, props(src))).replaceAll('<!-- -->', '');
}

describe('reading the disk space (spaceFrame)', () => {
  it('reads the write-optimized layout: regions in disk order, live fragments grouped by region and by page', () => {
    expect(at.layout).toBe('write_optimized');
    expect(at.fill.length).toBe(40);
    expect([at.regionBytes, at.pageBytes, at.pages]).toEqual([512 * 1024, 64 * 1024, 256]);
    const f = at.fragments;
    for (let r = 0; r < at.fill.length; r++) {
      expect(at.live[r]).toBeLessThanOrEqual(at.fill[r]);
      expect(deadBytes(at, r)).toBe(at.fill[r] - at.live[r]);
      for (let i = at.regionStart[r]; i < at.regionStart[r + 1]; i++) {
        expect(f.region[i]).toBe(r);
        expect(f.offset[i] + f.bytes[i]).toBeLessThanOrEqual(at.fill[r]);
      }
    }
    expect(at.regionStart[at.fill.length]).toBe(f.page.length);
    let rows = 0;
    for (let p = 0; p < at.pages; p++) {
      const mine = fragmentsOfPage(at, p);
      rows += mine.length;
      // Every page has a current header, held by exactly one of its fragments.
      expect(Array.from(mine, (i) => f.header[i]).reduce((a, b) => a + b, 0)).toBe(1);
      for (const i of mine) expect(f.page[i]).toBe(p);
      expect(Array.from(mine)).toEqual([...mine].sort((a, b) => a - b));
    }
    expect(rows).toBe(f.page.length);
    expect(fragmentsOfPage(at, -1).length + fragmentsOfPage(at, at.pages).length).toBe(0);
  });

  it('the cleaning: its victims and output marked, its counts in the scalars', () => {
    expect([before.cleanings, before.freeRegions < before.lowWater]).toEqual([0, true]);
    expect(before.cleaned.every((c) => c === 0) && before.output.every((c) => c === 0)).toBe(true);
    expect(at.cleanings).toBe(1);
    expect(at.lastCleanNs).toBe(wo[1].nowNs);
    const victims = at.cleaned.reduce((a, b) => a + b, 0);
    expect(victims).toBe(at.regionsCleaned);
    expect(at.output.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(at.freeRegions).toBeGreaterThanOrEqual(at.lowWater);
    const free = at.state.reduce((a, st) => a + (st === at.states.free ? 1 : 0), 0);
    expect(free).toBe(at.freeRegions);
    expect(at.state[at.writingRegion]).toBe(at.states.writing);
  });

  it('reads the read-optimized layout: no regions, the pages at their homes', () => {
    const ro = spaceFrame(frameFromJson(filling[filling.length - 1]), description);
    expect(ro.layout).toBe('read_optimized');
    expect([ro.fill.length, ro.fragments.page.length, ro.writingRegion]).toEqual([0, 0, -1]);
    expect(ro.pages * ro.pageBytes).toBe(100 * 1048576);
  });
});

describe('where things go (spaceLayout)', () => {
  it('fits the regions in the box, each cell where the hit test finds it', () => {
    for (const [w, h] of [
      [310, 180],
      [844, 200],
      [600, 420],
    ]) {
      const g = fitGrid(250, w, h, REGION_SHAPE);
      expect(g.height, `${w} × ${h}`).toBeLessThanOrEqual(h);
      expect(g.width).toBeLessThanOrEqual(w);
      expect(g.barH).toBeGreaterThanOrEqual(REGION_SHAPE.minBar);
      for (const i of [0, 1, g.perRow - 1, g.perRow, 249]) {
        const { x, y } = cellAt(g, i);
        expect(indexAt(g, x + g.cellW / 2, y + g.lane + g.barH / 2)).toBe(i);
      }
      expect(indexAt(g, 1, 1)).toBe(-1);
    }
    // Wider boxes get wider cells; a box too small for the narrowest cells scrolls.
    expect(fitGrid(250, 844, 200, REGION_SHAPE).pitchX).toBeGreaterThan(fitGrid(250, 310, 200, REGION_SHAPE).pitchX);
    const tight = fitGrid(1600, 300, 100, PAGE_SHAPE);
    expect(tight.pitchX).toBe(3);
    expect(tight.height).toBeGreaterThan(100);
  });

  it('moves the keyboard through the grid and stops at its ends', () => {
    const g = fitGrid(40, 300, 300, REGION_SHAPE);
    expect(gridStep(g, 'ArrowRight', 0)).toBe(1);
    expect(gridStep(g, 'ArrowLeft', 0)).toBe(0);
    expect(gridStep(g, 'ArrowDown', 0)).toBe(Math.min(39, g.perRow));
    expect(gridStep(g, 'End', 3)).toBe(39);
    expect(gridStep(g, 'ArrowDown', 39)).toBe(39);
    expect(gridStep(g, 'x', 3)).toBeUndefined();
  });

  it('finds the fragment under the pointer in the magnified region, and the page under it on the homes strip', () => {
    const st = layoutStrips(at, 500);
    const f = at.fragments;
    for (let r = 0; r < at.fill.length; r++) {
      for (let i = at.regionStart[r]; i < at.regionStart[r + 1]; i++) expect(fragmentAtX(at, r, st.region, xOf(st.region, f.offset[i] + f.bytes[i] / 2))).toBe(i);
    }
    const empty = at.writingRegion;
    expect(fragmentAtX(at, empty, st.region, xOf(st.region, at.regionBytes / 2))).toBe(-1);
    for (const p of [0, 1, 128, 255]) expect(pageAtX(at, st.homes, xOf(st.homes, (p + 0.5) * at.pageBytes))).toBe(p);
    expect(pageAtX(at, st.homes, 0)).toBe(-1);
  });

  it('magnifies the region being written once it holds data, else the cleaning’s output', () => {
    expect(at.fill[at.writingRegion]).toBe(0);
    expect(defaultRegion(at)).toBe(at.output.indexOf(1));
    expect(defaultRegion(before)).toBe(0);
  });
});

describe('the words (spaceText)', () => {
  it('says what a region holds, where a fragment lies and where a page’s home would be', () => {
    const r = at.fragments.region[0];
    expect(regionLabel(at, r)).toMatch(new RegExp(`^region ${r}.*: ${fmtBytes(at.fill[r])} written, ${fmtBytes(at.live[r])} live, .* dead, .* empty; \\d+ fragments? with live data`));
    expect(regionLabel(at, at.writingRegion)).toContain(', being written');
    const victim = at.cleaned.findIndex((c, i) => c === 1 && at.state[i] === at.states.free);
    expect(regionLabel(at, victim)).toBe(`region ${victim}: free; a victim of the latest cleaning`);
    const p = at.fragments.page[0];
    const k = fragmentsOfPage(at, p).length;
    expect(fragmentLabel(at, 0)).toContain(`page ${p}'s fragment in region ${r} at ${fmtBytes(at.fragments.offset[0])}`);
    expect(fragmentLabel(at, 0)).toContain(`page ${p} lies in ${k} fragment${k === 1 ? '' : 's'} (region${regionsOfPage(at, p).length === 1 ? '' : 's'} ${regionsOfPage(at, p).join(', ')})`);
    expect(homeLabel(at, 3, false)).toBe('page 3: whole at its home, 192.0 KB to 256.0 KB');
    expect(homeLabel(at, 3, true)).toMatch(/^page 3: under the read-optimized layout its home would be 192.0 KB to 256.0 KB; here it lies in \d+ fragments?/);
  });
});

describe('the view (SpaceView)', () => {
  it('shows the empty state before the first frame', () => {
    expect(renderToString(createElement(SpaceView, props(EMPTY_SOURCE)))).toContain('Press Play (Space) to start the simulation');
  });

  it('before the cleaning: the free regions below the low-water mark, the cleaner not run yet', () => {
    const h = html(wo, 1);
    expect(h).toContain('Disk space (write-optimized)');
    expect(h).toMatch(new RegExp(`Free regions <b data-testid="space-free-count">${before.freeRegions}</b> of 40`));
    expect(h).toContain(`The cleaner has not run yet: it runs when fewer than ${before.lowWater} regions are free.`);
    expect(h).toContain('no region being written');
  });

  it('at the cleaning: when it ran, its victims and outputs, and its totals, all from the frame', () => {
    const h = html(wo);
    const victims = at.cleaned.reduce((a, b) => a + b, 0);
    const outputs = at.output.reduce((a, b) => a + b, 0);
    expect(h).toContain(`Cleaner last ran at <b>${formatSimTime(at.lastCleanNs)}</b> (now): <b>${victims}</b>`);
    expect(h).toContain(`live data merged into <b>${outputs}</b>`);
    expect(h).toContain(`Since 0 s: <b>1</b> run, <b>${at.regionsCleaned}</b> regions cleaned, <b>${fmtBytes(at.bytesCopied)}</b> copied.`);
    expect(h).toContain(`writing region <b>${at.writingRegion}</b>`);
    expect(h).toContain(`<b>${(at.fragments.page.length / at.pages).toFixed(2)}</b> fragments a page`);
    expect(h).toContain('aria-label="Legend"');
  });

  it('under the read-optimized layout: the pages at their homes and a note on the other layout', () => {
    const h = html(filling);
    expect(h).toContain('Disk space (read-optimized)');
    expect(h).toContain('<b>1,600</b> pages × 64.0 KB');
    expect(h).toContain('pages scatter into fragments');
    expect(h).not.toContain('Cleaner');
  });
});

describe('the inspector', () => {
  it('shows a region, a fragment, and where a page lies under either layout', async () => {
    await loadInspectorPart('mob');
    const src = RecordedSource.fromJson(wo);
    src.playAll();
    const inspect = (sel: ViewProps['selected'], frames = src) => renderToString(createElement(Inspector, props(frames, sel))).replaceAll('<!-- -->', '');
    const out = at.output.indexOf(1);
    const region = inspect({ kind: 'region', id: out });
    expect(region).toContain(`region ${out}`);
    expect(region).toContain(`<dt>written</dt><dd>${fmtBytes(at.fill[out])} of 512.0 KB</dd>`);
    expect(region).toContain(`<dt>latest cleaning</dt><dd>${at.cleaned[out] ? 'a victim, ' : ''}took its merged fragments</dd>`);
    expect(region).toContain(`<dt>fragments with live data</dt><dd>${at.regionStart[out + 1] - at.regionStart[out]}</dd>`);
    const f = at.fragments;
    const row = at.regionStart[out];
    const p = f.page[row];
    const frag = inspect({ kind: 'fragment', page: p, region: out, offset: f.offset[row] });
    expect(frag).toContain(`fragment of page ${p} (region ${out}, offset ${fmtBytes(f.offset[row])})`);
    expect(frag).toContain(`<dt>newest versions of</dt><dd>${f.liveObjects[row]} objects</dd>`);
    expect(frag).toContain(`All of page ${p}&#x27;s fragments, in disk order:`);
    expect(inspect({ kind: 'fragment', page: p, region: out, offset: f.offset[row] + 1 })).toContain('This fragment holds no live data any more');
    const regions = regionsOfPage(at, p);
    expect(inspect({ kind: 'page', id: p })).toContain(`<dt>on disk</dt><dd>${fragmentsOfPage(at, p).length} fragments in region${regions.length === 1 ? '' : 's'} ${regions.join(', ')}</dd>`);
    const ro = RecordedSource.fromJson(filling);
    ro.playAll();
    expect(inspect({ kind: 'page', id: 3 }, ro)).toContain('<dt>on disk</dt><dd>whole at its home, 192.0 KB to 256.0 KB</dd>');
    expect(inspect({ kind: 'region', id: 3 }, ro)).toContain('This run has no region 3');
  });
});

describe('colours', () => {
  it('marks read at 3:1 or more on white (WCAG 1.4.11), text at 4.5:1', () => {
    const C = SPACE_COLOURS;
    for (const mark of [C.live, C.dead, C.freeEdge, C.header, C.writing, C.victim, C.output, C.lit, C.focus]) expect(contrast(mark, '#ffffff'), mark).toBeGreaterThanOrEqual(3);
    // Drawn as words too: the cleaner's line, the gauge's labels, the captions.
    for (const text of [C.victim, C.output, C.text]) expect(contrast(text, '#ffffff'), text).toBeGreaterThanOrEqual(4.5);
    // Dead bytes against the empty part of a bar, and page labels (white) on a live fragment.
    expect(contrast(C.dead, C.empty)).toBeGreaterThanOrEqual(3);
    expect(contrast('#ffffff', C.live)).toBeGreaterThanOrEqual(4.5);
  });
});
