// @vitest-environment jsdom
// The disk system's views on frames recorded from the engine (fixtures/disk-ostep-a10-18.json:
// disk.py -a 10,18 at 0, 120, 200 and 375 units): the requests table prints disk.py -c's lines
// and TOTALS as each request is served, the platter puts the block in service under the head and
// finds a block from a click, the inspector tells a request's phase, and the platter draws.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import type { Frame, SystemDescription } from '../../engine/types';
import type { InspectTarget, ViewProps } from '../../views/contract';
import { EMPTY_SOURCE, frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { requestsFrame } from './requestsFrame';
import { blockAt, platterIn, requestOf, trackRadius } from './ostepDraw';
import { requestRows } from './inspect';
import RequestTable from './RequestTable';
import DiskPlatter from './DiskPlatter';
import recorded from './fixtures/disk-ostep-a10-18.json';
import { layOutJsdom } from '../../views/lib/jsdom';

let description: SystemDescription;
let frames: Frame[];
let root: Root | null = null;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests(readScenario('disk-ostep-a10-18.toml'));
  frames = (recorded as unknown[]).map(frameFromJson);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** A source that has published recorded frame `i`. */
function at(i: number): RecordedSource {
  const s = new RecordedSource([frames[i]]);
  s.advance();
  return s;
}

const props = (source: ViewProps['frames'], select: (t: InspectTarget | null) => void = () => {}): ViewProps => ({
  frames: source,
  selected: null,
  select,
  inspectable: true,
  speed: 1e9,
  description,
  scenario: null,
});

describe('the disk system’s frames', () => {
  it('follow the requests through their phases, with disk.py’s numbers once served', () => {
    const all = frames.map((f) => requestsFrame(f, description));
    expect(all.map((f) => f.requests.map((r) => r.state))).toEqual([
      // At 0 the first request starts: no seek, so it is already waiting for its block.
      ['rotation', 'waiting'],
      ['transfer', 'waiting'],
      ['done', 'rotation'],
      ['done', 'done'],
    ]);
    const end = all[3];
    expect(end.preset).toBe('ostep');
    expect(end.scheduler).toBe('fifo');
    // disk.py -a 10,18 -c: Block 10 Seek 0 Rotate 105 Transfer 30 Total 135; Block 18 Seek 40
    // Rotate 170 Transfer 30 Total 240; TOTALS Seek 40 Rotate 275 Transfer 60 Total 375.
    expect(end.requests.map((r) => [r.block, r.seek, r.rotation, r.transfer, r.total])).toEqual([
      [10, 0, 105, 30, 135],
      [18, 40, 170, 30, 240],
    ]);
    expect(end.totals).toEqual({ seek: 40, rotation: 275, transfer: 60, total: 375 });
    expect(end.ostep?.tracks).toBe(3);
    expect(end.ostep?.blockTrack.length).toBe(36);
  });

  it('puts the block in service under the head, and finds the block a click lands on', () => {
    const f = requestsFrame(frames[1], description);
    const o = f.ostep!;
    const [W, H] = [500, 560];
    const p = platterIn(W, H);
    // The head is at 3 o'clock over track 0: at 120 units block 10 passes under it.
    expect(blockAt(W, H, o, p.cx + trackRadius(p, o.tracks, 0), p.cy)).toBe(10);
    // The middle track at the head's angle: 22 lies beside 10 (the README's words).
    expect(blockAt(W, H, o, p.cx + trackRadius(p, o.tracks, 1), p.cy)).toBe(22);
    expect(blockAt(W, H, o, p.cx + p.rOuter + 5, p.cy)).toBeNull();
    expect(requestOf(f.requests, 10)?.state).toBe('transfer');
    expect(requestOf(f.requests, 3)).toBeUndefined();
  });
});

describe('RequestTable', () => {
  it('prints each request’s line and the totals as disk.py -c does, a dash until it is served', () => {
    const row = (html: string, testid: string) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return Array.from(doc.querySelectorAll(`[data-testid=${testid}] td, [data-testid=${testid}] th`), (c) => c.textContent);
    };
    const html = (i: number) => renderToString(createElement(RequestTable, props(at(i))));
    expect(row(html(2), 'request-0')).toEqual(['1', '10', '0', '1', '0', '105', '30', '135', 'done']);
    expect(row(html(2), 'request-1')).toEqual(['2', '18', '1', '2', '—', '—', '—', '—', 'rotation']);
    expect(row(html(3), 'request-1')).toEqual(['2', '18', '1', '2', '40', '170', '30', '240', 'done']);
    expect(row(html(3), 'request-totals')).toEqual(['Totals (2 served)', '40', '275', '60', '375', 'units']);
    expect(renderToString(createElement(RequestTable, props(EMPTY_SOURCE)))).toMatch(/Press Play/);
  });

  it('selects a request for the inspector, which tells its phase and times', () => {
    const picked: (InspectTarget | null)[] = [];
    const el = document.createElement('div');
    document.body.appendChild(el);
    act(() => {
      root = createRoot(el);
      root.render(createElement(RequestTable, props(at(2), (t) => picked.push(t))));
    });
    act(() => (el.querySelector('[data-testid=request-1] button') as HTMLButtonElement).click());
    const f = requestsFrame(frames[2], description);
    expect(picked).toEqual([{ kind: 'request', page: 18, requestKind: 0, start: f.requests[1].start }]);
    const rows = Object.fromEntries(requestRows(f, f.requests[1], frames[2].nowNs));
    expect(rows.block).toBe('18, on track 1');
    expect(rows.served).toBe('number 2 (FIFO)');
    expect(rows.now).toMatch(/^rotation \(/);
    expect(rows.total).toBeUndefined();
    const done = Object.fromEntries(requestRows(f, f.requests[0], frames[2].nowNs));
    expect([done.seek, done.rotate, done.transfer, done.total]).toEqual(['0 units', '105 units', '30 units', '135 units']);
  });
});

describe('DiskPlatter', () => {
  it('draws the platter (its 36 blocks, each an arc and a number) and names the policy, the requests served and the total', () => {
    layOutJsdom(500, 560);
    // A 2D context that counts the calls made to it.
    const calls: Record<string, number> = {};
    const ctx = new Proxy({} as CanvasRenderingContext2D, {
      get: (_, k) => (k === 'canvas' || typeof k !== 'string' ? undefined : () => void (calls[k] = (calls[k] ?? 0) + 1)),
      set: () => true,
    });
    HTMLCanvasElement.prototype.getContext = (() => ctx) as unknown as HTMLCanvasElement['getContext'];
    const el = document.createElement('div');
    document.body.appendChild(el);
    act(() => {
      root = createRoot(el);
      root.render(createElement(DiskPlatter, props(at(3))));
    });
    expect(el.querySelector('[data-testid=disk-policy]')?.textContent).toBe('FIFO');
    expect(el.querySelector('[data-testid=disk-served]')?.textContent).toBe('2');
    expect(el.querySelector('[data-testid=disk-total]')?.textContent).toBe('375');
    expect(el.textContent).toMatch(/turns counter-clockwise/);
    expect(calls.fillText).toBeGreaterThanOrEqual(36);
    expect(calls.arc).toBeGreaterThanOrEqual(72);
  });
});
