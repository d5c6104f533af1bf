// @vitest-environment jsdom
// The event log names every record kind the engine describes, from the description alone: this
// test adds nothing per kind, so a kind added to the engine is checked here without a line of
// TypeScript (engine/core/src/systems/mob/records.rs declares the kinds).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describeForTests, loadEngineForTests } from '../engine/testing';
import type { Frame, SystemDescription } from '../engine/types';
import EventLog from './EventLog';
import { describeRecord } from './lib/format';
import { RecordedSource } from './lib/recorded';

let description: SystemDescription;
let root: Root | null = null;

beforeAll(async () => {
  await loadEngineForTests();
  description = describeForTests();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lays nothing out: give the log's scroll area room for every row.
  Element.prototype.getBoundingClientRect = () => ({ width: 800, height: 2000 }) as DOMRect;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** One frame holding one record of every described kind, at 1 ms intervals. */
function everyKind(): Frame {
  const n = description.records.length;
  const trace = {
    t: Float64Array.from({ length: n }, (_, i) => (i + 1) * 1e6),
    kind: Uint8Array.from(description.records.map((r) => r.id)),
    entity: new Uint32Array(n).fill(1),
    a: new Float64Array(n).fill(1),
    b: new Float64Array(n).fill(1),
    c: new Float64Array(n).fill(1),
    lost: 0,
  };
  return { reset: true, trace, series: [] } as unknown as Frame;
}

describe('the event log and the engine description', () => {
  it('puts every described kind into words, with every field filled in', () => {
    expect(description.records.length).toBeGreaterThan(0);
    for (const info of description.records) {
      const text = describeRecord(description, info.id, { entity: 1, a: 1, b: 1, c: 1 });
      expect(text, info.name).not.toMatch(/record kind|\{/);
    }
  });

  it('offers a filter for, and names in its rows, every kind the engine describes', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const frames = new RecordedSource([everyKind()]);
    root = createRoot(el);
    act(() => root!.render(createElement(EventLog, { frames, selected: null, select: () => {}, inspectable: true, speed: 1e8, description, scenario: null })));
    const filters = [...el.querySelectorAll('[aria-label="Filter by record kind"] label')];
    expect(filters.map((l) => l.textContent?.trim())).toEqual(description.records.map((r) => r.label));

    act(() => void frames.advance());
    await act(() => new Promise((r) => setTimeout(r, 250))); // the log re-renders at most 5 times a second
    const names = [...el.querySelectorAll('.sl-log-row .k')].map((k) => k.textContent);
    expect(names).toEqual(description.records.map((r) => r.label));
    const sentences = [...el.querySelectorAll('.sl-log-row .d')].map((d) => d.textContent ?? '');
    expect(sentences.every((s) => s.length > 0 && !s.includes('record kind'))).toBe(true);
  });

  it('shows the records that came before it mounted (views load lazily, after the first frames)', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const frames = new RecordedSource([everyKind()]);
    frames.advance();
    root = createRoot(el);
    act(() => root!.render(createElement(EventLog, { frames, selected: null, select: () => {}, inspectable: true, speed: 1e8, description, scenario: null })));
    expect(el.querySelectorAll('.sl-log-row').length).toBe(description.records.length);
  });
});
