// The <storelab-scenario> element's attributes: the embed URL they make, and each mistake named
// with what the attribute takes.
import { describe, expect, it } from 'vitest';
import { decompressFromEncodedURIComponent } from 'lz-string';
import { readAttributes, elementCode } from './attributes';

const SCRIPT = 'https://example.org/storelab/storelab-scenario.js';
const read = (attrs: Record<string, string>, toml: string | null = null) => readAttributes((n) => (Object.hasOwn(attrs, n) ? attrs[n] : null), toml, SCRIPT);

describe('readAttributes', () => {
  it('makes the embed page URL beside the script, with the options in the query and the run in the hash', () => {
    const c = read({ scenario: 'mob-default', views: 'MobView, DiskView', seed: '3', speed: '20', autoplay: '', time: '2.5', controls: '0', set: 'server.mob_mb=2' });
    expect(c.errors).toEqual([]);
    const url = new URL(c.src);
    expect(url.origin + url.pathname).toBe('https://example.org/storelab/embed/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ element: '1', speed: '20', autoplay: '1', controls: '0', views: 'MobView,DiskView', set: 'server.mob_mb=2' });
    expect(url.hash).toBe('#sc=mob-default&seed=3&t=2500000000');
    expect(c.label).toBe('mob-default');
    expect(c.views).toEqual(['MobView', 'DiskView']);
    expect(c.loading).toBe('lazy');
  });

  it('carries an inline scenario compressed, as the lab permalink does', () => {
    const toml = '[system]\nkind = "disk"\n';
    const c = read({}, toml);
    expect(c.errors).toEqual([]);
    const s = new URL(c.src).hash.match(/^#s=([^&]+)$/)![1];
    expect(decompressFromEncodedURIComponent(s)).toBe(toml);
    expect(c.label).toBe('an inline scenario');
  });

  it('finds the lab where lab= says, as a folder', () => {
    expect(read({ lab: 'https://other.org/lab' }).src).toBe('https://other.org/lab/embed/?element=1');
    expect(read({ lab: '../x/' }).src).toBe('https://example.org/x/embed/?element=1');
  });

  it('sizes by height or aspect ratio, not both', () => {
    expect(read({ height: '720' }).height).toBe(720);
    expect(read({ height: '640px' }).height).toBe(640);
    expect(read({ 'aspect-ratio': '16/9' }).aspectRatio).toBe('16 / 9');
    expect(read({ 'aspect-ratio': '1.6' }).aspectRatio).toBe('1.6 / 1');
    expect(read({ height: '720', 'aspect-ratio': '2' }).errors).toEqual(['height and aspect-ratio both size the element: keep one']);
  });

  it('names each wrong attribute with what it takes', () => {
    const c = read({ seed: '-1', speed: 'fast', time: 'soon', loading: 'later', controls: 'no', height: '20', 'aspect-ratio': '16x9' });
    expect(c.errors).toEqual([
      'seed="-1" is not a seed: give a whole number, 0 or more (e.g. seed="1")',
      'time="soon" is not a time: give the simulated seconds to open at, 0 or more (e.g. time="2.5")',
      'speed="fast" is not a speed: give simulated seconds per second, from 0.000001 to 300 (e.g. speed="20")',
      'controls="no" is neither 0 (hide) nor 1 (show)',
      'loading="later" is neither lazy (when near the viewport) nor eager (at once)',
      'height="20" is not a height: give CSS pixels, 100 or more (e.g. height="720")',
      'aspect-ratio="16x9" is not a ratio: give width / height (e.g. aspect-ratio="16/9")',
    ]);
    expect(read({ speed: '301' }).errors).toHaveLength(1);
    expect(read({ scenario: 'mob-default' }, 'x = 1').errors[0]).toMatch(/both name a scenario/);
    expect(read({}, '  \n').errors[0]).toMatch(/inline .* is empty/);
  });
});

describe('elementCode', () => {
  const run = { scenarioName: 'mob-default', text: '[system]\nkind = "mob"\n', seed: 2, tNs: 1_500_000_000, views: ['MobView', 'DiskView'], height: 782 };

  it('names a gallery scenario, and the element reads back the same run', () => {
    const code = elementCode('https://example.org/storelab/', run)!;
    expect(code).toBe(
      '<script type="module" src="https://example.org/storelab/storelab-scenario.js"></script>\n' +
        '<storelab-scenario scenario="mob-default" views="MobView,DiskView" seed="2" time="1.5" height="782"></storelab-scenario>',
    );
    const attrs = Object.fromEntries([...code.matchAll(/ ([a-z-]+)="([^"]*)"/g)].filter((m) => m[1] !== 'type' && m[1] !== 'src').map((m) => [m[1], m[2]]));
    const c = readAttributes((n) => attrs[n] ?? null, null, SCRIPT);
    expect(new URL(c.src).hash).toBe('#sc=mob-default&seed=2&t=1500000000');
    expect(c.height).toBe(782);
  });

  it('writes any other text inline, and refuses one that would end its script', () => {
    const code = elementCode('https://example.org/storelab/', { ...run, scenarioName: null, tNs: 0 })!;
    expect(code).toMatch(/<storelab-scenario views="MobView,DiskView" seed="2" height="782">\n<script type="text\/toml">\n\[system\]\nkind = "mob"\n<\/script>\n<\/storelab-scenario>$/);
    expect(elementCode('https://example.org/storelab/', { ...run, scenarioName: null, text: 'title = "</SCRIPT>"' })).toBeNull();
  });
});
