import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { encodeCompareHash, encodeCompareOptions, readCompareHash, readCompareOptions, sideSpec } from './compareParams';

const gallery = { 'hac-t6-cold': '[system]\nkind = "hac"\n', 'fpc-t1-cold': '[system]\nkind = "hac"\n[client]\npolicy = "fpc"\n' };

describe('the compare hash', () => {
  it('reads two gallery names, the seed and the time', () => {
    const h = readCompareHash('#a=hac-t6-cold&b=fpc-t1-cold&seed=3&t=1500000000', gallery);
    expect(h.errors).toEqual([]);
    expect(h.sides).toEqual([
      { name: 'hac-t6-cold', text: gallery['hac-t6-cold'] },
      { name: 'fpc-t1-cold', text: gallery['fpc-t1-cold'] },
    ]);
    expect(h.seed).toBe(3);
    expect(h.tNs).toBe(1.5e9);
  });

  it('reads a side given as compressed TOML', () => {
    const text = '[system]\nkind = "hac"\n[client]\ncache_mb = 4\n';
    const h = readCompareHash(`#a=hac-t6-cold&bs=${compressToEncodedURIComponent(text)}`, gallery);
    expect(h.sides?.[1]).toEqual({ name: null, text });
    expect(h.seed).toBeNull();
    expect(h.tNs).toBeNull();
  });

  it('names the gallery for an unknown scenario, and says what is missing or broken', () => {
    const h = readCompareHash('#a=no-such&b=hac-t6-cold', gallery);
    expect(h.sides).toBeNull();
    expect(h.errors).toEqual(['a=no-such: there is no scenario called "no-such" in the gallery; its scenarios are hac-t6-cold, fpc-t1-cold']);
    expect(readCompareHash('#a=hac-t6-cold', gallery).errors[0]).toMatch(/^side B is missing: give b=<gallery name> or bs=<compressed TOML>/);
    expect(readCompareHash('#a=hac-t6-cold&bs=%%%', gallery).errors[0]).toMatch(/^bs= is not a scenario/);
    expect(readCompareHash('#a=hac-t6-cold&as=x&b=hac-t6-cold', gallery).errors[0]).toMatch(/^side A is given twice/);
    expect(readCompareHash('#a=hac-t6-cold&b=hac-t6-cold&seed=-1&t=soon', gallery).errors).toEqual(['seed=-1 is not a whole number ≥ 0', 't=soon is not a whole number ≥ 0']);
    // The gallery's own names only.
    expect(readCompareHash('#a=toString&b=hac-t6-cold', gallery).sides).toBeNull();
  });

  it('round-trips: names stay names, other texts are compressed', () => {
    const sides = [sideSpec(gallery['hac-t6-cold'], 'hac-t6-cold', gallery), sideSpec('[client]\npolicy = "fpc"\n', null, gallery)];
    const hash = encodeCompareHash(sides, 7, 2.4e9 + 0.4);
    expect(hash).toMatch(/^#a=hac-t6-cold&bs=[\w+$-]+&seed=7&t=2400000000$/);
    const back = readCompareHash(hash, gallery);
    expect(back.sides).toEqual(sides);
    expect([back.seed, back.tNs]).toEqual([7, 2.4e9]);
  });

  it('names a text by its gallery name only when it is the gallery text', () => {
    expect(sideSpec('edited', 'hac-t6-cold', gallery)).toEqual({ name: null, text: 'edited' });
    expect(sideSpec(gallery['fpc-t1-cold'], 'fpc-t1-cold', gallery).name).toBe('fpc-t1-cold');
  });
});

describe('the compare options', () => {
  it('reads views, chart, along, plot and sweep, and writes back only what is set', () => {
    const o = readCompareOptions('?views=HacView,%20EventLog&chart=fetches&along=work&sweep=client.cache_mb');
    expect(o).toEqual({ views: ['HacView', 'EventLog'], chart: 'fetches', along: 'work', plot: null, sweep: 'client.cache_mb' });
    expect(encodeCompareOptions(o)).toBe('?views=HacView,EventLog&chart=fetches&along=work&sweep=client.cache_mb');
    expect(readCompareOptions(encodeCompareOptions(o))).toEqual(o);
    expect(encodeCompareOptions(readCompareOptions(''))).toBe('');
  });
});
