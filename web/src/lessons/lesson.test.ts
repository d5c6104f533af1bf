import { beforeAll, describe, expect, it } from 'vitest';
import { applyOverrides, embedSrc, firstBelow, lessonLabel, lessonNumber, parseLesson, parseOverrides, parseSweep, readMetric, withinTolerance } from './lesson';
import { describeOverrides, formatOverrides, loadWithOverrides, readSetParam } from './overrides';
import { readField } from '../scenario/fields';
import { LabHost } from '../engine/host';
import { loadEngineForTests, readScenario } from '../engine/testing';
import { readEmbedParams } from '../app/embedParams';

beforeAll(loadEngineForTests);

const lessons = import.meta.glob<string>('../../../lessons/01-*.md', { query: '?raw', import: 'default', eager: true });

describe('lesson parsing', () => {
  it('splits front matter, prose and directives', () => {
    const l = parseLesson('x', '---\ntitle: Hi\n---\n# A\ntext\n```storelab-embed\nscenario: mob-default\nviews: MobView\n```\nmore\n```storelab-question\nid: q\nprompt: long\n  continued\n```\n');
    expect(l.meta.title).toBe('Hi');
    expect(l.segments.map((s) => s.kind)).toEqual(['prose', 'embed', 'prose', 'question', 'prose']);
    expect(l.segments[1]).toEqual({ kind: 'embed', params: { scenario: 'mob-default', views: 'MobView' } });
    expect(l.segments[3]).toMatchObject({ params: { id: 'q', prompt: 'long continued' } });
  });
  it('reads set: in embed blocks', () => {
    const l = parseLesson('x', '```storelab-embed\nscenario: mob-default\nset: server.mob_mb=2,\n  workload.write_prob = 0.5\nviews: MobView\n```\n');
    const embed = l.segments.find((s) => s.kind === 'embed');
    const params = embed?.kind === 'embed' ? embed.params : {};
    expect(params.set).toBe('server.mob_mb=2, workload.write_prob = 0.5');
    expect(parseOverrides(params.set)).toEqual([
      { path: 'server.mob_mb', section: 'server', key: 'mob_mb', value: '2' },
      { path: 'workload.write_prob', section: 'workload', key: 'write_prob', value: '0.5' },
    ]);
  });
  it('every live scenario of every lesson passes options the embed accepts (issue 13, item 9)', () => {
    const embeds = Object.entries(lessons).flatMap(([name, source]) => parseLesson(name, source).segments.flatMap((s) => (s.kind === 'embed' ? [s.params] : [])));
    expect(embeds.length).toBeGreaterThan(0);
    for (const params of embeds) expect(readEmbedParams(new URL(embedSrc(params), 'http://x/lessons/').search).errors).toEqual([]);
  });
  it('lesson 01 has two live scenarios, the second with a 2 MB MOB, and three predict-then-run questions', () => {
    const src = Object.values(lessons)[0];
    expect(src).toBeTruthy();
    const l = parseLesson('01', src);
    expect(l.meta.title).toMatch(/modified object buffer/i);
    const embeds = l.segments.flatMap((s) => (s.kind === 'embed' ? [s.params] : []));
    expect(embeds).toHaveLength(2);
    expect(embeds[0].set).toBeUndefined();
    expect(embeds[1]).toMatchObject({ scenario: 'mob-default', set: 'server.mob_mb=2', views: 'MobView,DiskView' });
    expect(readField(applyOverrides(readScenario('mob-default.toml'), embeds[1].set), 'server.mob_mb')).toBe('2');
    const qs = l.segments.filter((s) => s.kind === 'question');
    expect(qs).toHaveLength(3);
    for (const q of qs) expect(q.kind === 'question' && q.params.metric).toBeTruthy();
  });
});

describe('question checking', () => {
  const summary = { write_absorption: 120, disk_utilisation: { fetch_read: 0.5, install_read: 0.25, write: 0.25 } };
  it('reads metrics, including the derived write share', () => {
    expect(readMetric(summary, 'write_absorption')).toBe(120);
    expect(readMetric(summary, 'disk_utilisation.write')).toBe(0.25);
    expect(readMetric(summary, 'write_share')).toBe(0.5);
    expect(readMetric(summary, 'nope.x')).toBeNull();
  });
  it('checks predictions with a relative tolerance', () => {
    expect(withinTolerance(100, 120, 0.25)).toBe(true);
    expect(withinTolerance(80, 120, 0.25)).toBe(false);
    expect(withinTolerance(NaN, 1, 1)).toBe(false);
  });
  it('reads a question\'s sweep: line, and says what is wrong with a malformed one', () => {
    expect(parseSweep('server.mob_mb = 1, 2, 4')).toEqual({ path: 'server.mob_mb', values: [1, 2, 4] });
    for (const bad of ['mob_mb = 1, 2', 'server.mob_mb 1, 2', 'server.mob_mb = 1, two']) {
      expect(() => parseSweep(bad)).toThrow(/is not section\.key = v1, v2/);
    }
  });
  it('finds the first swept value below a threshold', () => {
    expect(firstBelow([{ value: 1, metric: 0.8 }, { value: 4, metric: 0.55 }, { value: 8, metric: 0.4 }, { value: 12, metric: 0.3 }], 0.5)).toBe(8);
    expect(firstBelow([{ value: 1, metric: 0.8 }], 0.5)).toBeNull();
  });
  it('applies dotted overrides to scenario text', () => {
    const out = applyOverrides('[server]\nmob_mb = 12\n', 'server.mob_mb=4, run.duration_s = 60');
    expect(readField(out, 'server.mob_mb')).toBe('4');
    expect(readField(out, 'run.duration_s')).toBe('60');
  });
});

