// @vitest-environment jsdom
// The shared MOB view on Thor's frames (systems/thor/fixtures/thor-t2b-small-mcache.json: cold T2b
// with a 0.4 MB mcache; at 10.5 s its flusher is mid-pass, writing; at 11.2 s it is idle): the
// OR's mcache in Thor's words, from the same sections the MOB system fills, with no `cache` or
// `database` section and no insertion records.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests, readScenario } from '../../../engine/testing';
import type { Frame, SystemDescription } from '../../../engine/types';
import type { InspectTarget, ViewProps } from '../../contract';
import { frameFromJson, RecordedSource } from '../recorded';
import { layOutJsdom } from '../jsdom';
import Inspector, { loadInspectorPart } from '../../Inspector';
import recorded from '../../../systems/thor/fixtures/thor-t2b-small-mcache.json';
import MobView from './MobView';
import { bufferFrame } from './bufferFrame';
import { layoutMob } from './mob';
import { B_Y, batchCellWidth, ML, MR, S1_Y } from './mobDraw';
import { PageAreas } from './pages';

const WIDTH = 900;
let description: SystemDescription;
let frames: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadEngineForTests();
  await loadInspectorPart('thor');
  description = describeForTests(readScenario('thor-t2b-small-mcache.toml'));
  frames = (recorded as unknown[]).map(frameFromJson);
  layOutJsdom(WIDTH, 420);
  // jsdom has no canvas: the view lays the strips out and skips the painting (mobDraw's, which
  // the MOB system's tests and the e2e screenshot cover).
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function props(frame: Frame, selected: InspectTarget | null = null): ViewProps {
  const src = new RecordedSource([frame]);
  src.playAll();
  return { frames: src, selected, select: () => {}, inspectable: true, speed: 1e9, description, scenario: null };
}

function mount(view: typeof MobView, p: ViewProps): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(createElement(view, p)));
  return el;
}

describe("the MOB view on Thor's mcache", () => {
  it('reads the sections Thor fills: a pass under way, in address order, every chunk an atomic part', () => {
    const b = bufferFrame(frames[0], description);
    expect(b.names.area).toEqual(['atomic part']);
    expect(b.flusher.state).toBe('writing');
    expect(b.flusher.batch.length).toBeGreaterThan(10);
    expect(Array.from(b.flusher.batch).every((p, i, a) => i === 0 || a[i - 1] < p)).toBe(true);
    expect(b.flusher.page).toBe(b.flusher.batch[b.flusher.position]);
    expect(b.flusher.passes).toBe(0);
    expect(b.mob.chunkPage.length).toBeGreaterThan(0);
    expect(b.mob.chunkArea.every((a) => a === 0)).toBe(true);
    expect(b.mob.usedBytes).toBeGreaterThan(b.mob.trigger * b.mob.capacityBytes * 0.8);
    expect([b.mob.trigger, b.mob.scanFrac]).toEqual([0.9, 0.1]);
    const idle = bufferFrame(frames[1], description);
    expect([idle.flusher.state, idle.flusher.batch.length, idle.flusher.passes]).toEqual(['idle', 0, 1]);
    expect(idle.flusher.pagesWritten).toBeGreaterThan(b.flusher.pagesWritten);
  });

  it('learns each segment of the pass from the chunks, with no insertion records', () => {
    const areas = new PageAreas();
    areas.learn(frames[0], null);
    const b = bufferFrame(frames[0], description);
    // Per-batch release: the pass's segments keep their chunks until it ends.
    for (const p of b.flusher.batch) expect(areas.get(p)).toBe(0);
    const layout = layoutMob(b.mob);
    expect(layout.liveChunks).toBeGreaterThan(0);
    expect(layout.scanEnd).toBeGreaterThanOrEqual(b.mob.scanFrac * b.mob.capacityBytes);
  });

  it("says mcache and segment, with Thor's trigger and scan window, and no MOB-system note", () => {
    const el = mount(MobView, props(frames[0]));
    const text = el.textContent!;
    const b = bufferFrame(frames[0], description);
    expect(el.querySelector('h3')!.textContent).toBe("The OR's mcache");
    expect(text).toContain('90% trigger');
    expect(text).toContain('shaded: the flusher\'s scan window (oldest 10%');
    expect(text).toContain(`Flusher pass 1: ${b.flusher.batch.length} segments in disk-address order; segment ${b.flusher.page} modified and being written`);
    expect(text).toContain('atomic part modifications');
    expect(text).toContain("segments of the flusher's pass");
    expect(text).toMatch(/\/ segment write \([\d,]+ writes\)/);
    expect(text).not.toMatch(/FREEMOB|\bpage\b|\bMOB\b/);
    expect(el.querySelector('canvas')!.getAttribute('aria-label')).toMatch(/^mcache scan list: .* coloured by the kind of object modified, with the 90% trigger line/);
    act(() => root!.unmount());
    root = null;
    const idle = mount(MobView, props(frames[1]));
    expect(idle.textContent).toContain('Flusher idle (1 passes); it starts when the mcache reaches 90%');
  });

  it('names the segment and its place in the pass when the pointer is over the batch', () => {
    const el = mount(MobView, props(frames[0]));
    const b = bufferFrame(frames[0], description);
    const cw = batchCellWidth(WIDTH - ML - MR, b.flusher.batch.length);
    const canvas = el.querySelector('canvas')!;
    act(() => {
      canvas.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: ML + 2.5 * cw, clientY: B_Y + 5 }));
    });
    const tip = el.querySelector('.sl-tooltip')!.textContent!;
    expect(tip).toContain(`segment ${b.flusher.batch[2]}`);
    expect(tip).toContain(`in the flusher's pass at position 3 of ${b.flusher.batch.length}`);
    act(() => {
      canvas.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: ML + 1, clientY: S1_Y + 10 }));
    });
    expect(el.querySelector('.sl-tooltip')!.textContent).toMatch(/^segment \d+, atomic partchunk at log index \d+/);
  });

  it("Thor's inspector shows a chunk, a segment's chunks and the flusher", () => {
    const b = bufferFrame(frames[0], description);
    const chunk: InspectTarget = { kind: 'chunk', logIndex: b.mob.chunkLogIndex[0], page: b.mob.chunkPage[0] };
    const cases: [InspectTarget, string][] = [
      [chunk, 'live modifications'],
      [{ kind: 'page', id: b.flusher.page }, 'pending modifications in the mcache'],
      [{ kind: 'flusher' }, 'current pass at'],
    ];
    for (const [sel, expected] of cases) {
      const el = mount(Inspector as typeof MobView, props(frames[0], sel));
      expect(el.textContent).toContain(expected);
      act(() => root!.unmount());
      root = null;
    }
  });
});
