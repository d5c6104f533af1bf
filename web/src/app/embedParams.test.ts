import { describe, expect, it } from 'vitest';
import type { SystemDescription } from '../engine/types';
import { embedCode, embedHeight, readEmbedParams, unknownScenario, unknownViews } from './embedParams';

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

  it('writes an iframe with the views, the hash and a height for its rows', () => {
    expect(embedHeight(3)).toBe(420);
    expect(embedHeight(4)).toBe(720);
    expect(embedCode('https://x.org/lab/', '#s=abc&seed=1&t=0', ['MobView', 'DiskView'], 'A "quoted" <title>')).toBe(
      '<iframe src="https://x.org/lab/embed/?views=MobView,DiskView#s=abc&seed=1&t=0" title="Storelab: A &#34;quoted&#34; &#60;title&#62;" width="100%" height="420" style="border:0" loading="lazy"></iframe>',
    );
  });
});
