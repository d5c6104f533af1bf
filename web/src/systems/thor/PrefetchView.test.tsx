// @vitest-environment jsdom
// The prefetch view on frames recorded from the engine (fixtures/thor-t1-small.json: cold T1 on
// the small database at 0.5 s, 3 s and 11.9 s; fixtures/table3-thor-t1-medium.json: the medium
// one at 17.5–19.5 s, with 400 of its groups listed), and on the real engine's first frame (no
// fetch has come back yet). Every number checked here is read from the frame the view was given.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { EMPTY_MESSAGE } from '../../views/lib/hooks';
import { EMPTY_SOURCE, frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { contrast } from '../../views/lib/contrast';
import { layOutJsdom } from '../../views/lib/jsdom';
import { LabHost } from '../../engine/host';
import PrefetchView, { ARRIVALS } from './PrefetchView';
import { COLOURS, lagGroups, nextRequest, SLOT_PALETTE, usedFraction } from './prefetchDraw';
import { thorFrame, type ThorFrame } from './thorFrame';
import small from './fixtures/thor-t1-small.json';
import medium from './fixtures/table3-thor-t1-medium.json';

const SCENARIO = readScenario('thor-t1-small.toml');
let description: SystemDescription;
/** T1 small at 0.5 s (a group on the wire), 3 s, 11.9 s (the walk over). */
let t1: Frame[];
/** T1 medium at 17.5 s, 18 s, 18.3 s, 19.5 s. */
let med: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests(SCENARIO);
  t1 = (small as unknown[]).map(frameFromJson);
  med = (medium as unknown[]).map(frameFromJson);
  layOutJsdom();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const read = (f: Frame): ThorFrame => thorFrame(f, description);

/** The view mounted on frame `f`; `picked` collects what it selects. */
function mount(f: Frame | null, opts: { inspectable?: boolean; selected?: InspectTarget | null } = {}) {
  const el = document.createElement('div');
  document.body.append(el);
  const picked: (InspectTarget | null)[] = [];
  const src = f ? new RecordedSource([f]) : EMPTY_SOURCE;
  const props: ViewProps = {
    frames: src,
    selected: opts.selected ?? null,
    select: (t) => picked.push(t),
    inspectable: opts.inspectable ?? true,
    speed: 1e9,
    description,
    scenario: null,
  };
  root = createRoot(el);
  act(() => root!.render(createElement(PrefetchView, props)));
  if (src instanceof RecordedSource) act(() => void src.advance());
  const q = <E extends Element = HTMLElement>(id: string) => el.querySelector<E>(`[data-testid="${id}"]`);
  return { el, picked, q };
}

const press = (target: Element, key: string) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

/** Drawing every recorded frame is the suite's heaviest work: under load it needs more than
 * Vitest's default 5 s. */
const DRAW_ALL_MS = 30_000;

describe('the prefetch view on recorded T1 frames', () => {
  it('draws every recorded frame from its numbers, none missing', () => {
    for (const f of [...t1, ...med]) {
      const t = read(f);
      const { el, q } = mount(f);
      const at = `${f.nowNs / 1e9} s`;
      expect(el.textContent, at).not.toMatch(/NaN|undefined|Infinity/);
      // The k line ends at the k the latest request sent (the fetch in flight's, if there is one).
      expect(Number(q('prefetch-k-line')!.getAttribute('data-last-k')), at).toBe(t.prefetch.size);
      expect(q('prefetch-size')!.textContent, at).toBe(String(t.prefetch.size));
      expect(Number(q('prefetch-threshold')!.getAttribute('data-value')), at).toBe(t.prefetch.threshold);
      // One bar of objects shipped a group listed (the latest 400 at most).
      expect(q('prefetch-shipped')!.querySelectorAll('rect').length, at).toBe(t.prefetch.groups.length);
      expect(t.prefetch.groups.length).toBeLessThanOrEqual(400);
      expect(q('prefetch-ratio')!.textContent, at).toBe(t.prefetch.ratio.toFixed(3));
      expect(q('prefetch-fetches')!.textContent, at).toBe(t.prefetch.fetches.toLocaleString());
      act(() => root!.unmount());
      root = null;
    }
  }, DRAW_ALL_MS);

  it('cuts the segment strip as the frame says: one cell an object, the chunk outlined, the requested one marked', () => {
    for (const f of [...t1, ...med]) {
      const s = read(f).segment;
      const { el, q } = mount(f);
      const at = `${f.nowNs / 1e9} s`;
      const cells = el.querySelectorAll('.pf-cell');
      expect(cells.length, at).toBe(s.objects.length);
      expect(el.querySelectorAll('.pf-cell[data-chunk="1"]').length, at).toBe(s.chunkTo - s.chunkFrom);
      expect(el.querySelectorAll('.pf-resident').length, at).toBe(s.resident.reduce((a, b) => a + b, 0));
      expect(cells[s.slot].getAttribute('data-state'), at).toBe('requested');
      expect(el.querySelectorAll('.pf-cell[data-state="requested"]').length, at).toBe(1);
      expect(q('segment-caption')!.textContent, at).toMatch(
        new RegExp(`^segment ${s.segment}, fetch ${s.fetch}(, [a-z ]+)?, k = ${s.k}: chunk ${s.chunkFrom}–${s.chunkTo - 1} \\(${s.chunkTo - s.chunkFrom} of ${s.objects.length} objects\\)$`),
      );
      // The legend's counts add up to the segment's objects.
      const counts = Array.from(q('segment-legend')!.querySelectorAll('span > b')).map((b) => Number(b.textContent));
      expect(counts.slice(0, s.stateNames.length).reduce((a, b) => a + b, 0), at).toBe(s.objects.length);
      act(() => root!.unmount());
      root = null;
    }
  }, DRAW_ALL_MS);

  it('shows the fetch in flight at 0.5 s: its k dashed on the line, its segment cut, the counters waiting for its group', () => {
    const t = read(t1[0]);
    const p = t.prefetch;
    expect(p.phase).toBe('group on the wire');
    const { q } = mount(t1[0]);
    expect(q('prefetch-status')!.textContent).toBe(`Fetch ${p.fetches}: object ${p.object}, k = ${p.k}: group on the wire.`);
    expect(Number(q('prefetch-k-flying')!.getAttribute('data-k'))).toBe(p.k);
    // The latest group listed is the fetch before the one in flight; the strip shows the one in flight.
    expect(p.groups[p.groups.length - 1].number).toBe(p.fetches - 1);
    expect(t.segment.fetch).toBe(p.fetches);
    expect(q('segment-caption')!.textContent).toContain(`fetch ${p.fetches}, group on the wire`);
    expect(q('prefetch-next')!.textContent).toContain('the group in flight arrives first');
    expect(nextRequest(p)).toBeNull();
    // fetch changes only at arrivals: the latest one's fetch := fetch/2 + N, undone.
    const last = p.groups[p.groups.length - 1];
    expect(q('prefetch-arrival')!.textContent).toContain(`fetch ${last.number}, N = ${last.shipped}): fetch = ${(2 * (p.fetch - last.shipped)).toFixed(2)}/2 + ${last.shipped} = ${p.fetch.toFixed(2)}`);
  });

  it('climbs from 20 by steps of 20 at most, and marks where k grew although the group before is mostly unused', () => {
    const p = read(t1[0]).prefetch;
    expect(p.groups[0]).toMatchObject({ number: 1, k: p.min });
    for (let i = 1; i < p.groups.length; i++) expect(Math.abs(p.groups[i].k - p.groups[i - 1].k)).toBeLessThanOrEqual(p.step);
    // The lag, counted here from the columns themselves.
    const lagged = p.groups.filter((g, i) => i > 0 && g.k > p.groups[i - 1].k && usedFraction(p.groups[i - 1]) < p.threshold).map((g) => g.number);
    expect(lagged.length).toBeGreaterThan(0);
    expect([...lagGroups(p)]).toEqual(lagged);
    const { el, q } = mount(t1[0]);
    expect(q('prefetch-lag')!.querySelectorAll('path').length).toBe(lagged.length);
    const listed = new Set(p.groups.slice(-ARRIVALS).map((g) => g.number));
    for (const g of p.groups.filter((g) => listed.has(g.number))) {
      expect(q(`prefetch-arrival-${g.number}`)!.querySelector('.pf-lagged') !== null, `fetch ${g.number}`).toBe(lagged.includes(g.number));
    }
    expect(el.querySelectorAll('.pf-arrivals .pf-lagged').length).toBe(lagged.filter((n) => listed.has(n)).length);
  });

  it('lists the latest groups newest first, each split into used and never used of those shipped', () => {
    const p = read(t1[1]).prefetch;
    const { el, q } = mount(t1[1]);
    const rows = Array.from(q('prefetch-arrivals')!.children);
    expect(rows.length).toBe(Math.min(ARRIVALS, p.groups.length));
    const newest = p.groups.slice(-ARRIVALS).reverse();
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(newest.map((g) => `prefetch-arrival-${g.number}`));
    newest.forEach((g, i) => {
      expect(rows[i].querySelector('.pf-arr-num')!.textContent).toBe(`${g.used}/${g.shipped} of k ${g.k}`);
      const width = (c: string) => parseFloat((rows[i].querySelector(c) as HTMLElement).style.width);
      expect(width('.pf-arr-used')).toBeCloseTo((100 * g.used) / Math.max(g.k, g.shipped), 6);
      expect(width('.pf-arr-unused')).toBeCloseTo((100 * (g.shipped - g.used)) / Math.max(g.k, g.shipped), 6);
    });
    expect(el.querySelector('[data-testid="prefetch-readout"]')!.textContent).toContain(`fetch ${newest[0].number}: k ${newest[0].k} asked, ${newest[0].shipped} shipped`);
  });

  it('at 11.9 s the walk is over: most of what T1 was shipped is used, k at its largest, and a miss would keep it there', () => {
    const p = read(t1[2]).prefetch;
    const shipped = p.groups.reduce((a, g) => a + g.shipped, 0);
    const used = p.groups.reduce((a, g) => a + g.used, 0);
    expect(used / shipped).toBeGreaterThan(0.9);
    expect(p.size).toBe(p.max);
    expect(p.phase).toBe('none');
    const { q } = mount(t1[2]);
    expect(q('prefetch-status')!.textContent).toMatch(/^No fetch in flight/);
    expect(q('prefetch-next')!.textContent).toBe(`a miss now would ask for ${p.max} objects (±0: use ÷ fetch ${p.ratio.toFixed(3)} ≥ ${p.threshold}, already the largest)`);
    expect(q('prefetch-k-flying')).toBeNull();
  });

  it('lists the medium run\'s latest 400 groups, numbered from the first one kept', () => {
    const p = read(med[0]).prefetch;
    expect(p.groups.length).toBe(400);
    expect(p.groups[0].number).toBe(p.fetches - 400);
    const { q } = mount(med[0]);
    expect(q('prefetch-chart')!.getAttribute('aria-label')).toContain(`fetches ${p.groups[0].number} to ${p.fetches}`);
  });
});

describe('picking in the prefetch view', () => {
  it('selects a group from its bar or from the chart by keyboard, and an object of the segment by click or keyboard', () => {
    const p = read(t1[1]).prefetch;
    const s = read(t1[1]).segment;
    const { el, picked, q } = mount(t1[1]);
    const latest = p.groups[p.groups.length - 1].number;
    act(() => q<HTMLButtonElement>(`prefetch-arrival-${latest - 2}`)!.querySelector('button')!.click());
    const chart = el.querySelector<HTMLElement>('.pf-chart')!;
    act(() => chart.focus());
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'Enter']) press(chart, key);
    act(() => void el.querySelectorAll<SVGGElement>('.pf-cell')[7].dispatchEvent(new MouseEvent('click', { bubbles: true })));
    const strip = el.querySelector<HTMLElement>('.pf-strip')!;
    act(() => strip.focus());
    for (const key of ['Home', 'ArrowRight', 'ArrowRight', 'Enter']) press(strip, key);
    expect(picked).toEqual([
      { kind: 'group', id: latest - 2 },
      { kind: 'group', id: latest - 1 },
      { kind: 'slot', id: 7 },
      { kind: 'slot', id: 2 },
    ]);
    expect(q('segment-readout')!.textContent).toBe(`slot 2: object ${s.objects[2]}, ${s.kinds[s.kind[2]]}, ${s.bytes[2]} B, ${s.stateNames[s.state[2]]}, not resident`);
  });

  it('outlines what is selected, and offers no picking where nothing inspects', () => {
    const p = read(t1[1]).prefetch;
    const n = p.groups[p.groups.length - 1].number;
    const { q } = mount(t1[1], { selected: { kind: 'group', id: n } });
    expect(q('prefetch-selected')).not.toBeNull();
    expect(q(`prefetch-arrival-${n}`)!.querySelector('.pf-sel')).not.toBeNull();
    act(() => root!.unmount());
    const { el, picked } = mount(t1[1], { inspectable: false, selected: { kind: 'slot', id: 3 } });
    expect(el.querySelector('[data-testid="segment-selected"]')).not.toBeNull();
    expect(el.querySelectorAll('.pf-arrivals button').length).toBe(0);
    act(() => void el.querySelectorAll<SVGGElement>('.pf-cell')[3].dispatchEvent(new MouseEvent('click', { bubbles: true })));
    press(el.querySelector('.pf-strip')!, 'Enter');
    expect(picked).toEqual([]);
    expect(el.textContent).not.toContain('inspect');
  });
});

