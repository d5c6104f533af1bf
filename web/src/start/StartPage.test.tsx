// @vitest-environment jsdom
// The start page (issue 24, item 3) and the gallery it shares with the lab: every system by its
// paper with its lesson, headline scenarios and figures; the gallery grouped and searchable.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests } from '../engine/testing';
import StartPage, { lessonsOf } from './StartPage';
import { SYSTEMS } from '../systems';
import { describedSystems } from '../systems/described';
import { bySystem, gallery, isFigure, searchGallery } from '../scenario/gallery';

beforeAll(async () => {
  await loadEngineForTests();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const names = (q: string) => searchGallery(gallery, q, (k) => describedSystems().find((d) => d.kind === k)?.title ?? '').map((g) => g.name);

describe('the gallery, searched and grouped', () => {
  it('finds a figure by its number, a system by its title, and needs every word', () => {
    expect(names('4-7').sort()).toEqual(['fig4-7-memory-split', 'fig4-7-memory-split-wo']);
    expect(names('4-7 write-optimized')).toEqual(['fig4-7-memory-split-wo']);
    expect(names('table 2').sort()).toEqual(['fpc-t1-cold', 'hac-t1-cold', 'hac-t6-cold', 'table2-thor-t6-medium']);
    expect(names('opportunistic log').length).toBe(gallery.filter((g) => g.kind === 'oplog').length);
    expect(names('HAC compact')).toContain('hac-compaction');
    expect(names('hac flusher')).toEqual([]);
    expect(names('  ')).toHaveLength(gallery.length);
  });

  it('groups each system once, in the registry order', () => {
    expect(bySystem(gallery).map((g) => g.kind)).toEqual(SYSTEMS.map((s) => s.kind));
    // The papers' figures: the disk system's scenarios are OSTEP's homework examples, none a figure.
    expect(bySystem(searchGallery(gallery, 'fig')).map((g) => g.kind)).toEqual(['mob', 'hac', 'oplog', 'thor', 'global']);
  });

  it('tells the paper figures by name', () => {
    expect(['fig4-7-memory-split', 'oplog-table4-log-size', 'table1-retention', 'fig12-t1-hot-elapsed'].every(isFigure)).toBe(true);
    expect(['mob-default', 'hac-compaction', 'fpc-t1-cold', 'lesson-hac-t6-19-frames', 'uniform-absorption'].some(isFigure)).toBe(false);
  });
});

describe('every system on the start page', () => {
  it('names each system as the engine describes it, in the registry order', () => {
    expect(describedSystems().map((d) => d.kind)).toEqual(SYSTEMS.map((s) => s.kind));
  });

  it("states each system's idea, headline scenarios of its own, and a lesson", () => {
    for (const s of SYSTEMS) {
      expect(s.about.length, s.kind).toBeGreaterThan(40);
      expect(s.headline.length, s.kind).toBeGreaterThan(0);
      for (const name of s.headline) expect(gallery.find((g) => g.name === name)?.kind, name).toBe(s.kind);
      expect(lessonsOf(s.kind).length, s.kind).toBeGreaterThan(0);
    }
  });

  it('renders a card per system with its lesson, its scenarios and its figures, then the whole gallery', () => {
    const host = document.createElement('div');
    act(() => createRoot(host).render(createElement(StartPage)));
    const cards = [...host.querySelectorAll<HTMLElement>('[data-testid=system-card]')];
    expect(cards.map((c) => c.dataset.kind)).toEqual(SYSTEMS.map((s) => s.kind));
    const hac = cards.find((c) => c.dataset.kind === 'hac')!;
    expect(hac.querySelector('h2')?.textContent).toBe('Hybrid adaptive caching');
    expect(hac.querySelector('[data-testid=open-system]')?.getAttribute('href')).toBe('../#sc=hac-compaction');
    expect(hac.querySelector('[data-testid=system-lesson]')?.textContent).toBe('Lesson 4. Hybrid adaptive caching');
    expect(hac.querySelector('.figures summary')?.textContent).toBe(`The paper's figures and tables (${gallery.filter((g) => g.kind === 'hac' && isFigure(g.name)).length} scenarios)`);
    const mob = cards.find((c) => c.dataset.kind === 'mob')!;
    expect([...mob.querySelectorAll('.figures a')].map((a) => a.getAttribute('href'))).toContain('../#sc=fig4-7-memory-split');
    expect(host.querySelectorAll('[data-testid=gallery] a[data-scenario]')).toHaveLength(gallery.length);
  });
});
