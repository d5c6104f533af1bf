import { describe, expect, it } from 'vitest';
import { gallery, scenarioTexts } from './gallery';
import { atPoint, pointOf, sweepOf } from './sweep';

describe('scenario sweeps in the lab', () => {
  it('reads the sweep of a figure scenario, and none from mob-default', () => {
    expect(sweepOf(scenarioTexts['fig4-1-mob-size'])).toEqual({
      parameter: 'server.mob_mb',
      section: 'server',
      key: 'mob_mb',
      values: [1, 2, 3, 4, 8, 12, 16, 20, 24],
    });
    expect(sweepOf(scenarioTexts['mob-default'])).toBeNull();
  });

  it('reads every sweep in scenarios/', () => {
    const figures = gallery.filter((g) => /^\s*\[sweep\]/m.test(g.text));
    expect(figures.length).toBeGreaterThanOrEqual(8);
    for (const g of figures) expect(sweepOf(g.text), g.name).not.toBeNull();
  });

  it('leaves forms it does not follow to the engine', () => {
    expect(sweepOf('[sweep]\nparameter = "server.mob_mb"\nvalues = [\n  1,\n  2,\n]\n')).toBeNull();
    expect(sweepOf('[sweep]\nparameter = "mob_mb"\nvalues = [1, 2]\n')).toBeNull();
    expect(sweepOf('[sweep]\nparameter = "server.mob_mb"\nvalues = [1, "two"]\n')).toBeNull();
    expect(sweepOf('[sweep]\nparameter = "database.size_mb"\nvalues = [1_000, 2_000] # MB\n')?.values).toEqual([1000, 2000]);
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
