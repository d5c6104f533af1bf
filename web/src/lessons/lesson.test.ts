import { describe, expect, it } from 'vitest';
import { applyOverrides, firstBelow, parseLesson, readMetric, withinTolerance } from './lesson';
import { readKey } from '../scenario/toml-edit';

const lessons = import.meta.glob<string>('../../../lessons/01-*.md', { query: '?raw', import: 'default', eager: true });

describe('lesson parsing', () => {
  it('splits front matter, prose and directives', () => {
    const l = parseLesson('x', '---\ntitle: Hi\n---\n# A\ntext\n```storelab-embed\nscenario: mob-default\nviews: MobView\n```\nmore\n```storelab-question\nid: q\nprompt: long\n  continued\n```\n');
    expect(l.meta.title).toBe('Hi');
    expect(l.segments.map((s) => s.kind)).toEqual(['prose', 'embed', 'prose', 'question', 'prose']);
    expect(l.segments[1]).toEqual({ kind: 'embed', params: { scenario: 'mob-default', views: 'MobView' } });
    expect(l.segments[3]).toMatchObject({ params: { id: 'q', prompt: 'long continued' } });
  });
  it('lesson 01 has a live scenario and three predict-then-run questions', () => {
    const src = Object.values(lessons)[0];
    expect(src).toBeTruthy();
    const l = parseLesson('01', src);
    expect(l.meta.title).toMatch(/modified object buffer/i);
    expect(l.segments.filter((s) => s.kind === 'embed')).toHaveLength(1);
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
  it('finds the first swept value below a threshold', () => {
    expect(firstBelow([{ value: 1, metric: 0.8 }, { value: 4, metric: 0.55 }, { value: 8, metric: 0.4 }, { value: 12, metric: 0.3 }], 0.5)).toBe(8);
    expect(firstBelow([{ value: 1, metric: 0.8 }], 0.5)).toBeNull();
  });
  it('applies dotted overrides to scenario text', () => {
    const out = applyOverrides('[server]\nmob_mb = 12\n', 'server.mob_mb=4, run.duration_s = 60');
    expect(readKey(out, 'server', 'mob_mb')).toBe('4');
    expect(readKey(out, 'run', 'duration_s')).toBe('60');
  });
});
