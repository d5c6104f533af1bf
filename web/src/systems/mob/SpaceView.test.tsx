// @vitest-environment jsdom
// The disk-space view by mouse and keyboard (issue 25), on the recorded write-optimized run at its
// first cleaning (fixtures/write-optimized.json): a fragment or a page lights every fragment of its
// page and its home, the grid and the strips pick for the inspector, and what is drawn is the
// frame's (the canvases' calls, recorded by a fake 2D context).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests } from '../../engine/testing';
import type { SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { RecordedSource } from '../../views/lib/recorded';
import { layOutJsdom } from '../../views/lib/jsdom';
import wo from './fixtures/write-optimized.json';
import { fragmentsOfPage, regionsOfPage, spaceFrame, type SpaceSnapshot } from './spaceFrame';
import { cellAt, fitGrid, layoutStrips, xOf, REGION_SHAPE } from './spaceLayout';
import { SPACE_COLOURS } from './spaceDraw';
import { regionLabel } from './spaceText';
import SpaceView, { defaultRegion } from './SpaceView';

const W = 600;
const H = 420;

/** A call made to a canvas's 2D context, with the style it was made in. */
interface Op {
  op: string;
  style: string;
  lineWidth: number;
  args: number[];
}

/** The calls of each canvas's latest drawing, by the canvas's accessible name. */
const drawn = new Map<string, Op[]>();

function recorder(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ops: Op[] = [];
  drawn.set(canvas.getAttribute('aria-label') ?? '', ops);
  const state: Record<string, unknown> = { fillStyle: '', strokeStyle: '', lineWidth: 1 };
  return new Proxy(state, {
    get: (t, k) => {
      if (k in t) return t[k as string];
      if (k === 'measureText') return (s: string) => ({ width: s.length * 6 });
      return (...args: number[]) => {
        const op = String(k);
        ops.push({ op, style: String(op.startsWith('stroke') ? t.strokeStyle : t.fillStyle), lineWidth: Number(t.lineWidth), args });
      };
    },
    set: (t, k, v) => ((t[k as string] = v), true),
  }) as unknown as CanvasRenderingContext2D;
}

let description: SystemDescription;
let s: SpaceSnapshot;
let root: Root | null = null;
let host: HTMLDivElement;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests();
  layOutJsdom(W, H);
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    return recorder(this);
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

/** Mounts the view on the recording at its cleaning; returns what it picks. */
function mount(selected: InspectTarget | null = null): InspectTarget[] {
  const src = RecordedSource.fromJson(wo);
  s = spaceFrame(src.playAll(), description);
  const picks: InspectTarget[] = [];
  const props: ViewProps = { frames: src, selected, select: (t) => t && picks.push(t), inspectable: true, speed: 1e9, description, scenario: null };
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(createElement(SpaceView, props)));
  return picks;
}

