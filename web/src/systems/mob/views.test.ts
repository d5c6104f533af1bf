import { contrast } from '../../views/lib/contrast';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { KIND_TEXT_PALETTE, type InspectTarget, type ViewProps } from '../../views/contract';
import { EMPTY_SOURCE, RecordedSource } from '../../views/lib/recorded';
import filling from './fixtures/filling.json';
import bigCache from './fixtures/big-cache.json';
import MobView, { loadMobExtras } from '../../views/lib/mob/MobView';
import { mob } from '.';
import DiskView from './DiskView';
import Charts from './Charts';
import EventLog from '../../views/EventLog';
import Inspector, { loadInspectorPart } from '../../views/Inspector';
import CacheView, { fitCell } from './CacheView';
import SpaceView from './SpaceView';
import SystemDiagram, { cacheText } from './SystemDiagram';
import { describeForTests, loadEngineForTests } from '../../engine/testing';
import { LabHost } from '../../engine/host';
import { mobFrame } from './mobFrame';
import { MobIntro } from './Intro';
import type { SystemDescription } from '../../engine/types';

const VIEWS = { MobView, DiskView, Charts, EventLog, Inspector, CacheView, SpaceView, SystemDiagram };

let description: SystemDescription;
beforeAll(async () => {
  await loadMobExtras(mob.mobView);
  await loadInspectorPart('mob');
  await loadEngineForTests();
  description = describeForTests();
});

function props(frames: ViewProps['frames'], selected: InspectTarget | null = null): ViewProps {
  return { frames, selected, select: () => {}, inspectable: true, speed: 1e8, description, scenario: { network: { latency_ms: 1 } } };
}

describe('views render', () => {
  for (const [name, View] of Object.entries(VIEWS)) {
    it(`${name} shows the empty state before the first frame`, () => {
      const html = renderToString(createElement(View, props(EMPTY_SOURCE)));
      if (name === 'Inspector') expect(html).toContain('Click something');
      else expect(html).toContain('Press Play (Space) to start the simulation');
    });
    it(`${name} renders a running simulation`, () => {
      const src = RecordedSource.fromJson(filling);
      src.playAll();
      const html = renderToString(createElement(View, props(src)));
      expect(html).not.toContain('Press Play (Space)');
    });
  }

  it('the Inspector shows every kind of target', () => {
    const src = RecordedSource.fromJson(filling);
    const chunks = src.playAll().sections.mob.columns;
    const targets: InspectTarget[] = [
      { kind: 'client', id: 0 },
      { kind: 'page', id: chunks.page[0] },
      { kind: 'chunk', logIndex: chunks.log_index[0], page: chunks.page[0] },
      { kind: 'request', page: 1, requestKind: 0, start: 5 },
      { kind: 'flusher' },
      { kind: 'disk' },
      { kind: 'record', index: 0, t: 1e6, recordKind: description.records.find((r) => r.name === 'fetch')!.id, entity: 2, a: 481 * 3, b: 0, c: 0 },
    ];
    const expected = ['accesses', 'pending modifications', 'live modifications', 'has completed', 'passes'.slice(0, 4), 'platter angle', 'client 2 fetches object 1443'];
    targets.forEach((t, i) => {
      const html = renderToString(createElement(Inspector, props(src, t)));
      expect(html).toContain(expected[i]);
    });
  });

  it('the Inspector says a page is dirty while the flusher writes it', () => {
    const src = RecordedSource.fromJson(filling);
    let f = src.advance();
    for (let i = 1; i < filling.length && !f.sections.cache.columns.dirty.includes(1); i++) f = src.advance();
    const { page, dirty } = f.sections.cache.columns;
    expect(dirty).toContain(1);
    const html = renderToString(createElement(Inspector, props(src, { kind: 'page', id: page[dirty.indexOf(1)] })));
    expect(html).toContain('dirty (being written)');
    expect(f.sections.flusher.scalars.page).toBe(page[dirty.indexOf(1)]);
  });

  it('the MOB view header counts absorbed and written modifications', () => {
    const src = RecordedSource.fromJson(filling);
    const m = src.playAll().sections.mob.scalars;
    const html = renderToString(createElement(MobView, props(src)));
    expect(m.superseded).toBeGreaterThan(0);
    expect(html).toContain(`absorbed (superseded) <b>${m.superseded.toLocaleString()}</b>`);
    expect(html).toContain('99% trigger');
  });
});

