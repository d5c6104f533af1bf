// @vitest-environment jsdom
// The MOB's charts on the recorded run (fixtures/filling.json): the four charts, drawn by the
// shared TimeChart, each with its latest value and the warm-up shaded.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ViewProps } from '../../views/contract';
import { RecordedSource } from '../../views/lib/recorded';
import { formatValue } from '../../views/lib/TimeChart';
import filling from './fixtures/filling.json';
import Charts from './Charts';
import type { MobSample } from './mobFrame';
import { layOutJsdom } from '../../views/lib/jsdom';

let root: Root | null = null;
beforeAll(() => {
  layOutJsdom();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('Charts', () => {
  it('draws throughput, disk utilisation, MOB occupancy and the hit ratio with their latest values', () => {
    const src = RecordedSource.fromJson(filling);
    const el = document.createElement('div');
    document.body.appendChild(el);
    root = createRoot(el);
    const props = { frames: src, selected: null, select: () => {}, inspectable: true, speed: 1e9, description: null, scenario: null } satisfies ViewProps;
    act(() => root!.render(createElement(Charts, props)));
    act(() => void src.playAll());
    const last = src.series()[src.series().length - 1] as MobSample;
    const text = (sel: string) => (el.querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' ').trim();
    expect([...el.querySelectorAll('[data-chart]')].map((c) => c.getAttribute('data-chart'))).toEqual(['throughput', 'disk', 'mob', 'hit-ratio']);
    expect(text('[data-testid=latest-throughput]')).toBe(`· latest ${formatValue(last.throughput_tps, 1)}`);
    expect(text('[data-testid=latest-mob]')).toBe(`· latest ${formatValue(100 * last.mob_occupancy, 1)}`);
    expect(text('[data-testid=latest-disk-2]')).toBe(`page write ${formatValue(100 * last.disk_utilisation.write, 1)}`);
    expect(text('[data-testid=sample-count]')).toBe(`samples ${src.series().length}, one every 0.05 s`);
    expect(el.querySelectorAll('[data-chart=throughput] rect[fill="#e9e9e9"]').length).toBe(1);
  });
});
