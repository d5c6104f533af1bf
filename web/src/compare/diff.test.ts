import { describe, expect, it } from 'vitest';
import type { FigureInfo, Sample } from '../engine/types';
import { diffByWork, diffSeries, differingFields, figureRow, formatDiff, formatFigure, sampleAt, sampleFigures, seriesFigure, summaryRows } from './diff';

const fig = (path: string, unit = 'pages', scale = 1): FigureInfo => ({ path, label: path, unit, scale, description: '', only_when: null });
const sample = (t_s: number, fetches: number, extra: Record<string, unknown> = {}): Sample => ({ t_s, measuring: true, fetches, ...extra });

describe('what differs between the sides', () => {
  it('lists the fields whose values differ, with each side value, and not meta or sweep', () => {
    const a = { meta: { title: 'A' }, client: { policy: 'hac', cache_mb: 7.7, retention: 2 / 3 }, workload: { traversal: 't6' }, sweep: { values: [1] } };
    const b = { meta: { title: 'B' }, client: { policy: 'fpc', cache_mb: 7.7, retention: 2 / 3 }, workload: { traversal: 't1' }, sweep: { values: [2] } };
    expect(differingFields(a, b)).toEqual([
      { path: 'client.policy', values: ['hac', 'fpc'] },
      { path: 'workload.traversal', values: ['t6', 't1'] },
    ]);
    expect(differingFields(a, a)).toEqual([]);
    expect(differingFields({ client: { retention: 2 / 3 } }, { client: {} })).toEqual([{ path: 'client.retention', values: ['0.666667', '(none)'] }]);
  });
});

describe('figures on both sides', () => {
  it('scales each value to its unit and gives A − B and its share of B', () => {
    const row = figureRow(fig('server_hit_ratio', '%', 100), [0.9, 0.75]);
    expect(row.values).toEqual([90, 75]);
    expect(row.diff).toBeCloseTo(15);
    expect(row.relative).toBeCloseTo(0.2);
    expect(figureRow(fig('x'), [3, 0]).relative).toBeNull();
    expect(figureRow(fig('x'), [3, NaN]).diff).toBeNaN();
  });

  it('reads summary figures by dotted path, missing summaries as NaN', () => {
    const rows = summaryRows([fig('fetches'), fig('disk.write', '%', 100)], [{ fetches: 502, disk: { write: 0.25 } }, null]);
    expect(rows.map((r) => r.values)).toEqual([
      [502, NaN],
      [25, NaN],
    ]);
  });

  it('formats values and differences for the counters', () => {
    expect(formatFigure(12773)).toBe('12,773');
    expect(formatFigure(4.350694)).toBe('4.35');
    expect(formatFigure(0.0123456)).toBe('0.0123');
    expect(formatFigure(NaN)).toBe('–');
    expect(formatFigure(-62)).toBe('−62');
    expect(formatDiff({ diff: -3297, relative: -3297 / 12120 })).toBe('−3,297 (−27%)');
    expect(formatDiff({ diff: 0.5, relative: 0.05 })).toBe('+0.500 (+5%)');
    expect(formatDiff({ diff: 0, relative: 0 })).toBe('±0');
    expect(formatDiff({ diff: 4, relative: null })).toBe('+4');
  });
});

describe('series figures', () => {
  it('lists a sample numeric figures, nested ones dotted', () => {
    expect(sampleFigures({ t_s: 1, measuring: true, fetches: 3, disk: { write: 0.1, read: 0.2 }, name: 'x' })).toEqual(['fetches', 'disk.write', 'disk.read']);
  });

  it('takes label and unit from the summary figure of the same path, else from the name', () => {
    expect(seriesFigure('fetches', [fig('fetches')]).unit).toBe('pages');
    expect(seriesFigure('table_bytes', [])).toMatchObject({ label: 'table bytes', unit: 'bytes', scale: 1 });
    expect(seriesFigure('intact_frames', []).unit).toBe('frames');
    expect(seriesFigure('throughput', []).unit).toBe('');
  });

  it('finds the latest sample at or before a time', () => {
    const s = [sample(1, 10), sample(2, 20), sample(3, 30)];
    expect(sampleAt(s, 0.5)).toBeNull();
    expect(sampleAt(s, 2)?.fetches).toBe(20);
    expect(sampleAt(s, 2.9)?.fetches).toBe(20);
    expect(sampleAt(s, 99)?.fetches).toBe(30);
  });

  it('gives A, B and A − B at every sample time, an ended side keeping its last value', () => {
    const a = [sample(1, 116), sample(2, 232), sample(2.5, 290)]; // ended at 2.5 s
    const b = [sample(1, 100), sample(2, 200), sample(3, 300)];
    expect(diffSeries([a, b], 'fetches')).toEqual([
      { x: 1, values: [116, 100], diff: 16 },
      { x: 2, values: [232, 200], diff: 32 },
      { x: 2.5, values: [290, 200], diff: 90 },
      { x: 3, values: [290, 300], diff: -10 },
    ]);
    expect(diffSeries([[sample(2, 5)], [sample(1, 1)]], 'fetches', 2)).toEqual([{ x: 2, values: [10, 2], diff: 8 }]);
    expect(diffSeries([[], b], 'fetches')).toEqual([]);
  });

  it('lines the sides up by the work done, as far as both have gone (issue 24, item 4)', () => {
    // A fetches more per visit than B; B visits faster. Over time they interleave; by work,
    // A − B is what the same visits cost each side.
    const at = (tS: number, visits: number, fetches: number) => sample(tS, fetches, { composite_visits: visits });
    const a = [at(1, 10, 100), at(2, 20, 220), at(3, 30, 330)];
    const b = [at(1, 20, 150), at(2, 40, 250)];
    // At 10 visits B has no sample yet; past 30, A has gone no further.
    expect(diffByWork([a, b], 'fetches', 'composite_visits')).toEqual([
      { x: 20, values: [220, 150], diff: 70 },
      { x: 30, values: [330, 150], diff: 180 },
    ]);
    expect(diffByWork([a, []], 'fetches', 'composite_visits')).toEqual([]);
  });
});