describe('cache grid', () => {
  it('shrinks the cells until every frame of the cache fits the panel', () => {
    // The lab's cache panel: 192 frames in about 218 × 470 px.
    const cell = fitCell(192, 218, 470);
    expect(cell).toBeLessThan(26);
    expect(Math.ceil(192 / Math.floor(218 / cell)) * cell).toBeLessThanOrEqual(470);
    expect(fitCell(192, 218, 470)).toBeGreaterThanOrEqual(fitCell(192, 218, 300));
    expect(fitCell(16, 400, 400)).toBe(26);
    expect(fitCell(1024, 100, 100)).toBe(10);
  });

  it('says when a big cache shows only its most recently used frames', () => {
    const render = (recording: unknown[]) => {
      const src = RecordedSource.fromJson(recording);
      src.playAll();
      return renderToString(createElement(CacheView, props(src)));
    };
    expect(render(filling)).not.toContain('most recently used of');
    expect(render(bigCache)).toContain('grid: the 1,024 most recently used of 2,048 frames');
  });
});

describe('the write-optimized layout (issue 25)', () => {
  it('the cache view and the system diagram’s server give headers and fragments, not pages, and the intro names the region cycle', async () => {
    const host = new LabHost();
    const text = '[meta]\ntitle = "wo"\n[system]\nkind = "mob"\n[run]\nwarmup_s = 1\nwarmup_flusher_passes = 0\nduration_s = 5\n[server]\nlayout = "write_optimized"\nmob_mb = 1\n';
    expect((await host.load(text, 1)).ok).toBe(true);
    const f = await host.frame(3e9);
    host.dispose();
    const c = mobFrame(f, description).cache;
    expect(c.layout).toBe('write_optimized');
    expect(c.headerBytes).toBeGreaterThan(0);
    expect(c.headerBytes + c.fragmentBytes).toBeLessThanOrEqual(c.capacityBytes);
    const src = new RecordedSource([f]);
    src.advance();
    const cache = renderToString(createElement(CacheView, props(src))).replaceAll('<!-- -->', '');
    expect(cache).toContain('Server cache (headers and fragments)');
    expect(cache).toContain('a header leaves only to make room for another header');
    expect(cache).not.toContain('pages</span>');
    expect(cacheText(c)).toMatch(/^cache [\d.]+ [KM]B \(headers, fragments\)$/);
    const intro = renderToString(createElement(MobIntro, { scenario: { server: { layout: 'write_optimized' } }, run: { warmup_s: 30, duration_s: 300, warmup_flusher_passes: 20 }, warmupEnd: null }));
    expect(intro).toContain('20 passes and a full cycle of the disk’s regions');
    expect(intro).toContain('modelled by probability');
    // Chapter 6's OO7 traversals keep a real object cache, and the areas mean modules.
    const oo7 = renderToString(createElement(MobIntro, { scenario: { workload: { kind: 'oo7' } }, run: { warmup_s: 300, duration_s: 600 }, warmupEnd: null }));
    expect(oo7).toContain('one OO7 traversal');
    expect(oo7).toContain('the modules the clients own');
    expect(oo7).not.toContain('modelled by probability');
  });
});

describe('colours', () => {
  it('record kinds read at 4.5:1 or more on the event log, its hover and its selection (issue 13, item 6)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    for (const colour of KIND_TEXT_PALETTE) {
      for (const background of ['#ffffff', '#f4f7ff', '#dbe7ff']) expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
