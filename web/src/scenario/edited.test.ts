import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests } from '../engine/testing';
import { editedFrom, originalOf, summarize } from './edited';
import { setField } from './fields';
import { scenarioTexts } from './gallery';

beforeAll(loadEngineForTests);

describe('an edited gallery scenario (issue 24, item 2)', () => {
  const mob = scenarioTexts['mob-default'];

  it('is the original as written: nothing to say', () => {
    expect(editedFrom(mob, 'mob-default')).toBeNull();
    expect(editedFrom(mob, null)).toBeNull();
  });

  it('names what differs, finding its original by title when it came without its name (a permalink)', () => {
    const text = setField(mob, 'server.mob_mb', '8');
    expect(originalOf(text, null)).toBe('mob-default');
    const e = editedFrom(text, null)!;
    expect(e.name).toBe('mob-default');
    expect(summarize(e)).toBe('server.mob_mb = 8 (12 in the original)');
    const oplog = setField(scenarioTexts['oplog-pool'], 'server.design', 'absorbing');
    expect(summarize(editedFrom(oplog, 'oplog-pool')!)).toBe('server.design = absorbing (opportunistic in the original)');
    const many = setField(setField(setField(text, 'client.count', '4'), 'workload.write_prob', '0.5'), 'disk.rpm', '5400');
    expect(summarize(editedFrom(many, null)!)).toMatch(/; and 2 more$/);
  });

  it('is its own scenario once its title is its own', () => {
    expect(editedFrom(setField(setField(mob, 'server.mob_mb', '8'), 'meta.title', '"Mine"'), null)).toBeNull();
  });
});