describe('before anything has come back', () => {
  it('says how to start before the first frame', () => {
    const { el } = mount(null);
    expect(el.textContent).toContain(EMPTY_MESSAGE);
  });

  it('at 0 s the first request is on the wire with k = 20 and no segment is cut yet', async () => {
    const host = new LabHost();
    expect((await host.load(SCENARIO)).ok).toBe(true);
    const f = await host.frame(0);
    host.dispose();
    const t = read(f);
    expect(t.segment.segment).toBe(-1);
    expect(t.prefetch.groups.length).toBe(0);
    const { el, q } = mount(f);
    expect(q('segment-empty')!.textContent).toContain(`a group of ${t.prefetch.size} objects`);
    expect(el.querySelectorAll('.pf-cell').length).toBe(0);
    expect(q('prefetch-status')!.textContent).toBe(`Fetch 1: object ${t.prefetch.object}, k = ${t.prefetch.min}: request on the wire.`);
    expect(q('prefetch-readout')!.textContent).toBe('No group has arrived yet.');
    expect(el.textContent).not.toMatch(/NaN|undefined|Infinity/);
  });
});

describe('under a fixed k', () => {
  it('asks for 160 at every fetch and draws no counters, threshold or lag (thor-t1-small-k160, live)', async () => {
    const host = new LabHost();
    expect((await host.load(readScenario('thor-t1-small-k160.toml'))).ok).toBe(true);
    const f = await host.frame(0.5e9);
    host.dispose();
    const p = read(f).prefetch;
    expect(p.policy).toBe('fixed');
    expect(p.groups.length).toBeGreaterThan(0);
    expect(p.groups.every((g) => g.k === 160)).toBe(true);
    const { el, q } = mount(f);
    expect(el.querySelector('h3')!.textContent).toBe('Prefetching, fixed k = 160');
    expect(q('prefetch-counters')!.textContent).toContain('no counters');
    expect(q('prefetch-threshold')).toBeNull();
    expect(q('prefetch-ratio-mark')).toBeNull();
    expect(q('prefetch-lag')!.children.length).toBe(0);
    expect(Number(q('prefetch-k-line')!.getAttribute('data-last-k'))).toBe(160);
  });
});

describe('the prefetch view’s colours', () => {
  it('read at 3:1 on white as marks, and at 4.5:1 where they colour text', () => {
    for (const [name, c] of Object.entries(COLOURS)) expect(contrast(c, '#ffffff'), name).toBeGreaterThanOrEqual(3);
    for (const c of [COLOURS.threshold, COLOURS.ratio, COLOURS.lag, COLOURS.used, COLOURS.k]) expect(contrast(c, '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
    // Every state but "outside the chunk" (the segment's background; the chunk's outline sets it apart).
    for (const [name, c] of Object.entries(SLOT_PALETTE)) if (name !== 'outside the chunk') expect(contrast(c, '#ffffff'), name).toBeGreaterThanOrEqual(3);
    // The state names are the engine's.
    expect([...read(t1[0]).segment.stateNames].sort()).toEqual(Object.keys(SLOT_PALETTE).sort());
  });
});
