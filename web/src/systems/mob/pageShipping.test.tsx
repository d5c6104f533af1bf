// @vitest-environment jsdom
// Chapter 5's server architectures in the MOB's views (issue 25). On the recorded PAGE run
// (fixtures/page-shipping.json): the cache view draws each dirty page whole with its modified
// share filled within it, and its summary, bar and tooltips are the frame's; the MOB view says
// there is no MOB; the system diagram and the inspector say what PAGE holds. On a FREEMOB run:
// the views say its installation reads are free, and its flusher never reads.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describeForTests, loadEngineForTests } from '../../engine/testing';
import { LabHost } from '../../engine/host';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { RecordedSource } from '../../views/lib/recorded';
import { layOutJsdom } from '../../views/lib/jsdom';
import Inspector, { loadInspectorPart } from '../../views/Inspector';
import recorded from './fixtures/page-shipping.json';
import filling from './fixtures/filling.json';
import { mobFrame, type CacheSnapshot } from './mobFrame';
import { fmtBytes } from '../../views/lib/format';
import { dirtyPages, dirtySummary, PAGE_COLOURS } from './pageShipping';
import { GRID_TOP } from './cacheDraw';
import CacheView from './CacheView';
import MobView, { loadMobExtras } from '../../views/lib/mob/MobView';
import { mob } from '.';
import SystemDiagram, { cacheNote, cacheText } from './SystemDiagram';

const W = 600;
const H = 420;
/** The scenario's values as the lab gives them: the object size among them. */
const SCENARIO = { network: { latency_ms: 1 }, database: { object_bytes: 128 }, server: { mob_object_overhead_bytes: 16 } };

/** A fillRect made on the canvas, with its style. */
interface Fill {
  style: string;
  args: number[];
}
let fills: Fill[] = [];

/** A 2D context that records its fillRect calls (jsdom has no canvas). */
function recorder(): CanvasRenderingContext2D {
  fills = [];
  const state: Record<string, unknown> = { fillStyle: '' };
  return new Proxy(state, {
    get: (t, k) => {
      if (k in t) return t[k as string];
      if (k === 'measureText') return (s: string) => ({ width: s.length * 6 });
      return (...args: number[]) => {
        if (k === 'fillRect') fills.push({ style: String(t.fillStyle), args });
      };
    },
    set: (t, k, v) => ((t[k as string] = v), true),
  }) as unknown as CanvasRenderingContext2D;
}

let description: SystemDescription;
let root: Root | null = null;
let host: HTMLDivElement;

