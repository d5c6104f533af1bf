// @vitest-environment jsdom
// The opportunistic log's system diagram, memory bar and charts, and the Inspector on it, on frames
// recorded from the engine (fixtures/oplog-pool.json: the opportunistic server at the Fig. 3 point
// at 2 s, 15 ms and 40 ms later), on live basic and page servers, and on hand-made samples.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import { LabHost } from '../../engine/host';
import type { Frame, SystemDescription } from '../../engine/types';
import type { FrameSource, InspectTarget, ViewProps } from '../../views/contract';
import OplogDiagram from './OplogDiagram';
import OplogMemory from './OplogMemory';
import OplogCharts, { OPLOG_CHARTS } from './OplogCharts';
import Inspector, { loadInspectorPart } from '../../views/Inspector';
import { EMPTY_MESSAGE } from '../../views/lib/hooks';
import { EMPTY_SOURCE, frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { clientStatus, oplogFrame, oplogNames, thinkProgress, type OplogSample } from './oplogFrame';
import { requestPhase } from '../../views/lib/disk';
import { clip, magnifiedWindow, memoryParts, MEMORY_COLOURS } from './oplogMemory';
import { clientGrid, diagramLayout, STATUS_STYLE, STATUSES } from './oplogDiagram';
import { formatValue, latestValue } from '../../views/lib/TimeChart';
import { contrast } from '../../views/lib/contrast';
import recorded from './fixtures/oplog-pool.json';
import { layOutJsdom } from '../../views/lib/jsdom';

const SCENARIO = readScenario('oplog-pool.toml');
let description: SystemDescription;
let frames: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadInspectorPart('oplog');
  await loadEngineForTests();
  description = describeForTests(SCENARIO);
  frames = recorded.map(frameFromJson);
  layOutJsdom();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function props(src: FrameSource, select: (t: InspectTarget | null) => void = () => {}, selected: InspectTarget | null = null): ViewProps {
  return { frames: src, selected, select, inspectable: true, speed: 1e9, description, scenario: { network: { latency_ms: 1 } } };
}

/** `View` mounted in the document on `list`'s frames, all published (a view that redraws at most
 * every so often shows the first one, then the last one once its timer has run). */
function mount(View: ComponentType<ViewProps>, list: Frame[], select?: (t: InspectTarget | null) => void, selected: InspectTarget | null = null): HTMLElement {
  const src = new RecordedSource(list);
  const el = document.createElement('div');
  document.body.appendChild(el);
  root = createRoot(el);
  act(() => root!.render(createElement(View, props(src, select, selected))));
  for (let k = 0; k < list.length; k++) act(() => src.advance());
  return el;
}

const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const num = (v: number) => Math.round(v).toLocaleString('en-US');

/** A live frame of the scenario with another server design, at `tNs`. */
async function live(design: string, tNs = 0.5e9): Promise<Frame> {
  const host = new LabHost();
  const loaded = await host.load(SCENARIO.replace('design = "opportunistic"', `design = "${design}"`), 1);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const f = await host.frame(tNs);
  host.dispose();
  return f;
}

/** A sample as metrics.rs's `Sample` serialises it. */
function sample(t: number, over: Partial<OplogSample> = {}): OplogSample {
  return {
    t_s: t,
    measuring: t > 10,
    throughput_tps: 200 + t,
    icost_ms: 4 + t / 100,
    disk_share: { fetch_read: 0.6, install_read: 0.15, write: 0.1 },
    pool_pages: 2900 + t,
    log_entries: 2950,
    dirty_pages: 31050,
    server_hit_ratio: 0.1,
    ...over,
  };
}
/** A frame that brings `series` (and nothing else the charts read). */
const seriesFrame = (series: OplogSample[], reset = false): Frame => ({ ...frames[1], reset, series });

describe('reading the frame', () => {
  it('names each client status and a thinking client\'s progress through its think time', () => {
    const f = oplogFrame(frames[2], description);
    const names = oplogNames(description);
    expect(clientStatus(f, names, 4)).toBe('fetching');
    expect(clientStatus(f, names, 25)).toBe('committing');
    expect(clientStatus(f, names, 0)).toBe('thinking');
    // Client 0 thinks since 1.866768527 s: at 2.040 s it is 173.2 ms into its 200 ms.
    expect(thinkProgress(f, names, 0, frames[2].nowNs)).toBeCloseTo((2_040_000_000 - 1_866_768_527) / 200e6, 9);
    expect(thinkProgress(f, names, 4, frames[2].nowNs)).toBe(0);
  });

  it('says which phase the active request is in', () => {
    const a = oplogFrame(frames[2], description).disk.active!;
    expect(a.op).toBe('fetch read');
    expect(requestPhase(a, frames[2].nowNs).phase).toBe('seek');
    expect(requestPhase(a, a.seekEnd + 1).phase).toBe('rotation');
    expect(requestPhase(a, a.rotationEnd).phase).toBe('transfer');
    expect(requestPhase(a, a.end)).toEqual({ phase: 'done', progress: 1 });
  });
});

describe('memory parts', () => {
  it('split the log and the cache so the counts add up to their sizes, as the engine counts them', () => {
    // At 2.015 s an installation read of one entry is in flight and 49 entries are free.
    const s = oplogFrame(frames[1], description).server;
    const m = memoryParts(s);
    expect(m.logPages + m.cache.size).toBe(s.memoryPages);
    expect(m.log!.segments.map((x) => [x.key, x.count])).toEqual([
      ['pending', 2950],
      ['fetchRead', 0],
      ['installRead', 1],
      ['free', 49],
    ]);
    expect(m.log!.segments.reduce((a, x) => a + x.count, 0)).toBe(s.logCapacity);
    expect(m.cache.segments.reduce((a, x) => a + x.count, 0)).toBe(s.cacheFrames);
    // IReadTrigger counts free entries and those behind installation reads: 49 + 1, not below 50.
    expect([m.log!.value, m.log!.threshold, m.log!.lineAt]).toEqual([50, 50, 2950]);
    expect([m.cache.value, m.cache.threshold, m.cache.lineAt]).toEqual([1000, 1000, 31050]);
  });

  it('magnify the end of a large part and clip its segments to it', () => {
    const m = memoryParts(oplogFrame(frames[1], description).server);
    expect(magnifiedWindow(m.log!)).toBe(200);
    expect(magnifiedWindow(m.cache)).toBe(4000);
    expect(clip(m.log!, 2800, 3000).map((c) => [c.seg.key, c.start, c.end])).toEqual([
      ['pending', 2800, 2950],
      ['installRead', 2950, 2951],
      ['free', 2951, 3000],
    ]);
    expect(magnifiedWindow({ ...m.log!, size: 52 })).toBe(0);
  });

  it('have no log for the basic server, whose transient entries the memory does not count', async () => {
    const f = await live('basic');
    const m = memoryParts(oplogFrame(f, description).server);
    expect(m.log).toBeNull();
    expect(m.cache.size).toBe(m.memoryPages);
    expect(m.transientEntries).toBe(f.sections.server.scalars.log_used);
  });
});

describe('diagram layout', () => {
  it('fits every client and keeps the parts apart at the lab\'s sizes', () => {
    for (const [w, h] of [
      [300, 240],
      [390, 320],
      [477, 240],
      [640, 300],
      [1000, 420],
    ]) {
      const L = diagramLayout(w, h, 50);
      const g = clientGrid(50, L.clients.w, L.clients.h);
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(50);
      expect(g.cols * g.size).toBeLessThanOrEqual(L.clients.w);
      expect(g.rows * g.size).toBeLessThanOrEqual(L.clients.h + 1);
      const { clients: C, server: S, disk: D } = L;
      if (L.stacked) expect(C.y + C.h).toBeLessThan(S.y);
      else expect(C.x + C.w).toBeLessThan(S.x);
      expect(S.x + S.w).toBeLessThan(D.x);
      expect(D.x + D.w).toBeLessThanOrEqual(L.W);
      expect(D.w).toBeGreaterThanOrEqual(100);
    }
    expect(diagramLayout(390, 320, 50).stacked).toBe(true);
    expect(diagramLayout(477, 240, 50).stacked).toBe(false);
  });
});

describe('OplogDiagram', () => {
  it('shows the empty state before the first frame', () => {
    expect(renderToString(createElement(OplogDiagram, props(EMPTY_SOURCE)))).toContain(EMPTY_MESSAGE);
  });

  it('draws every client in its state, the server\'s numbers and the disk with its queue', () => {
    const el = mount(OplogDiagram, [frames[2]]);
    const f = oplogFrame(frames[2], description);
    const names = oplogNames(description);
    const tiles = el.querySelectorAll('[data-client]');
    expect(tiles.length).toBe(50);
    for (const s of STATUSES) {
      const n = Array.from({ length: 50 }, (_, i) => clientStatus(f, names, i)).filter((x) => x === s).length;
      expect(text(el.querySelector(`[data-testid=count-${s}]`))).toBe(`${s} ${n}`);
      expect(el.querySelectorAll(`[data-status=${s}]`).length).toBe(n);
    }
    expect(tiles[4].getAttribute('aria-label')).toBe(`client 4: fetching, for ${((2_040_000_000 - 2_029_280_000) / 1e6).toFixed(1)} ms, page 196369`);
    expect(text(el.querySelector('[data-testid=server-log]'))).toBe('2,952 / 3,000');
    expect(text(el.querySelector('[data-testid=server-pool]'))).toBe('2,938');
    expect(text(el.querySelector('[data-testid=server-cache]'))).toBe('31,050 / 32,050');
    expect(text(el.querySelector('[data-testid=cpu-backlog]'))).toBe('0.00 ms');
    expect(text(el.querySelector('[data-testid=disk-head]'))).toBe(`cyl. ${num(f.disk.headCylinder)}`);
    expect(text(el.querySelector('[data-testid=disk-active]'))).toBe('fetch read');
    expect(text(el.querySelector('[data-testid=disk-active-page]'))).toBe('page 196369');
    expect(text(el.querySelector('[data-testid=disk-queue]'))).toBe('FIFO queue: 4');
    expect(Array.from(el.querySelectorAll('.oplog-queue [data-op]')).map((q) => q.getAttribute('data-op'))).toEqual([
      'fetch read',
      'fetch read',
      'installation read',
      'installation read',
    ]);
    expect(text(el)).toContain('1 ms');
  });

  it('selects a client by click and by keyboard (one tab stop, the arrows move), and the disk', () => {
    const picked: (InspectTarget | null)[] = [];
    const el = mount(OplogDiagram, frames, (t) => picked.push(t));
    const tiles = Array.from(el.querySelectorAll<SVGGElement>('[data-client]'));
    expect(tiles.filter((t) => t.getAttribute('tabindex') === '0').length).toBe(1);
    act(() => tiles[7].dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(picked.pop()).toEqual({ kind: 'client', id: 7 });
    act(() => tiles[0].focus());
    const press = (key: string) => act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    press('ArrowRight');
    press('ArrowDown');
    expect(document.activeElement?.getAttribute('data-client')).not.toBe('0');
    const at = Number(document.activeElement?.getAttribute('data-client'));
    press('Enter');
    expect(picked.pop()).toEqual({ kind: 'client', id: at });
    expect(at).toBeGreaterThan(1);
    act(() => el.querySelector<HTMLButtonElement>('[data-testid=disk]')!.click());
    expect(picked.pop()).toEqual({ kind: 'disk' });
  });

  it('marks the selected client', () => {
    const el = mount(OplogDiagram, frames, undefined, { kind: 'client', id: 9 });
    expect(el.querySelector('[data-client="9"] rect')!.getAttribute('stroke')).toBe('#111');
    expect(el.querySelector('[data-client="9"]')!.getAttribute('tabindex')).toBe('0');
  });
});

describe('OplogMemory', () => {
  it('shows the empty state before the first frame', () => {
    expect(renderToString(createElement(OplogMemory, props(EMPTY_SOURCE)))).toContain(EMPTY_MESSAGE);
  });

  it('gives every count with its unit and both triggers, as the frame has them', () => {
    const el = mount(OplogMemory, [frames[2]]);
    const m = memoryParts(oplogFrame(frames[2], description).server);
    expect(text(el.querySelector('[data-testid=memory-total]'))).toBe('33,550 pages, opportunistic server');
    for (const part of [m.log!, m.cache]) {
      const table = el.querySelector(`[data-testid=memory-table-${part.unit}]`)!;
      for (const s of part.segments) expect(text(table.querySelector(`[data-segment=${s.key}] td`))).toBe(num(s.count));
      expect(text(table.querySelector('caption'))).toContain(`${num(part.size)} ${part.unit}`);
    }
    // Issue 24, item 9: the count now, term by term, not the threshold again ("now 50" while 46
    // entries were free: the trigger counts the entries being read too).
    const log = m.log!;
    const free = log.segments.find((s) => s.key === 'free')!.count;
    const reading = log.segments.find((s) => s.key === 'installRead')!.count;
    expect(text(el.querySelector('[data-testid=trigger-IReadTrigger]'))).toBe(
      `IReadTrigger < 50: free + being read = ${num(free)} + ${num(reading)} = ${num(free + reading)}`,
    );
    expect(free + reading).toBe(log.value);
    const clean = m.cache.segments.find((s) => s.key === 'clean')!.count;
    const writing = m.cache.segments.find((s) => s.key === 'writing')!.count;
    expect(text(el.querySelector('[data-testid=trigger-WriteTrigger]'))).toBe(
      `WriteTrigger < 1,000: clean + being written = ${num(clean)} + ${num(writing)} = ${num(clean + writing)}`,
    );
    expect(el.querySelector('[data-testid=memory-no-log]')).toBeNull();
  });

  it('shows a tooltip on a segment by pointer and by keyboard focus', () => {
    const el = mount(OplogMemory, frames);
    const seg = el.querySelector<SVGRectElement>('[data-testid=memory-entries] rect[data-segment=pending]')!;
    expect(seg.getAttribute('tabindex')).toBe('0');
    act(() => seg.dispatchEvent(new FocusEvent('focus')));
    act(() => seg.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(text(el.querySelector('[role=tooltip]'))).toBe('pending (waiting for an installation read): 2,950 entries98.3% of the log');
    act(() => seg.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    act(() => seg.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 20, clientY: 90 })));
    expect(el.querySelector('[role=tooltip]')).not.toBeNull();
    act(() => seg.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })));
    expect(el.querySelector('[role=tooltip]')).toBeNull();
  });

  for (const design of ['page', 'basic']) {
    it(`says the whole memory is cache for the ${design} server`, async () => {
      const f = await live(design);
      const el = mount(OplogMemory, [f]);
      expect(text(el.querySelector('[data-testid=memory-no-log]'))).toMatch(/^This design keeps no bounded log: all 33,550 pages of memory are cache\./);
      expect(el.querySelector('[data-testid=memory-entries]')).toBeNull();
      expect(el.querySelector('[data-testid=trigger-WriteTrigger]')).not.toBeNull();
      expect(text(el.querySelector('[data-testid=memory-table-frames] caption'))).toBe('Cache, 33,550 frames');
    });
  }
});

