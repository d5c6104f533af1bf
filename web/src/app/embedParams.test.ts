import { describe, expect, it } from 'vitest';
import type { SystemDescription } from '../engine/types';
import { EMBED_CHROME_PX, EMBED_GAP_PX, embedCode, embedHeight, readEmbedParams, unknownScenario, unknownViews } from './embedParams';
import { DEFAULT_VIEW_HEIGHT, LIB_VIEWS, SHARED_VIEWS, SYSTEMS, viewHeight } from '../systems';
import readme from '../../README.md?raw';

const description = { views: [{ view: 'SystemDiagram' }, { view: 'MobView' }, { view: 'DiskView' }] } as unknown as SystemDescription;

describe('embed options (issue 13, item 9)', () => {
  it('reads views, controls, autoplay, the title bar and a speed in simulated seconds per second', () => {
    expect(readEmbedParams('?views=MobView,%20DiskView,&controls=0&autoplay=1&bar=0&speed=20')).toEqual({
      views: ['MobView', 'DiskView'],
      controls: false,
      autoplay: true,
      speed: 20e9,
      bar: false,
      errors: [],
    });
    expect(readEmbedParams('')).toMatchObject({ views: [], controls: true, autoplay: false, speed: null, bar: true });
  });

  it('names a speed out of range or not a number', () => {
    for (const bad of ['0', '500', 'fast', '']) {
      expect(readEmbedParams(`?speed=${bad}`).errors[0]).toMatch(/is not a speed: give simulated seconds per second, from 0.000001 to 300/);
    }
  });

  it('names unknown views and the ones the system has', () => {
    expect(unknownViews(['MobView'], description)).toBeNull();
    expect(unknownViews(['Mob', 'Disk'], description)).toBe(
      "views=Mob,Disk: this scenario's system has no view called Mob or Disk; its views are SystemDiagram, MobView, DiskView",
    );
  });

  it('names the gallery\'s scenarios for an unknown one', () => {
    expect(unknownScenario('no-such', { a: '', b: '' })).toBe('there is no scenario called "no-such" in the gallery; its scenarios are a, b');
  });

  it('writes an iframe with the views, the hash and a height for its rows: each as tall as its tallest view', () => {
    const [mob, disk, chrome, gap] = [viewHeight('MobView'), viewHeight('DiskView'), EMBED_CHROME_PX, EMBED_GAP_PX];
    expect(disk).toBeGreaterThan(mob);
    expect(embedHeight(['MobView'])).toBe(chrome + mob + gap);
    expect(embedHeight(['MobView', 'DiskView', 'EventLog'])).toBe(chrome + disk + gap);
    expect(embedHeight(['MobView', 'EventLog', 'Inspector', 'DiskView'])).toBe(chrome + mob + gap + disk + gap);
    expect(embedHeight(['NoSuchView'])).toBe(chrome + DEFAULT_VIEW_HEIGHT + gap);
    expect(embedCode('https://x.org/lab/', '#s=abc&seed=1&t=0', ['MobView', 'DiskView'], 'A "quoted" <title>')).toBe(
      `<iframe src="https://x.org/lab/embed/?views=MobView,DiskView#s=abc&seed=1&t=0" title="Storelab: A &#34;quoted&#34; &#60;title&#62;" width="100%" height="${chrome + disk + gap}" style="border:0" loading="lazy"></iframe>`,
    );
  });
});

describe("web/README.md's table of view heights", () => {
  it('agrees with the heights the systems declare, for every view', () => {
    const table = Object.fromEntries([...readme.matchAll(/\| `(\w+)` \| (\d+) /g)].map((m) => [m[1], Number(m[2])]));
    const views = [...SYSTEMS.flatMap((s) => Object.keys(s.views)), ...Object.keys(LIB_VIEWS), ...Object.keys(SHARED_VIEWS)];
    expect(Object.keys(table).sort()).toEqual([...views].sort());
    for (const v of views) expect(table[v], v).toBe(viewHeight(v));
  });
});
