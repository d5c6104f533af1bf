// @vitest-environment jsdom
// Table 13's chart on a recorded frame of Tab. 13's Global-Decl run (fixtures/recordings.ts): the
// bars are the engine's frames by owner, the thesis's row shows at the large client's server, and
// the list picks another server.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import type { SystemDescription } from '../../engine/types';
import type { ViewProps } from '../../views/contract';
import { frameFromJson, RecordedSource } from '../../views/lib/recorded';
import { layOutJsdom } from '../../views/lib/jsdom';
import OwnerChart from './OwnerChart';
import { clusterFrame } from './clusterFrame';
import { ownerBars, ownerSummary, paperRow, TABLE_13 } from './ownerChart';
import tab13 from './fixtures/global-tab13-global-warm.json';

let description: SystemDescription;
let root: Root | null = null;
beforeAll(async () => {
  await loadEngineForTests();
  layOutJsdom(600, 420);
  description = describeForTests(readScenario('global-tab13-global.toml'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const frame = () => frameFromJson((tab13 as unknown[])[0]);

/** The chart on the recorded frame, `selected` inspected in the cluster view. */
function mount(selected: ViewProps['selected'] = null): HTMLElement {
  const src = new RecordedSource([frame()]);
  src.playAll();
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(createElement(OwnerChart, { frames: src, selected, select: () => {}, inspectable: true, speed: 1e9, description, scenario: null })));
  return el;
}

describe("Table 13's chart", () => {
  it("reads each server's frames by owner from the frame, and the thesis's row only at server 0 of Tab. 13's run", () => {
    const f = clusterFrame(frame(), description);
    expect(f.replacement).toBe('global');
    for (const s of f.servers) {
      const bars = ownerBars(f, s.id);
      expect(bars.map((b) => b.pages)).toEqual(s.byOwner);
      // A frame may be set aside for the page its client's request is fetching.
      const used = bars.reduce((n, b) => n + b.pages, 0);
      expect(used).toBeLessThanOrEqual(f.frames - s.free);
      expect(used).toBeGreaterThanOrEqual(f.frames - s.free - 1);
    }
    expect(paperRow(f, 0)).toEqual(TABLE_13.global);
    expect(paperRow(f, 1)).toBeNull();
    expect(paperRow({ ...f, frames: 1024 }, 0)).toBeNull();
    const own = f.servers[0].byOwner[0];
    expect(ownerSummary(f, 0)).toMatch(new RegExp(`^server 0: its own pages ${own.toLocaleString('en-US')} \\(\\d+%\\), busy servers' [\\d,]+ \\(\\d+%\\), idle servers' [\\d,]+ \\(\\d+%\\), free \\d+$`));
  });

  it('draws a bar an owner with the thesis as ticks, and the list shows another server', () => {
    const c = clusterFrame(frame(), description);
    const el = mount();
    const pages = () => [...el.querySelectorAll('.owner-bar')].map((b) => Number(b.getAttribute('data-pages')));
    expect(pages()).toEqual(c.servers[0].byOwner);
    expect(el.querySelectorAll('.owner-paper')).toHaveLength(10);
    expect(el.querySelector('[data-testid=owner-legend]')!.textContent).toContain("the thesis's Tab. 13, Global-Decl");
    const list = el.querySelector<HTMLSelectElement>('[data-testid=owner-server]')!;
    expect(list.options).toHaveLength(10);
    expect(list.options[5].textContent).toBe('5 (idle)');
    act(() => {
      list.value = '3';
      list.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(pages()).toEqual(c.servers[3].byOwner);
    expect(el.querySelectorAll('.owner-paper')).toHaveLength(0);
    expect(el.querySelector('[data-testid=owner-summary]')!.textContent).toBe(ownerSummary(c, 3));
  });

  it('follows the server inspected in the cluster view', () => {
    const el = mount({ kind: 'server', id: 7 });
    expect(el.querySelector<HTMLSelectElement>('[data-testid=owner-server]')!.value).toBe('7');
  });
});
