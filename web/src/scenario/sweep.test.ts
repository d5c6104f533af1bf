import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests } from '../engine/testing';
import { gallery, scenarioTexts } from './gallery';
import { atPoint, pointOf, sweepOf } from './sweep';

beforeAll(loadEngineForTests);

describe('scenario sweeps in the lab', () => {
  it('reads the sweep of a figure scenario, and none from mob-default', () => {
    expect(sweepOf(scenarioTexts['fig4-1-mob-size'])).toEqual({
      parameter: 'server.mob_mb',
      section: 'server',
      key: 'mob_mb',
      values: [1, 2, 3, 4, 8, 12, 16, 20, 24],
      series: null,
    });
    expect(sweepOf(scenarioTexts['mob-default'])).toBeNull();
  });

  it('reads every sweep in scenarios/', () => {
    const figures = gallery.filter((g) => /^\s*\[sweep\]/m.test(g.text));
    expect(figures.length).toBeGreaterThanOrEqual(8);
    for (const g of figures) expect(sweepOf(g.text), g.name).not.toBeNull();
  });

  it('reads a series: Table 4.10 runs the page sizes once per cluster region', () => {
    const sweep = sweepOf(scenarioTexts['table4-10-page-size-by-region'])!;
    expect(sweep.parameter).toBe('database.page_kb');
    expect(sweep.values).toEqual([16, 32, 64, 128]);
    expect(sweep.series).toEqual({ parameter: 'workload.cluster_region', section: 'workload', key: 'cluster_region', values: [32, 128, 256, 512, 1024] });
    const at = atPoint(atPoint(scenarioTexts['table4-10-page-size-by-region'], sweep.series!, 1024), sweep, 128);
    expect([pointOf(at, sweep.series!), pointOf(at, sweep)]).toEqual([1024, 128]);
    expect(sweepOf(at)).toEqual(sweep);
  });

  it('leaves forms it does not follow to the engine', () => {
    expect(sweepOf('[sweep]\nparameter = "server.mob_mb"\nvalues = [1, 2]\nseries_values = [3]\n')).toBeNull();
    expect(sweepOf('[sweep]\nparameter = "mob_mb"\nvalues = [1, 2]\n')).toBeNull();
    expect(sweepOf('[sweep]\nparameter = "server.mob_mb"\nvalues = [1, "two"]\n')).toBeNull();
    expect(sweepOf('[sweep]\nparameter = "database.size_mb"\nvalues = [1_000, 2_000] # MB\n')?.values).toEqual([1000, 2000]);
    // The engine reads the text, so a multi-line array is read like any other.
    expect(sweepOf('[sweep]\nparameter = "server.mob_mb"\nvalues = [\n  1,\n  2, # two\n]\n')?.values).toEqual([1, 2]);
  });

  it('moves to a point by setting the swept field, keeping the sweep', () => {
    const text = scenarioTexts['fig4-1-mob-size'];
    const sweep = sweepOf(text)!;
    expect(pointOf(text, sweep)).toBeNull();
    const at2 = atPoint(text, sweep, 2);
    expect(pointOf(at2, sweep)).toBe(2);
    expect(sweepOf(at2)).toEqual(sweep);
    expect(pointOf(atPoint(at2, sweep, 16), sweep)).toBe(16);
  });
});
