import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests } from '../engine/testing';
import { sweepOf } from './sweep';
import { figureKey, withPoint } from './sweepPoints';
import { summaryValue } from '../app/results';

beforeAll(loadEngineForTests);

const FIGURE = '[server]\nmob_mb = 4\n[sweep]\nparameter = "server.mob_mb"\nvalues = [1, 4, 12]\n';

describe('the points of a figure scenario (issue 13, item 3)', () => {
  it('gathers each point once, by its swept value, for the same figure whatever point the text runs', () => {
    const sweep = sweepOf(FIGURE)!;
    const at12 = FIGURE.replace('mob_mb = 4', 'mob_mb = 12');
    const values = (mob: number, cache = 12) => ({ server: { mob_mb: mob, cache_mb: cache }, sweep: { values: [1, 4, 12] } });
    expect(figureKey(values(12), sweep, 1)).toBe(figureKey(values(4), sweep, 1));
    expect(figureKey(values(4, 6), sweep, 1)).not.toBe(figureKey(values(4), sweep, 1));
    expect(figureKey(values(4), sweep, 2)).not.toBe(figureKey(values(4), sweep, 1));
    const noDefault = () => null;
    let points = withPoint([], FIGURE, sweep, noDefault, { throughput_tps: 40 });
    points = withPoint(points, at12, sweep, noDefault, { throughput_tps: 60 });
    points = withPoint(points, FIGURE, sweep, noDefault, { throughput_tps: 42 }); // run again: replaced
    expect(points.map((p) => [p.x, summaryValue(p.summary, 'throughput_tps')])).toEqual([[4, 42], [12, 60]]);
    // A text at the field's default counts at the default.
    const atDefault = FIGURE.replace('[server]\nmob_mb = 4\n', '');
    expect(withPoint([], atDefault, sweep, () => 12, {}).map((p) => p.x)).toEqual([12]);
    expect(summaryValue({ a: { b: 2 } }, 'a.b')).toBe(2);
  });
});