beforeAll(async () => {
  await loadMobExtras(mob.mobView);
  await loadEngineForTests();
  await loadInspectorPart('mob');
  description = describeForTests();
  layOutJsdom(W, H);
  HTMLCanvasElement.prototype.getContext = recorder as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

/** A root in the document to render views into. */
function mount(): void {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
}

function props(frames: ViewProps['frames'], selected: InspectTarget | null = null): ViewProps {
  return { frames, selected, select: () => {}, inspectable: true, speed: 1e8, description, scenario: SCENARIO };
}

/** The recorded PAGE run at its last frame (6.1 s). */
function page(): { src: RecordedSource; f: Frame; c: CacheSnapshot; opp: number } {
  const src = RecordedSource.fromJson(recorded);
  const f = src.playAll();
  const mf = mobFrame(f, description);
  return { src, f, c: mf.cache, opp: mf.objectsPerPage };
}

const html = (el: ReturnType<typeof createElement>) => renderToString(el).replaceAll('<!-- -->', '');

describe('PAGE: whole dirty pages in the server cache', () => {
  it('the frame says PAGE, gives each cached page’s modified objects, and leaves the MOB empty', () => {
    const { f, c } = page();
    expect(c.architecture).toBe('page');
    expect(mobFrame(RecordedSource.fromJson(filling).playAll(), description).cache.architecture).toBe('mob');
    expect(c.pages.length).toBe(c.capacityPages);
    expect(c.capacityBytes).toBe(24 * 1048576);
    expect(c.dirtyObjects.length).toBe(c.pages.length);
    expect(Array.from(c.dirtyObjects).some((k, i) => k > 0 && c.dirty[i])).toBe(true);
    expect(Array.from(c.dirtyObjects).every((k, i) => k === 0 || c.dirty[i])).toBe(true);
    const m = mobFrame(f, description).mob;
    expect([m.usedBytes, m.chunkPage.length, mobFrame(f, description).flusher.passes]).toEqual([0, 0, 0]);
  });

  it('sums the dirty pages and their modified objects from the frame, the pages being written apart', () => {
    const { c, opp } = page();
    let dirty = 0;
    let writing = 0;
    let objects = 0;
    for (let i = 0; i < c.pages.length; i++) {
      objects += c.dirtyObjects[i];
      if (c.dirty[i] && c.pinned[i] && c.valid[i] && c.dirtyObjects[i] === 0) writing++;
      else if (c.dirty[i]) dirty++;
    }
    expect(dirty).toBeGreaterThan(0);
    expect(writing).toBeGreaterThan(0);
    const d = dirtyPages(c, opp, 128);
    expect([d.dirty, d.writing, d.objects, d.cached, d.pageBytes]).toEqual([dirty, writing, objects, c.pages.length, 65536]);
    const pct = ((100 * objects * 128) / (dirty * 65536)).toFixed(1);
    expect(dirtySummary(d)).toBe(
      `${dirty} of ${c.pages.length} pages dirty, holding ${objects.toLocaleString()} modified objects: ${pct}% of the ${((dirty * 65536) / 1048576).toFixed(2)} MB they take is modified data; ${writing} more being written before their eviction`,
    );
    // Whole pages for a few objects each: under a tenth of their memory is modified data.
    expect(d.share).toBeLessThan(0.1);
    // Without the object size, the share is of their objects.
    expect(dirtySummary(dirtyPages(c, opp, null))).toContain(`: ${((100 * objects) / (dirty * opp)).toFixed(1)}% of their objects;`);
  });

  it('the cache view draws every dirty page whole with its modified share filled within it, and says so', () => {
    const { src, c, opp } = page();
    mount();
    act(() => root!.render(createElement(CacheView, props(src))));
    expect(host.querySelector('.sl-title')!.textContent).toBe('Server cache (PAGE: all memory, LRU)');
    expect(host.querySelector('[data-testid=cache-dirty-summary]')!.textContent).toBe(dirtySummary(dirtyPages(c, opp, 128)));
    expect(host.querySelector('[data-testid=cache-memory-bar]')!.getAttribute('aria-label')).toMatch(/^Server memory of 24\.00 MB: modified data [\d.]+ [KM]?B, the rest of the dirty pages [\d.]+ [KM]?B, dirty pages being written [\d.]+ [KM]?B, clean pages [\d.]+ [KM]?B$/);
    expect(host.querySelector('.sl-legend')!.textContent).toContain('dirty page, held whole');
    // One square per cached page: the dirty ones in the held colour, the rest clean.
    const squares = fills.filter((o) => o.style === PAGE_COLOURS.held || o.style === PAGE_COLOURS.clean);
    const dirty = Array.from(c.dirty).filter(Boolean).length;
    expect(squares.filter((o) => o.style === PAGE_COLOURS.held).length).toBe(dirty);
    expect(squares.length).toBe(c.pages.length);
    // Each page's modified objects: its share of the square's height, at least a pixel's row.
    const side = squares[0].args[2];
    const want = Array.from(c.dirtyObjects).flatMap((k) => (k > 0 ? [Math.max(1, Math.round((side * k) / opp))] : []));
    const bars = fills.filter((o) => o.style === PAGE_COLOURS.modified);
    expect(bars.map((o) => o.args[3])).toEqual(want);
    expect(bars.every((o) => o.args[2] === side)).toBe(true);
    // The tooltip of a dirty page (one waiting, not being written).
    const i = Array.from(c.dirtyObjects).findIndex((k, j) => k > 0 && !c.pinned[j]);
    const cell = side + 3;
    const perRow = Math.floor((W - 16) / cell);
    const canvas = host.querySelector('canvas')!;
    act(() => void canvas.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: (i % perRow) * cell + cell / 2, clientY: GRID_TOP + Math.floor(i / perRow) * cell + cell / 2 })));
    const k = c.dirtyObjects[i];
    expect(host.querySelector('.sl-tooltip')!.textContent).toBe(
      `page ${c.pages[i]}, LRU position ${i + 1}, dirty: ${k} of ${opp} objects modified (${((100 * k) / opp).toFixed(1)}%), the whole page held until its eviction writes it`,
    );
  });

  it('the MOB view says there is no MOB and points at the cache; the diagram’s server is all page cache', () => {
    const { src, f, c, opp } = page();
    const fl = f.sections.flusher.scalars;
    const mob = html(createElement(MobView, props(src)));
    expect(mob).toContain('PAGE has no MOB: modified pages wait whole in the server cache until evicted.');
    expect(mob).toContain('server cache view');
    const d = dirtyPages(c, opp, 128);
    expect(mob).toContain(`Now: ${dirtySummary(d)}.`);
    // What a MOB would take for the same objects: 144 B each against whole pages.
    expect(mob).toContain(
      `A MOB would hold those ${d.objects.toLocaleString()} modified objects in about ${fmtBytes(d.objects * 144)}, each with its overhead, against the ${fmtBytes(d.bytes)} of whole pages PAGE keeps for them (§5.3.1).`,
    );
    expect(mob).toContain(`Since 0 s: ${fl.pages_written.toLocaleString()} eviction writes, ${fl.installed.toLocaleString()} modified objects installed (${(fl.installed / fl.pages_written).toFixed(1)} a write).`);
    expect(mob).not.toContain('MOB scan list');
    expect(cacheText(c)).toBe('all memory: cache 384/384 pages');
    mount();
    expect(cacheNote(c)).toBe(`${Array.from(c.dirty).filter(Boolean).length} dirty, held whole`);
    act(() => root!.render(createElement(SystemDiagram, props(src))));
    expect(host.querySelector('[data-testid=diagram-no-mob]')!.textContent).toBe('no MOB (PAGE)no flusher: a dirty pageis written when evicted');
    expect(host.querySelector('[data-testid=diagram-cache-note]')!.textContent).toBe(cacheNote(c));
  });

  it('the inspector gives a page’s modified objects, a victim being written, and no flusher', () => {
    const { src, c, opp } = page();
    const inspect = (t: InspectTarget) => html(createElement(Inspector, props(src, t)));
    const dirty = Array.from(c.dirtyObjects).findIndex((k, i) => k > 0 && !c.pinned[i]);
    expect(inspect({ kind: 'page', id: c.pages[dirty] })).toContain(`dirty: ${c.dirtyObjects[dirty]} of ${opp} objects modified`);
    const victim = Array.from(c.pages).findIndex((_, i) => c.dirty[i] && c.pinned[i] && c.valid[i]);
    expect(inspect({ kind: 'page', id: c.pages[victim] })).toContain('dirty, being written before its eviction');
    const clean = Array.from(c.dirty).findIndex((d) => !d);
    expect(inspect({ kind: 'page', id: c.pages[clean] })).toMatch(/modified objects<\/dt><dd>clean</);
    expect(inspect({ kind: 'flusher' })).toContain('PAGE has no MOB and no flusher');
  });
});

