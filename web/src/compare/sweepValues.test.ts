import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests, readScenario } from '../engine/testing';
import { schemaOf } from '../scenario/fields';
import { defaultSweepField, numericFields, sweepValues, valueOf } from './sweepValues';

beforeAll(loadEngineForTests);

const HAC_KNOBS = ['client.policy', 'client.cache_mb', 'workload.traversal'];

describe('the swept field', () => {
  it("is HAC's second knob, client.cache_mb, among the system's numeric fields, knobs first", () => {
    const fields = numericFields(schemaOf(readScenario('hac-t6-cold.toml')), HAC_KNOBS);
    expect(fields[0].path).toBe('client.cache_mb');
    expect(fields.some((f) => f.path.startsWith('run.') || f.path.startsWith('meta.'))).toBe(false);
    expect(fields.find((f) => f.path === 'database.page_kb')?.integer).toBe(true);
    expect(defaultSweepField(fields, HAC_KNOBS)).toBe('client.cache_mb');
  });

  it('falls back to the first numeric knob, then the first numeric field', () => {
    const fields = numericFields(schemaOf(readScenario('hac-t6-cold.toml')), []);
    expect(defaultSweepField(fields, ['client.policy', 'workload.traversal', 'client.retention'])).toBe('client.retention');
    expect(defaultSweepField(fields, [])).toBe(fields[0].path);
    expect(defaultSweepField([], [])).toBeNull();
  });

  it("leaves out a field whose exclusive partner the scenario gives (the MOB's cache_mb beside memory_mb)", () => {
    const text = readScenario('fig5-1-clustering-density-page.toml');
    const paths = numericFields(schemaOf(text), [], text).map((f) => f.path);
    expect(paths).toContain('server.memory_mb');
    expect(paths).not.toContain('server.cache_mb');
    expect(numericFields(schemaOf(readScenario('mob-default.toml')), [], readScenario('mob-default.toml')).map((f) => f.path)).toContain('server.cache_mb');
  });

  it('reads the current value from the scenario as the engine read it', () => {
    expect(valueOf({ client: { cache_mb: 7.7 } }, 'client.cache_mb')).toBe(7.7);
    expect(valueOf({ client: { policy: 'hac' } }, 'client.policy')).toBeNaN();
    expect(valueOf(null, 'client.cache_mb')).toBeNaN();
  });
});

describe('the swept values', () => {
  const real = { schema: { type: 'number', exclusiveMinimum: 0 }, integer: false };
  it('run from a quarter to twice the current value every half octave, the current one exact', () => {
    expect(sweepValues(7.7, real)).toEqual([1.93, 2.72, 3.85, 5.44, 7.7, 10.9, 15.4]);
    expect(sweepValues(7.777, real)).toContain(7.777);
  });

  it('are whole and each once for an integer field, and inside its range', () => {
    expect(sweepValues(2, { schema: { type: 'integer', minimum: 1 }, integer: true })).toEqual([1, 2, 3, 4]);
    expect(sweepValues(8, { schema: { type: 'number', minimum: 4, maximum: 12 }, integer: false })).toEqual([4, 5.66, 8, 11.3]);
  });

  it('are none without a positive value to start from', () => {
    expect(sweepValues(0, real)).toEqual([]);
    expect(sweepValues(NaN, real)).toEqual([]);
  });
});