describe('scenario overrides (set: and the embed route\'s ?set=)', () => {
  it('parses lists, keeps commas inside values and quotes bare words as the CLI does', () => {
    const set = parseOverrides(' sweep.values=[1, 2], flusher.release = per_batch ,server.mob_mb=2');
    expect(set.map((o) => [o.path, o.value])).toEqual([['sweep.values', '[1, 2]'], ['flusher.release', 'per_batch'], ['server.mob_mb', '2']]);
    const out = applyOverrides('', set);
    expect(readField(out, 'sweep.values')).toBe('[1, 2]');
    expect(readField(out, 'flusher.release')).toBe('"per_batch"');
    expect(readField(applyOverrides('', 'client.hit_mode = per_object'), 'client.hit_mode')).toBe('"per_object"');
    // The engine edits the text, so it refuses an unknown field or a wrong type at once.
    expect(() => applyOverrides('', 'client.warm = true')).toThrow(/^set client\.warm=true: unknown field `client\.warm`; client has: count/);
    expect(describeOverrides(set)).toBe('sweep.values = [1, 2], flusher.release = per_batch, server.mob_mb = 2');
    expect(parseOverrides('')).toEqual([]);
    expect(parseOverrides(undefined)).toEqual([]);
  });
  it('rejects malformed overrides, naming the part', () => {
    expect(() => parseOverrides('server.mob_mb=2, mob_mb=4')).toThrow(/"mob_mb=4".*section\.key=value/);
    expect(() => parseOverrides('server.mob_mb=')).toThrow(/server\.mob_mb: no value/);
    expect(() => applyOverrides('', 'server.mob_mb 4')).toThrow(/server\.mob_mb 4/);
    expect(readSetParam('?set=mob_mb%3D2')).toEqual({ pinned: [], error: expect.stringMatching(/mob_mb=2/) });
  });
  it('round-trips through the embed URL', () => {
    const src = embedSrc({ scenario: 'uniform-absorption', views: 'MobView,DiskView', speed: '7', seed: '3', set: 'server.mob_mb = 2, workload.write_prob=0.5, sweep.values=[1, 2]' });
    const url = new URL(src, 'http://localhost/lessons/');
    expect(url.pathname).toBe('/embed/');
    expect(url.searchParams.get('views')).toBe('MobView,DiskView');
    expect(url.searchParams.get('speed')).toBe('7');
    expect(url.searchParams.get('set')).toBe('server.mob_mb=2,workload.write_prob=0.5,sweep.values=[1, 2]');
    expect(url.hash).toBe('#sc=uniform-absorption&seed=3');
    const read = readSetParam(url.search);
    expect(read.error).toBeNull();
    expect(read.pinned).toEqual(parseOverrides('server.mob_mb=2, workload.write_prob=0.5, sweep.values=[1, 2]'));
    expect(formatOverrides(read.pinned)).toBe(url.searchParams.get('set'));
    // Without set: no parameter at all; a malformed set: cannot make a URL.
    expect(new URL(embedSrc({ scenario: 'mob-default' }), 'http://localhost/lessons/').searchParams.has('set')).toBe(false);
    expect(() => embedSrc({ set: 'oops' })).toThrow(/oops/);
  });

  describe('with the real engine', () => {
    const base = readScenario('mob-default.toml');
    const check = async (set: string) => {
      const host = new LabHost();
      try {
        return await loadWithOverrides(async (text) => host.load(text), base, parseOverrides(set));
      } finally {
        host.dispose();
      }
    };
    it('loads valid overrides', async () => {
      expect(await check('server.mob_mb=2, workload.write_prob=0.5, flusher.release=per_batch')).toBeNull();
    });
    it('names the override the engine rejects: unknown key, wrong type, out of range', async () => {
      expect(await check('server.mob_mb=2, server.mob_size=4')).toMatch(/^set server\.mob_size=4: unknown field `server\.mob_size`; server has: .*mob_mb/);
      expect(await check('servr.mob_mb=4')).toMatch(/^set servr\.mob_mb=4: unknown section `\[servr\]`/);
      expect(await check('server.mob_mb=big')).toMatch(/^set server\.mob_mb=big: .*expected a number \(MB\)/);
      expect(await check('server.mob_mb=-2')).toMatch(/^set server\.mob_mb=-2: -2 MB is out of range \(0 < value ≤ 65536\)/);
      expect(await check('server.mob_mb=2, workload.write_prob=1.5')).toMatch(/^set workload\.write_prob=1\.5: .*out of range/);
      expect(await check('server.mob_mb=1..2')).toMatch(/^set server\.mob_mb=1\.\.2: /);
    });
  });
});

describe('lessonNumber and lessonLabel', () => {
  it('number a lesson from its file name, so the menu and the files agree', () => {
    expect(lessonNumber('03-opportunistic-log')).toBe(3);
    expect(lessonNumber('10-x')).toBe(10);
    expect(lessonNumber('README')).toBeNull();
    expect(lessonLabel(parseLesson('04-hac', '---\ntitle: Hybrid adaptive caching\n---\n'))).toBe('4. Hybrid adaptive caching');
    expect(lessonLabel(parseLesson('notes', '---\ntitle: Notes\n---\n'))).toBe('Notes');
  });
});