describe('FREEMOB: free installation reads', () => {
  it('the views say so, and the flusher installs without ever reading', async () => {
    const lab = new LabHost();
    const text =
      '[meta]\ntitle = "freemob"\n[system]\nkind = "mob"\n[run]\nwarmup_s = 1\nwarmup_flusher_passes = 0\nduration_s = 30\n' +
      '[workload]\ntxn_len = 512\ncluster_len = 128\n[server]\narchitecture = "freemob"\nmemory_mb = 4\nmob_mb = 3\n';
    expect((await lab.load(text, 1)).ok).toBe(true);
    const frames: Frame[] = [];
    for (let t = 1; t <= 20; t++) frames.push(await lab.frame(t * 5e8));
    lab.dispose();
    const states = frames.map((f) => mobFrame(f, description).flusher.state);
    expect(states).toContain('writing');
    expect(states).not.toContain('reading');
    const last = mobFrame(frames.at(-1)!, description);
    expect(last.flusher.pagesWritten).toBeGreaterThan(0);
    expect(last.cache.architecture).toBe('freemob');
    const src = new RecordedSource(frames);
    src.playAll();
    const mob = html(createElement(MobView, props(src)));
    expect(mob).toContain('FREEMOB: installation reads free');
    expect(mob).toContain('installation reads cost nothing (§5.3)');
    expect(html(createElement(CacheView, props(src)))).toContain('FREEMOB: the flusher installs a page not cached here from its own buffer');
    expect(cacheNote(last.cache)).toBe('FREEMOB: installation reads free');
  }, 60_000);
});
