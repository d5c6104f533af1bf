import { describe, expect, it } from 'vitest';
import type { FigureInfo } from '../engine/types';
import { resultRows, seriesCsv, summaryCsv } from './results';

const figures: FigureInfo[] = [
  { path: 'throughput_tps', label: 'throughput', unit: 'tx/s', scale: 1, description: '' },
  { path: 'disk_utilisation.fetch_read', label: 'disk busy: fetch reads', unit: '%', scale: 100, description: '' },
];
const summary = { throughput_tps: 130.9, throughput_ci95: 18.1, disk_utilisation: { fetch_read: 0.5 } };

describe('results of a finished run (issue 13, item 3)', () => {
  it('reads each figure with its unit and scale, and the throughput interval', () => {
    expect(resultRows(figures, summary)).toMatchObject([
      { label: 'throughput', value: 130.9, ci95: 18.1, unit: 'tx/s' },
      { label: 'disk busy: fetch reads', value: 50, ci95: null, unit: '%' },
    ]);
  });
  it('writes the summary and the series as CSV', () => {
    expect(summaryCsv(resultRows(figures, summary))).toBe(
      'figure,value,ci95,unit,label\nthroughput_tps,130.9,18.1,tx/s,throughput\ndisk_utilisation.fetch_read,50,,%,disk busy: fetch reads\n',
    );
    expect(seriesCsv([{ t_s: 1, measuring: false, tps: 3, disk: { busy: 0.5 } }, { t_s: 2, measuring: true, tps: 4, disk: { busy: 1 } }])).toBe(
      't_s,measuring,tps,disk.busy\n1,false,3,0.5\n2,true,4,1\n',
    );
  });
});
