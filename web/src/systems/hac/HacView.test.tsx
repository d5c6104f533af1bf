// @vitest-environment jsdom
// The HAC view on frames recorded from the engine (fixtures/hac-compaction.json: cold T1 through
// 64 frames at its 80th compaction: as the fetch is sent, part way through, once it is over, and
// 10 ms later), a baseline policy run live, and the frame grid by keyboard.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import { LabHost } from '../../engine/host';
import type { Frame, SystemDescription } from '../../engine/types';
import type { FrameSource, InspectTarget, ViewProps } from '../../views/contract';
import HacView, { frameLabel, objectLabel } from './HacView';
import Inspector, { loadInspectorPart } from '../../views/Inspector';
import { frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { hacFrame, objectRow, type HacFrame } from './hacFrame';
import { canvasLayout, gridCaption, laneFrames } from './hacDraw';
import { stepEffects } from './hacSteps';
import recorded from './fixtures/hac-compaction.json';
import { layOutJsdom } from '../../views/lib/jsdom';

const SCENARIO = readScenario('hac-compaction.toml');
let description: SystemDescription;
/** As the fetch is sent (no step done), part way through, once it is over, 10 ms later. */
let frames: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadInspectorPart('hac');
  await loadEngineForTests();
  description = describeForTests(SCENARIO);
  frames = recorded.map(frameFromJson);
  layOutJsdom();
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function props(src: FrameSource, select: (t: InspectTarget | null) => void = () => {}, selected: InspectTarget | null = null): ViewProps {
  return { frames: src, selected, select, inspectable: true, speed: 1e6, description, scenario: null };
}
/** `View` rendered on frame `f`, without React's text separators. */
function text(View: typeof HacView, f: Frame, selected: InspectTarget | null = null): string {
  const src = new RecordedSource([f]);
  src.advance();
  return renderToString(createElement(View, props(src, undefined, selected))).replaceAll('<!-- -->', '');
}
const read = (i: number): HacFrame => hacFrame(frames[i], description);
const kindOf = (h: HacFrame, i: number) => h.names.stepKind[h.replacement.kind[i]];

describe('the HAC view on recorded frames (hac-compaction)', () => {
  it('reads every section: 64 frames, all with their objects, three scan pointers', () => {
    const h = read(0);
    expect(h.client.policy).toBe('hac');
    expect(h.client.frames).toBe(64);
    expect(Array.from(h.client.detail).every((d) => d === 1)).toBe(true);
    expect(h.objects.first[64]).toBe(h.objects.object.length);
    expect(Array.from(h.pointers.primary)).toEqual([1, 0, 0]);
    expect(h.replacement.step).toBe(-1);
    expect(laneFrames(h, -1, 3)[0].role).toBe('next victim');
  });

  it('compacts step by step: a victim, its objects moved to the target, a frame freed', () => {
    const [mid, over] = [read(1), read(2)];
    expect(mid.replacement.victim).toBeGreaterThanOrEqual(0);
    expect(laneFrames(mid, -1, 3)[0]).toEqual({ frame: mid.replacement.victim, role: 'victim' });
    const r = over.replacement;
    expect(r.step).toBe(r.kind.length - 1);
    const freed = r.stepFrame[Array.from(r.kind.keys()).filter((i) => kindOf(over, i) === 'frame freed').pop()!];
    expect(over.names.frameKind[over.client.kind[freed]]).toBe('free');
    let moves = 0;
    for (let i = 0; i <= r.step; i++) {
      if (kindOf(over, i) !== 'move') continue;
      const row = objectRow(over.objects, r.to[i], r.object[i]);
      expect(over.objects.offset[row], `object ${r.object[i]}`).toBe(r.offset[i]);
      moves++;
    }
    expect(moves).toBeGreaterThan(0);
    // The newest steps done between the two frames start where the first one had the objects:
    // where the steps say the objects were (`from_offset`).
    const fx = stepEffects(mid, over, 0);
    expect(fx).toHaveLength(12);
    for (const e of fx) expect(mid.objects.offset[objectRow(mid.objects, e.from.frame, e.object)]).toBe(e.from.offset);
  });

  it('renders every recorded frame with its figures, steps and candidates, in units', () => {
    frames.forEach((f, i) => {
      const s = text(HacView, f);
      expect(s, `frame ${i}`).toMatch(/<b>64<\/b> frames × 8\.0 KB/);
      expect(s).toMatch(/table <b>[\d.]+ KB<\/b> \([\d.]+% of the frames\)/);
      expect(s).toContain('Background replacement (§3.3)');
      expect(s).toContain('Candidates, next victim first');
      expect(s).not.toMatch(/NaN|undefined/);
    });
    expect(text(HacView, frames[0])).toContain('none done yet');
    const mid = read(1);
    expect(text(HacView, frames[1])).toContain(`compacting frame ${mid.replacement.victim} at T ${mid.replacement.threshold}`);
    expect(text(HacView, frames[1])).toContain(`victim&#x27;s T = ${mid.replacement.threshold}`);
    expect(text(HacView, frames[2])).toMatch(/class="hac-callout"[^>]*>frame \d+ freed/);
  });

  it('inspects the target frame: its kind, usage, objects and their 4 usage bits', () => {
    const h = read(2);
    const s = text(Inspector, frames[2], { kind: 'frame', id: h.client.target });
    expect(s).toContain('compaction target');
    expect(s).toMatch(/T \d+, H \d\.\d\d \(R = 0\.67\)/);
    expect(s).toMatch(/<td>[01]{4} = \d+<\/td>/);
  });

  it('inspects a record of the event log, and offers HAC\'s things (not the MOB\'s) before anything is picked', () => {
    const fetch = description.records.findIndex((r) => r.name === 'fetch');
    const record = { kind: 'record' as const, index: 0, t: 1.4e9, recordKind: fetch, entity: 3441, a: 415836, b: 0, c: 0 };
    expect(text(Inspector, frames[0], record)).toContain('page 3441');
    const empty = text(Inspector, frames[0]);
    expect(empty).toContain('a frame or an object in the client cache');
    expect(empty).not.toContain('Inspect the flusher');
    expect(empty).toContain('Inspect the server&#x27;s disk');
  });

  it("inspects the server's disk, as every system's disk shows (the disk component's sections)", () => {
    const s = text(Inspector, frames[0], { kind: 'disk' });
    const d = frames[0].sections.disk.columns;
    expect(s).toContain(`cylinder ${d.head_cylinder[0].toFixed(2)} of ${d.cylinders[0]}`);
    expect(s).toContain('platter angle');
    expect(s).toMatch(/FIFO queue: (empty|\d+ requests?, first served first)/);
  });

  it("draws FPC's, QuickStore's and GOM's own caches, whole pages, and says what they lack (issue 24, item 4)", async () => {
    const run = async (policy: string, tNs = 50e6) => {
      const host = new LabHost();
      expect((await host.load(SCENARIO.replace('policy = "hac"', `policy = "${policy}"`), 1)).ok).toBe(true);
      const f = await host.frame(tNs);
      host.dispose();
      return f;
    };
    const f = await run('fpc');
    const s = text(HacView, f);
    expect(s).toContain('<h3 class="sl-title">Client cache (FPC)</h3>');
    expect(s).toContain('<canvas');
    expect(s).toContain('Each bar is a frame holding one page');
    const fpc = hacFrame(f, description);
    const intact = Array.from(fpc.client.kind).filter((k) => fpc.names.frameKind[k] === 'intact').length;
    expect(intact).toBe(fpc.client.fetches > 0 ? Math.min(fpc.client.fetches, fpc.client.frames) : 0);
    expect(frameLabel(fpc, 0)).toMatch(/^frame 0: intact page \d+, \d+ of its \d+ objects used and installed since it arrived/);

    // QuickStore: CLOCK's reference bits and hand, in the grid and in words.
    const qf = await run('quickstore', 3e9);
    const q = hacFrame(qf, description);
    expect(q.client.policy).toBe('quickstore');
    expect(q.pointers.frame.length).toBe(1);
    const hand = q.pointers.frame[0];
    expect(frameLabel(q, hand)).toMatch(new RegExp(`^frame ${hand}: intact page \\d+, .* used since it arrived .*, reference bit (set|clear), the clock hand is here$`));
    expect(Array.from(q.client.referenced)).toContain(1);
    expect(text(HacView, qf)).toContain('A blue corner is a set reference bit');
    const inspected = text(Inspector, qf, { kind: 'frame', id: hand });
    expect(inspected).toContain('here: CLOCK looks at this frame first');
    expect(inspected).toMatch(/<dt>reference bit<\/dt><dd>(set|clear)/);
    expect(inspected).not.toContain('usage (T, H)');

    // GOM: its page buffer, then its object buffer in page-sized rows.
    const gf = await run('gom', 3e9);
    const g = hacFrame(gf, description);
    const kinds = Array.from(g.client.kind, (k) => g.names.frameKind[k]);
    const firstRow = kinds.indexOf('object buffer');
    expect(firstRow).toBeGreaterThan(0);
    expect(kinds.slice(firstRow).every((k) => k === 'object buffer')).toBe(true);
    expect(text(HacView, gf)).toContain('The object buffer (dashed brown rows)');
    expect(gridCaption(g)).toBe(`${firstRow} page frames of 8.0 KB, then the object buffer in ${g.client.frames - firstRow} rows of 8.0 KB, row by row`);
    const kept = Array.from(g.objects.frame).findIndex((fr) => fr >= firstRow);
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(objectLabel(g, kept)).toMatch(/^object \d+ in the object buffer: .*, kept from an evicted page$/);
    expect(text(Inspector, gf, { kind: 'frame', id: firstRow })).toContain('a row of the object buffer');
  });

  it('moves through the frames with the arrow keys and inspects one with Enter', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const src = new RecordedSource(frames);
    const picked: (InspectTarget | null)[] = [];
    root = createRoot(el);
    act(() => root!.render(createElement(HacView, props(src, (t) => picked.push(t)))));
    act(() => src.advance());
    const grid = el.querySelector<HTMLElement>('[role=application]')!;
    act(() => grid.focus());
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'Enter']) {
      act(() => grid.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    }
    // Frame 0, two right, a row down, one left: frame 1 of the second row.
    const { cols } = canvasLayout(64, 600, 420).grid;
    expect(picked).toEqual([{ kind: 'frame', id: cols + 1 }]);
    expect(grid.getAttribute('aria-label')).toContain(`frame ${cols + 1}: `);
  });
  it('walks the replacement a step at a time with its buttons and n / p, where the page can seek', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const src = new RecordedSource(frames);
    const seeks: number[] = [];
    const lab: string[] = [];
    const onWindowKey = (e: KeyboardEvent) => lab.push(e.key);
    window.addEventListener('keydown', onWindowKey);
    try {
      root = createRoot(el);
      act(() => root!.render(createElement(HacView, { ...props(src), seek: (t: number) => seeks.push(t) })));
      act(() => src.advance()); // as the fetch is sent: no step done
      const r = read(0).replacement;
      const ns = (s: number) => Math.round(s * 1e9);
      const button = (move: string) => el.querySelector<HTMLButtonElement>(`[data-testid=hac-step-${move}]`)!;
      expect(button('previous').getAttribute('aria-disabled')).toBe('true');
      expect(button('start').getAttribute('aria-disabled')).toBe('true');
      expect(button('next').getAttribute('aria-label')).toBe('next step of the replacement (key n)');
      expect(button('next').title).toMatch(/^Pause and go to step 1 of \d+: .*, \+[\d.]+ µs after the fetch was sent \(key n\)$/);
      act(() => button('previous').click());
      expect(seeks).toEqual([]);
      act(() => button('next').click());
      // Pressed again before the frame of that time arrives: on from where the first press went.
      act(() => button('next').click());
      const press = (target: Element, key: string) => act(() => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
      press(button('next'), 'n');
      press(el.querySelector('[role=application]')!, 'p');
      press(el.querySelector('[role=application]')!, 'ArrowRight');
      act(() => button('end').click());
      expect(seeks).toEqual([ns(r.tS[0]), ns(r.tS[1]), ns(r.tS[2]), ns(r.tS[1]), ns(r.endS)]);
      expect(lab, 'the lab\'s shortcuts see none of the view\'s keys').toEqual([]);
      // Issue 24, item 7: n and p work with the focus anywhere on the page, not in a field.
      press(document.body, 'p');
      expect(seeks.length).toBe(6);
      const field = document.createElement('input');
      document.body.append(field);
      press(field, 'n');
      expect(seeks.length, 'typed into a field').toBe(6);
      field.remove();
    } finally {
      window.removeEventListener('keydown', onWindowKey);
    }
  });

  it('disables the steps after the last, and shows no step buttons where the page cannot seek', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const src = new RecordedSource([frames[2]]);
    root = createRoot(el);
    act(() => root!.render(createElement(HacView, { ...props(src), seek: () => {} })));
    act(() => src.advance()); // the replacement is over
    for (const move of ['next', 'end']) expect(el.querySelector(`[data-testid=hac-step-${move}]`)!.getAttribute('aria-disabled')).toBe('true');
    for (const move of ['start', 'previous']) expect(el.querySelector(`[data-testid=hac-step-${move}]`)!.hasAttribute('aria-disabled')).toBe(false);
    const h = read(2);
    expect(el.querySelector('[data-testid=hac-step-count]')!.textContent).toBe(`step ${h.replacement.stepsTotal} of ${h.replacement.stepsTotal}`);
    expect(text(HacView, frames[1])).not.toContain('hac-step-next');
  });
});