describe('OplogCharts', () => {
  it('shows the empty state before the first frame, then waits for the first sample', () => {
    expect(renderToString(createElement(OplogCharts, props(EMPTY_SOURCE)))).toContain(EMPTY_MESSAGE);
    const el = mount(OplogCharts, [seriesFrame([], true)]);
    expect(text(el)).toContain('Waiting for the first sample');
    expect(text(el.querySelector('[data-testid=sample-count]'))).toBe('samples 0');
  });

  it('draws the four charts from the recorded samples, each with its latest values', () => {
    const el = mount(OplogCharts, frames);
    const s = frames[0].series[1] as OplogSample;
    expect(el.querySelectorAll('[data-chart]').length).toBe(4);
    expect(text(el.querySelector('[data-testid=latest-throughput]'))).toBe(`· latest ${formatValue(s.throughput_tps, 0)}`);
    expect(text(el.querySelector('[data-testid=latest-icost]'))).toBe(`· latest ${formatValue(s.icost_ms!, 2)}`);
    expect(text(el.querySelector('[data-testid=latest-pool-0]'))).toBe(`pending pages (the pool) ${num(s.pool_pages)}`);
    expect(text(el.querySelector('[data-testid=latest-disk-1]'))).toBe(`installation read ${formatValue(100 * s.disk_share.install_read, 1)}`);
    for (const c of el.querySelectorAll('[data-chart]')) {
      expect(text(c)).toContain('simulated time (s)');
      expect(c.getAttribute('tabindex')).toBe('0');
    }
  });

  it('leaves a gap where no installation read completed, shades the warm-up and clears on reset', async () => {
    const series = [sample(2), sample(4), sample(6, { icost_ms: null }), sample(8, { icost_ms: null }), sample(12), sample(14), sample(16, { icost_ms: null })];
    const src = new RecordedSource([seriesFrame(series, true), seriesFrame([], true)]);
    const el = document.createElement('div');
    document.body.appendChild(el);
    root = createRoot(el);
    act(() => root!.render(createElement(OplogCharts, props(src))));
    act(() => src.advance());
    const icost = el.querySelector('[data-chart=icost]')!;
    // Two runs of values: two moves of the pen.
    const d = icost.querySelector('path[stroke]')!.getAttribute('d')!;
    expect(d.match(/M/g)!.length).toBe(2);
    // The latest value is the last one the series has, from 14 s.
    expect(latestValue(series, OPLOG_CHARTS[1].lines[0])).toEqual({ v: 4.14, t: 14 });
    expect(text(el.querySelector('[data-testid=latest-icost]'))).toBe('· latest 4.14');
    // Warm-up: up to the end of the last unmeasured sample, 8 s of 0 … 16 s.
    const warm = el.querySelector('[data-chart=throughput] rect[fill="#e9e9e9"]')!;
    expect(Number(warm.getAttribute('width'))).toBeCloseTo((8 / 16) * (300 - 48 - 12), 5);
    // Disk shares stack to 100% with the idle time.
    expect(text(el.querySelector('[data-testid=latest-disk-3]'))).toBe('idle 15.0');
    // The reset: the charts redraw at most every 250 ms.
    act(() => src.advance());
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(text(el.querySelector('[data-testid=sample-count]'))).toBe('samples 0');
  });

  it('moves a cursor with the arrow keys and tells the values in a tooltip', () => {
    const src = new RecordedSource([seriesFrame([sample(1), sample(2), sample(3, { icost_ms: null })], true)]);
    const el = document.createElement('div');
    document.body.appendChild(el);
    root = createRoot(el);
    act(() => root!.render(createElement(OplogCharts, props(src))));
    act(() => src.advance());
    const chart = el.querySelector<HTMLElement>('[data-chart=icost]')!;
    act(() => chart.focus());
    expect(text(chart.querySelector('[role=status]'))).toBe('t = 3.00 s (warm-up)mean seek + rotation + transfer per installation read: none');
    act(() => chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(text(chart.querySelector('[role=status]'))).toBe('t = 2.00 s (warm-up)mean seek + rotation + transfer per installation read: 4.02 ms');
    act(() => chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(chart.querySelector('[role=status]')).toBeNull();
  });
});

describe('the Inspector on the opportunistic log', () => {
  const inspect = (t: InspectTarget, i = 2) => text(mount(Inspector, [frames[i]], undefined, t));

  it('says what there is to inspect before anything is picked', () => {
    expect(inspect(null as unknown as InspectTarget)).toContain('Click something to see its full state: a client or the disk in the system diagram, a pending page');
  });

  it('shows a client: its state, since when, its page and its progress', () => {
    expect(inspect({ kind: 'client', id: 4 })).toContain('fetching: waiting for its fetch reply');
    expect(inspect({ kind: 'client', id: 4 })).toContain('its page at the disk fetch read, being served: seek');
    const thinking = inspect({ kind: 'client', id: 0 });
    expect(thinking).toContain('thinking: computing, for its think time');
    expect(thinking).toContain('173.2 of 200 ms');
    expect(thinking).toContain('page243806');
    expect(inspect({ kind: 'client', id: 99 })).toContain('No client 99 in this run.');
  });

  it('shows a page: pending with its entries and age, its place, its reads, the choice of it', () => {
    const f = oplogFrame(frames[2], description);
    const p = f.pool.page[2];
    const pending = inspect({ kind: 'page', id: p });
    expect(pending).toContain(`pending: 1 entry, the oldest committed at 0.612 s (${((2.04e9 - 612_070_000) / 1e6).toFixed(1)} ms ago)`);
    expect(pending).toContain(`cylinder ${f.pool.cylinder[2]} of 1962, slot ${f.pool.slot[2]} of 9`);
    expect(pending).toContain('not cached (a page with pending entries never is)');
    // Page 272696's installation read is queued third; page 154611 was chosen at 1.768584285 s.
    expect(inspect({ kind: 'page', id: 272696 })).toContain('installation read, queued at position 3 of 4');
    expect(inspect({ kind: 'page', id: 272696 })).toContain('its entries, if any, are installed when its installation read completes');
    expect(inspect({ kind: 'page', id: 154611 })).toContain('installation read chosen at 1.769 s from 2,939 candidates, positioning 3.33 ms');
    expect(inspect({ kind: 'page', id: 196369 })).toContain('client 4 (fetching)');
    expect(inspect({ kind: 'page', id: 1 })).toMatch(/\d+ dirty pages? awaiting write-back at its place/);
  });

  it('shows the disk: head, active request with its phases, and the FIFO queue', () => {
    const d = inspect({ kind: 'disk' });
    expect(d).toContain('cylinder 1022.10 of 1962');
    expect(d).toContain('fetch read of page 196369');
    expect(d).toContain('seek (');
    expect(d).toContain('cylinder 337 → 1148');
    expect(d).toContain('FIFO queue: 4 requests, first served first');
    expect(d).toContain('installation read of page 272520');
  });

  it('shows a row of the event log as any system\'s', () => {
    const txn = description.records.find((r) => r.name === 'txn_end')!;
    expect(inspect({ kind: 'record', index: 3, t: 2.01e9, recordKind: txn.id, entity: 7, a: 1234, b: 0, c: 0 })).toContain('client 7 committed page 1234');
  });

  it('shows a request by its kind: active, queued, or done', () => {
    const op = (name: string) => oplogNames(description).op.indexOf(name);
    expect(inspect({ kind: 'request', page: 196369, requestKind: op('fetch read'), start: -1 })).toContain('seek (');
    expect(inspect({ kind: 'request', page: 272520, requestKind: op('installation read'), start: -1 })).toContain('queued at position 4 of 4');
    expect(inspect({ kind: 'request', page: 57726, requestKind: op('installation read'), start: -1 })).toContain('has completed');
    expect(renderToString(createElement(Inspector, props(EMPTY_SOURCE, undefined, { kind: 'request', page: 5, requestKind: op('page write'), start: -1 })))).toContain(
      'page write of page 5',
    );
  });
});

describe('colours', () => {
  it('text reads at 4.5:1 or more where the views put it', () => {
    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'oplog.css'), 'utf8');
    // Every text colour the stylesheet sets, on white and on the server box's grey.
    const long = (c: string) => (c.length === 4 ? `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}` : c);
    const colours = [...css.matchAll(/(?:^|[^-])(?:color|fill):\s*(#[0-9a-f]{6}|#[0-9a-f]{3})\b/g)].map((m) => long(m[1]));
    expect(colours.length).toBeGreaterThan(10);
    for (const c of colours) for (const bg of ['#ffffff', '#fafafa']) expect(contrast(c, bg), `${c} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    // The client tiles' numbers (#111) on each state's fill and on the think-time fill.
    for (const s of STATUSES) expect(contrast('#111111', STATUS_STYLE[s].fill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#111111', '#a5d6a7')).toBeGreaterThanOrEqual(4.5);
    // Segments are told apart from the bar's empty part (WCAG 1.4.11: 3:1 for the outline).
    expect(contrast('#666666', MEMORY_COLOURS.free)).toBeGreaterThanOrEqual(3);
  });
});
