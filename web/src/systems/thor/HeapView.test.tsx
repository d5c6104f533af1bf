// @vitest-environment jsdom
// The FE heap view on frames recorded from the engine (fixtures/table3-thor-t1-medium.json: cold
// T1 on the medium database around its first collection: at 17.5 s from-space nearly full, at
// 18.0 s shrinking, at 18.3 s copying into to-space, at 19.5 s after the flip), replayed in order
// so the samples gathered are the run's up to each frame.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { contrast } from '../../views/lib/contrast';
import { EMPTY_SOURCE, frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { layOutJsdom } from '../../views/lib/jsdom';
import HeapView from './HeapView';
import { CHART_COLOURS } from './HeapChart';
import { addressAt, binAt, binLabel, collectionMeans, HEAP_KINDS, kindTotals, MARK, MB, meanUsedMb, stripLayout, thinSawtooth, type HeapSample } from './heapDraw';
import { thorFrame, type ThorFrame } from './thorFrame';
import recorded from './fixtures/table3-thor-t1-medium.json';

const WIDTH = 600;
let description: SystemDescription;
let frames: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests(readScenario('table3-thor-t1-medium.toml'));
  frames = (recorded as unknown[]).map(frameFromJson);
  layOutJsdom(WIDTH, 420);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const read = (i: number): ThorFrame => thorFrame(frames[i], description);
const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
/** Bytes of from-space in the bins: every kind but to-space. */
const fromBytes = (t: ThorFrame) => HEAP_KINDS.filter((k) => k.key !== 'toSpace').reduce((a, k) => a + sum(t.heap.bins[k.key]), 0);

/** A source that has published the recorded frames up to `i`, in order. */
function upTo(i: number): RecordedSource {
  const s = new RecordedSource(frames.slice(0, i + 1));
  s.playAll();
  return s;
}

function props(src: ViewProps['frames'], over: Partial<ViewProps> = {}): ViewProps {
  return { frames: src, selected: null, select: () => {}, inspectable: true, speed: 1e9, description, scenario: null, ...over };
}

/** The view mounted on `src`; returns its element. */
function mount(src: ViewProps['frames'], over: Partial<ViewProps> = {}): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(createElement(HeapView, props(src, over))));
  return el;
}
const q = (el: HTMLElement, id: string) => el.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const key = (target: Element, k: string) => act(() => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('the heap section of the recorded frames', () => {
  it('recorded the four moments: before, shrinking, copying, after the first collection', () => {
    expect(frames.map((f) => f.nowNs / 1e9)).toEqual([17.5, 18, 18.3, 19.5]);
    expect([0, 1, 2, 3].map((i) => read(i).heap.phase)).toEqual(['none', 'shrinking', 'copying', 'none']);
    const h = read(0).heap;
    expect(h.capacity).toBe(12 * MB);
    expect(h.bins.swizzled.length).toBe(480);
    expect(h.binBytes * 480).toBeCloseTo(h.capacity, 3);
  });

  it("puts from-space's bytes in the bins up to the free pointer, and to-space's after it", () => {
    frames.forEach((_, i) => {
      const t = read(i);
      expect(fromBytes(t), `frame ${i}`).toBeCloseTo(t.heap.used, 0);
      expect(sum(t.heap.bins.toSpace), `frame ${i}`).toBeCloseTo(t.heap.to, 0);
      // No bin holds more than a bin's bytes, and none past the free pointer (and to-space) any.
      const end = Math.ceil((t.heap.used + t.heap.to) / t.heap.binBytes);
      for (let b = 0; b < 480; b++) {
        const held = HEAP_KINDS.reduce((a, k) => a + t.heap.bins[k.key][b], 0);
        // Within a byte: a cell's bytes are split across bin edges a byte at least at a time.
        expect(held).toBeLessThanOrEqual(t.heap.binBytes + 1);
        if (b >= end) expect(held, `bin ${b} of frame ${i}`).toBe(0);
      }
    });
    // Shrinking leaves holes and empty surrogates where groups were; copying fills to-space.
    const [before, shrinking, copying, after] = [0, 1, 2, 3].map(read);
    expect(kindTotals(before.heap).hole).toBe(0);
    expect(kindTotals(shrinking.heap).hole).toBeGreaterThan(0);
    expect(kindTotals(shrinking.heap).surrogate).toBeGreaterThan(kindTotals(before.heap).surrogate);
    expect(copying.heap.to).toBeGreaterThan(0);
    const firstTo = copying.heap.bins.toSpace.findIndex((v) => v > 0);
    expect(firstTo).toBe(Math.floor(copying.heap.used / copying.heap.binBytes));
    expect(after.heap.used).toBeLessThan(before.heap.used / 2);
    expect(after.collections).toEqual([{ from: shrinking.heap.used, to: after.collections[0].to, shrunk: after.collections[0].shrunk, copied: after.collections[0].copied }]);
  });
});

describe('the strip geometry', () => {
  it('wraps 480 bins into 4 rows of 120 (3 MB a row), and finds a bin from a point', () => {
    const l = stripLayout(WIDTH, 480);
    expect([l.rows, l.perRow]).toEqual([4, 120]);
    expect(stripLayout(310, 480).binW).toBeCloseTo((310 - 2 * l.left) / 120, 9);
    const h = read(0).heap;
    // 3 MB is the start of the second row; 12 MB the end of the last.
    expect(addressAt(l, h.binBytes, 3 * MB)).toEqual({ row: 1, x: l.left });
    expect(addressAt(l, h.binBytes, 12 * MB).row).toBe(3);
    expect(addressAt(l, h.binBytes, 12 * MB).x).toBeCloseTo(l.left + 120 * l.binW, 6);
    const y = l.rowH + l.band + l.barH / 2;
    expect(binAt(l, 480, l.left + 5.5 * l.binW, y)).toBe(125);
    expect(binAt(l, 480, l.left + 5.5 * l.binW, l.rowH + 1)).toBe(-1);
    expect(binLabel(h, 125)).toMatch(/^bin 126 of 480: 3\.125–3\.150 MB; /);
  });
});

describe('the FE heap view on the recorded frames', () => {
  it('says where the collection is at each moment, with its figures from the frame', () => {
    const words = frames.map((_, i) => {
      const el = mount(upTo(i));
      const s = { phase: q(el, 'heap-phase').textContent!, from: q(el, 'heap-from').textContent!, gcs: q(el, 'heap-collections').textContent!, all: el.textContent! };
      act(() => root!.unmount());
      root = null;
      return s;
    });
    const t = [0, 1, 2, 3].map(read);
    expect(words[0].phase).toBe('No collection: each group arriving is appended at the free pointer');
    expect(words[0].gcs).toBe('collections 0');
    expect(words[1].phase).toMatch(/^Shrinking: the oldest prefetch groups into empty surrogates, [\d.]+ MB of holes so far$/);
    expect(words[1].gcs).toBe('collections 0 + 1 under way');
    expect(words[2].phase).toBe(`Copying: what the roots reach, into to-space, ${(t[2].heap.to / MB).toFixed(2)} MB so far`);
    expect(words[3].phase).toMatch(/^No collection: /);
    expect(words[3].gcs).toBe('collections 1');
    words.forEach((w, i) => {
      expect(w.from).toBe(`from-space ${(t[i].heap.used / MB).toFixed(2)} MB of 12.00 MB (${((100 * t[i].heap.used) / t[i].heap.capacity).toFixed(0)}%)`);
      expect(w.all).not.toMatch(/NaN|undefined|Infinity/);
    });
  });

  it('draws each kind of bytes as one path of the bins, and the free pointer, trigger and limit on the strip', () => {
    const el = mount(upTo(2)); // copying
    const h = read(2).heap;
    for (const k of HEAP_KINDS) {
      const path = q(el, `heap-kind-${k.key}`);
      expect(Number(path.dataset.bytes), k.key).toBe(Math.round(sum(h.bins[k.key])));
      // One rectangle a bin that holds some of it.
      const bins = Array.from(h.bins[k.key]).filter((v) => v > 0).length;
      expect((path.getAttribute('d')!.match(/M/g) ?? []).length, k.key).toBe(bins);
    }
    expect(Number(q(el, 'heap-kind-toSpace').dataset.bytes)).toBeGreaterThan(0);
    const l = stripLayout(WIDTH, 480);
    for (const [name, at] of [['used', h.used], ['trigger', h.trigger], ['limit', h.limit]] as const) {
      const mark = q(el, `heap-mark-${name}`);
      const want = addressAt(l, h.binBytes, at);
      expect(Number(mark.dataset.row), name).toBe(want.row);
      expect(Number(mark.dataset.x), name).toBeCloseTo(want.x, 0);
    }
    // From-space at 7.97 MB of 12, 3 MB a row: the free pointer in the third row.
    expect(q(el, 'heap-mark-used').dataset.row).toBe('2');
    const legend = q(el, 'heap-legend').textContent!;
    for (const k of HEAP_KINDS) expect(legend).toContain(k.label);
    expect(legend).toContain(`▲ free pointer ${(h.used / MB).toFixed(2)}`);
    expect(legend).toContain('MB; a bin is 25.6 KB');
    expect(q(el, 'heap-strip').getAttribute('aria-label')).toMatch(/^The 12\.00 MB arena in 480 bins of 25\.6 KB: from-space 7\.97 MB up to the free pointer \(.*\); to-space 1\.36 MB after it; trigger 7\.97 MB, limit 8\.00 MB/);
  });

  it('gives a bin its address range and bytes by kind on hover', () => {
    const el = mount(upTo(2));
    const svg = el.querySelector('[data-testid=heap-strip] svg')!;
    const l = stripLayout(WIDTH, 480);
    const h = read(2).heap;
    const bin = Math.floor(h.used / h.binBytes) + 1; // to-space, just past from-space
    const row = Math.floor(bin / l.perRow);
    const x = l.left + (bin - row * l.perRow + 0.5) * l.binW;
    act(() => svg.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: row * l.rowH + l.band + 5, bubbles: true })));
    const tip = q(el, 'heap-tip').textContent!;
    expect(tip).toBe(binLabel(h, bin));
    expect(tip).toMatch(new RegExp(`^bin ${bin + 1} of 480: [\\d.]+–[\\d.]+ MB; to-space 25\\.6 KB$`));
  });

  it('plots from-space over time: a sawtooth from the samples, its mean against the paper\'s 38%', () => {
    const src = upTo(3);
    const samples = src.series() as readonly HeapSample[];
    expect(samples.map((s) => s.t_s)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    const el = mount(src);
    const line = q(el, 'heap-chart-line');
    expect(Number(line.dataset.points)).toBe(19);
    // The sawtooth: up to the collection, then down past half.
    const mbs = samples.map((s) => s.heap_mb);
    const peak = Math.max(...mbs);
    expect(mbs[mbs.length - 1]).toBeLessThan(peak / 2);
    const mean = meanUsedMb(samples)!;
    expect(mean).toBeCloseTo(mbs.reduce((a, b) => a + b, 0) / mbs.length, 9);
    expect(Number(q(el, 'heap-chart-mean').dataset.mb)).toBeCloseTo(mean, 3);
    expect(Number(q(el, 'heap-chart-paper').dataset.mb)).toBeCloseTo(0.38 * 12, 3);
    expect(Number(q(el, 'heap-chart-trigger').dataset.mb)).toBeCloseTo(read(3).heap.trigger / MB, 3);
    expect(Number(q(el, 'heap-chart-cache').dataset.mb)).toBe(12);
    expect(q(el, 'heap-mean').textContent).toBe(` mean ${mean.toFixed(2)} MB (${((100 * mean) / 12).toFixed(0)}% of the cache)`);
    expect(q(el, 'heap-paper').textContent).toBe(' paper: 38% = 4.6 MB (T1 medium)');
    expect(el.querySelectorAll('.heap-chart-gc').length).toBe(1);
    const now = (read(3).heap.used / MB).toFixed(2).replace('.', '\\.');
    expect(q(el, 'heap-chart').getAttribute('aria-label')).toMatch(new RegExp(`^From-space \\(MB\\) over simulated time \\(s\\), 19 samples: now ${now} MB of the 12 MB cache; mean [\\d.]+ MB`));
    // The arrow keys move a cursor over the samples.
    key(q(el, 'heap-chart'), 'End');
    expect(el.querySelector('.heap-chart .sl-tooltip')!.textContent).toBe(`t = 19.00 s: from-space ${mbs[18].toFixed(2)} MB, 1 collections begun`);
  });

  it('thins a long series without losing the peaks and troughs', () => {
    const saw = Array.from({ length: 5000 }, (_, i) => ({ t_s: i, measuring: true, heap_mb: (i % 97) / 10, collections: Math.floor(i / 97) }));
    const thin = thinSawtooth(saw, 100);
    expect(thin.length).toBeLessThanOrEqual(400);
    expect(Math.max(...thin.map((s) => s.heap_mb))).toBe(9.6);
    expect(Math.min(...thin.map((s) => s.heap_mb))).toBe(0);
    expect(thin[thin.length - 1]).toBe(saw[saw.length - 1]);
  });

  it('lists the collections newest first, the one under way above, and their means against 7.7 and 1.4 MB', () => {
    let el = mount(upTo(2));
    const copying = read(2).heap;
    expect(q(el, 'heap-gc-current').textContent).toBe(`1${(copying.used / MB).toFixed(2)}${(copying.to / MB).toFixed(2)}copying, so far`);
    expect(q(el, 'heap-gc-means').textContent).toBe('mean——paper 7.7 → 1.4');
    act(() => root!.unmount());
    el = mount(upTo(3));
    const rows = read(3).collections;
    const r = rows[0];
    expect(q(el, 'heap-gc-1').textContent).toBe(`1${(r.from / MB).toFixed(2)}${(r.to / MB).toFixed(2)}${r.shrunk.toLocaleString()}${r.copied.toLocaleString()}`);
    expect(el.querySelector('[data-testid=heap-gc-current]')).toBeNull();
    const m = collectionMeans(rows, 12 * MB)!;
    expect(q(el, 'heap-gc-means').textContent).toBe(`mean of 1${(m.from / MB).toFixed(2)}${(m.to / MB).toFixed(2)}paper 7.7 → 1.4`);
    expect(q(el, 'heap-gc-used').textContent).toBe(
      `Cache used ≈ (from + to) ÷ 2 = ${((m.from + m.to) / 2 / MB).toFixed(2)} MB, ${(100 * m.used).toFixed(0)}% of the cache; the paper's is 38% (T1 medium: 7.7 MB and 1.4 MB of 12 MB).`,
    );
  });

  it('inspects the heap from the strip (click, Enter) and a collection from its row, only where there is an inspector', () => {
    const picked: (InspectTarget | null)[] = [];
    let el = mount(upTo(3), { select: (t) => picked.push(t) });
    const strip = q(el, 'heap-strip');
    act(() => strip.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    act(() => strip.focus());
    for (const k of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'Enter']) key(strip, k);
    // Bin 0, two right, a row down: bin 122.
    expect(strip.getAttribute('aria-label')).toContain(`: ${binLabel(read(3).heap, 122)}`);
    act(() => q(el, 'heap-gc-1').querySelector('button')!.click());
    expect(picked).toEqual([{ kind: 'heap' }, { kind: 'heap' }, { kind: 'collection', id: 1 }]);
    act(() => root!.unmount());

    const none: (InspectTarget | null)[] = [];
    el = mount(upTo(3), { select: (t) => none.push(t), inspectable: false });
    act(() => q(el, 'heap-strip').querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    key(q(el, 'heap-strip'), 'Enter');
    expect(q(el, 'heap-gc-1').querySelector('button')).toBeNull();
    expect(none).toEqual([]);
    expect(q(el, 'heap-legend').textContent).not.toContain('click');
  });

  it('marks what is selected: the heap edged, the collection row highlighted', () => {
    const el = mount(upTo(3), { selected: { kind: 'collection', id: 1 } });
    expect(q(el, 'heap-gc-1').className).toBe('heap-sel');
    expect(q(el, 'heap-gc-1').querySelector('button')!.getAttribute('aria-pressed')).toBe('true');
    act(() => root!.render(createElement(HeapView, props(upTo(3), { selected: { kind: 'heap' } }))));
    expect(el.querySelector('.heap-row rect')!.getAttribute('stroke')).toBe(MARK.focus);
  });

  it('waits for the first frame, then sizes the strip and the chart to their boxes', () => {
    expect(mount(EMPTY_SOURCE).textContent).toContain('Press Play');
    act(() => root!.unmount());
    const src = new RecordedSource(frames);
    const el = mount(src);
    expect(el.querySelector('[data-testid=heap-strip]')).toBeNull();
    act(() => void src.advance());
    expect(el.querySelector('[data-testid=heap-strip] svg')!.getAttribute('width')).toBe(String(WIDTH));
    expect(el.querySelector('[data-testid=heap-chart] svg')!.getAttribute('width')).toBe(String(WIDTH));
  });

  it('draws in colours that read on white: marks at 3:1, text at 4.5:1', () => {
    for (const k of HEAP_KINDS) expect(contrast(k.colour, '#ffffff'), k.key).toBeGreaterThanOrEqual(3);
    for (const c of [MARK.pointer, MARK.trigger, MARK.limit, CHART_COLOURS.line, CHART_COLOURS.mean, CHART_COLOURS.paper, CHART_COLOURS.cache]) {
      expect(contrast(c, '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
    }
    // The kinds that sit side by side in a bar tell apart from each other too.
    const solid = HEAP_KINDS.filter((k) => k.fill === 'solid').map((k) => k.colour);
    expect(new Set(solid).size).toBe(solid.length);
  });
});