const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid=${id}]`)!;
const ops = (canvas: string) => [...drawn.entries()].find(([name]) => name.startsWith(canvas))![1];
const mouse = (el: HTMLElement, type: string, x: number, y: number) => act(() => void el.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y })));
const key = (el: HTMLElement, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

/** The regions the grid outlines as holding the lit page's fragments (2 px black, 2 px outside). */
function litRegions(): number[] {
  const g = fitGrid(s.fill.length, W, H, REGION_SHAPE);
  const regions: number[] = [];
  for (const o of ops('Regions')) {
    if (o.op !== 'strokeRect' || o.style !== SPACE_COLOURS.lit || o.lineWidth !== 2) continue;
    for (let r = 0; r < g.n; r++) {
      const { x, y } = cellAt(g, r);
      if (Math.abs(x - 1 - o.args[0]) < 0.01 && Math.abs(y + g.lane - 1 - o.args[1]) < 0.01) regions.push(r);
    }
  }
  return regions.sort((a, b) => a - b);
}

describe('the disk-space view by mouse and keyboard', () => {
  it('draws every region: the victims above, the output below, the region being written outlined', () => {
    mount();
    const g = fitGrid(s.fill.length, W, H, REGION_SHAPE);
    const grid = ops('Regions');
    const marks = (colour: string) => grid.filter((o) => o.op === 'fillRect' && o.style === colour && o.args[3] === 3).map((o) => (o.args[0] - 10) / g.pitchX);
    expect(marks(SPACE_COLOURS.victim)).toEqual(Array.from(s.cleaned).flatMap((c, r) => (c ? [r] : [])));
    expect(marks(SPACE_COLOURS.output)).toEqual(Array.from(s.output).flatMap((c, r) => (c ? [r] : [])));
    const writing = grid.filter((o) => o.op === 'strokeRect' && o.style === SPACE_COLOURS.writing);
    expect(writing.map((o) => o.args[0] - 1)).toEqual([cellAt(g, s.writingRegion).x]);
    expect(litRegions()).toEqual([]);
  });

  it('hovering a fragment of the magnified region lights all of its page’s fragments and its home; a click picks it', () => {
    const picks = mount();
    const region = defaultRegion(s);
    const row = s.regionStart[region];
    const page = s.fragments.page[row];
    const st = layoutStrips(s, W);
    mouse(q('space-region'), 'mousemove', xOf(st.region, s.fragments.offset[row] + s.fragments.bytes[row] / 2), 10);
    expect(litRegions()).toEqual(regionsOfPage(s, page));
    expect(host.querySelector('.sl-tooltip')!.textContent).toMatch(new RegExp(`^page ${page}'s fragment in region ${region} at `));
    // Its home on the strip beneath: a black bar at page × page size.
    const home = ops('The magnified').filter((o) => o.op === 'fillRect' && o.style === SPACE_COLOURS.lit && o.args[3] === st.homes.h + 8);
    expect(home.map((o) => Math.round(o.args[0]))).toEqual([Math.round(xOf(st.homes, page * s.pageBytes))]);
    // Its fragments in the magnified region, outlined.
    const boxes = ops('The magnified').filter((o) => o.op === 'strokeRect' && o.style === SPACE_COLOURS.lit && o.lineWidth === 2);
    expect(boxes.length).toBe(Array.from(fragmentsOfPage(s, page)).filter((i) => s.fragments.region[i] === region).length);
    act(() => q('space-region').click());
    expect(picks).toEqual([{ kind: 'fragment', page, region, offset: s.fragments.offset[row] }]);
    mouse(q('space-region'), 'mouseout', 0, 0);
    expect(litRegions()).toEqual([]);
    expect(host.querySelector('.sl-tooltip')).toBeNull();
  });

  it('the keyboard walks the regions (the one focused is magnified) and a page’s homes light its fragments', () => {
    const picks = mount();
    const grid = q('space-grid');
    act(() => grid.focus());
    const start = defaultRegion(s);
    key(grid, 'ArrowRight');
    expect(grid.getAttribute('aria-label')).toContain(`: ${regionLabel(s, start + 1)}`);
    expect(host.querySelector('[role=status]')!.textContent).toBe(regionLabel(s, start + 1));
    expect(q('space-region').getAttribute('aria-label')).toMatch(new RegExp(`^Region ${start + 1}'s fragments`));
    key(grid, 'Enter');
    expect(picks).toEqual([{ kind: 'region', id: start + 1 }]);
    act(() => grid.blur());
    const homes = q('space-homes');
    act(() => homes.focus());
    key(homes, 'Home');
    key(homes, 'ArrowRight');
    expect(homes.getAttribute('aria-label')).toMatch(/: page 1: under the read-optimized layout its home would be 64.0 KB to 128.0 KB/);
    expect(litRegions()).toEqual(regionsOfPage(s, 1));
    key(homes, 'Enter');
    expect(picks.at(-1)).toEqual({ kind: 'page', id: 1 });
  });

  it('a page picked elsewhere lights its fragments; a fragment picked elsewhere is magnified', () => {
    mount({ kind: 'page', id: 7 });
    expect(litRegions()).toEqual(regionsOfPage(s, 7));
    act(() => root!.unmount());
    host.remove();
    const row = s.regionStart[5];
    mount({ kind: 'fragment', page: s.fragments.page[row], region: 5, offset: s.fragments.offset[row] });
    expect(q('space-region').getAttribute('aria-label')).toMatch(/^Region 5's fragments/);
  });
});
