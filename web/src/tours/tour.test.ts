// A tour file as data: its steps, their waits and runs, and each mistake at its line.
import { describe, expect, it } from 'vitest';
import { parseTour, tourHash } from './tour';
import { decodeHash } from '../state/url';

const HEAD = '---\ntitle: T\nsystem: mob\nscenario: mob-default\nseed: 2\nspeed: 5\n---\n';
const step = (keys: string, text = 'Words.') => '```storelab-step\n' + keys + '\n```\n\n' + text + '\n\n';

describe('a tour file', () => {
  it('reads its steps: what each points at and waits for, its text, and the run it needs', () => {
    const src =
      HEAD +
      step('view: MobView', 'The **MOB**.') +
      step('view: DiskView\nwait: record page_write\nselect: page 12') +
      step('wait: time 60 s\nspeed: 20') +
      step('scenario: fig4-1-mob-size\nset: server.mob_mb=2\nwait: time 1.5 s');
    const { tour, errors } = parseTour('mob', src);
    expect(errors).toEqual([]);
    expect(tour!.title).toBe('T');
    const [a, b, c, d] = tour!.steps;
    expect(a).toMatchObject({ view: 'MobView', wait: { kind: 'reader' }, restarts: true, text: 'The **MOB**.', run: { scenario: 'mob-default', seed: 2, speed: 5, set: '' } });
    expect(b).toMatchObject({ view: 'DiskView', wait: { kind: 'record', name: 'page_write' }, select: { kind: 'page', id: 12 }, restarts: false });
    expect(c).toMatchObject({ view: null, wait: { kind: 'time', ns: 60e9 }, restarts: false, run: { scenario: 'mob-default', speed: 20 } });
    expect(d).toMatchObject({ wait: { kind: 'time', ns: 1.5e9 }, restarts: true, run: { scenario: 'fig4-1-mob-size', seed: 2, speed: 20, set: 'server.mob_mb=2' } });
  });

  it('says every mistake at its line, and gives no tour with one', () => {
    const src = HEAD + step('view: MobView') + step('wait: record\nsepd: 3') + step('select: region 4\nseed: -1\nspeed: 0') + step('set: server.mob_mb') + '```storelab-step\nwait: reader\n```\n';
    const { tour, errors } = parseTour('mob', src);
    expect(tour).toBeNull();
    const at = (line: number) => errors.filter((e) => e.line === line).map((e) => e.message);
    expect(at(15)).toEqual(['wait: record is none of reader, record <kind> (e.g. record flusher_start), time <seconds> s (e.g. time 60 s)']);
    expect(at(16)).toEqual(['a step has no key sepd: it takes view, select, wait, scenario, seed, speed, set']);
    expect(at(22)).toEqual(['select: region 4 is none of server <number>, page <number>, client <number>']);
    expect(at(23)).toEqual(['seed: -1 is not a whole number 0 or more']);
    expect(at(24)).toEqual(['speed: 0 is not a number of simulated seconds a second above 0 and at most 300']);
    expect(at(30)[0]).toMatch(/^set: /);
    expect(at(35)).toEqual(['a step has text: the Markdown after its block']);
    expect(parseTour('x', 'no front matter').errors).toEqual([{ line: 1, message: 'a tour begins with front matter: ---, then title, system and scenario lines, then ---' }]);
    expect(parseTour('x', '---\ntitle: T\n---\n').errors.map((e) => e.message)).toEqual([
      'the front matter has no system: line',
      'the front matter has no scenario: line',
      'a tour has at least one step: a ```storelab-step block',
    ]);
  });

  it('has an address for each step, which the lab reads back', () => {
    expect(tourHash('mob', 2)).toBe('#tour=mob&step=3');
    expect(decodeHash(tourHash('mob', 2)).tour).toEqual({ name: 'mob', step: 2 });
    expect(decodeHash('#tour=mob').tour).toEqual({ name: 'mob', step: 0 });
    expect(decodeHash('#tour=%3Cx%3E&step=2').tour).toBeUndefined();
  });
});
