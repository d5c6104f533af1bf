import { describe, expect, it } from 'vitest';
import type { FigureInfo } from '../engine/types';
import { differenceFromPaper, figuresFor, formatResult, resultRows, seriesCsv, summaryCsv } from './results';

const figures: FigureInfo[] = [
  { path: 'throughput_tps', label: 'throughput', unit: 'tx/s', scale: 1, description: '', only_when: null },
  { path: 'disk_utilisation.fetch_read', label: 'disk busy: fetch reads', unit: '%', scale: 100, description: '', only_when: null },
];
const summary = { throughput_tps: 130.9, throughput_ci95: 18.1, disk_utilisation: { fetch_read: 0.5 } };

describe('results of a finished run (issue 13, item 3)', () => {
  it('reads each figure with its unit and scale, and the throughput interval', () => {
    expect(resultRows(figures, summary)).toMatchObject([
      { label: 'throughput', value: 130.9, ci95: 18.1, unit: 'tx/s' },
      { label: 'disk busy: fetch reads', value: 50, ci95: null, unit: '%' },
    ]);
  });
  it("reads a response time's interval from its own `_ci95` figure (the global cluster's, issue 28)", () => {
    const response: FigureInfo = { path: 'response_ms', label: 'response time', unit: 'ms', scale: 1, description: '', only_when: null };
    expect(resultRows([response], { response_ms: 1.76, response_ms_ci95: 0.02 })[0].ci95).toBe(0.02);
    expect(resultRows([response], { response_ms: 1.76 })[0].ci95).toBeNull();
  });
  it("puts the paper's numbers beside the figures the scenario names, at the run's sweep point", () => {
    const paper_numbers = [
      { figure: 'throughput_tps', at: [1, 12], values: [40, 115], source: 'Fig. X' },
      { figure: 'disk_utilisation.fetch_read', values: [70], source: '§4, "quoted"' },
    ];
    const at = (mob_mb: number) => ({ meta: { paper_numbers }, server: { mob_mb }, sweep: { parameter: 'server.mob_mb', values: [1, 12] } });
    expect(resultRows(figures, summary, at(12)).map((r) => r.paper)).toEqual([[{ value: 115, source: 'Fig. X' }], [{ value: 70, source: '§4, "quoted"' }]]);
    expect(resultRows(figures, summary, at(1))[0].paper).toEqual([{ value: 40, source: 'Fig. X' }]);
    expect(resultRows(figures, summary, at(4))[0].paper).toEqual([]);
    expect(summaryCsv(resultRows(figures, summary, at(12))).split('\n')[2]).toBe('disk_utilisation.fetch_read,50,,%,disk busy: fetch reads,70,"§4, ""quoted"""');
  });
  it('leaves a figure of one variant out of the other runs (the write-optimized layout\'s; the regions\' under WO and hybrid, issue 25)', () => {
    const wo: FigureInfo = { path: 'wo.fragment_reads', label: 'WO: fragment reads', unit: 'reads', scale: 1, description: '', only_when: ['server.layout', ['write_optimized']] };
    const regions: FigureInfo = { path: 'wo.free_regions', label: 'free regions', unit: 'regions', scale: 1, description: '', only_when: ['server.layout', ['write_optimized', 'hybrid']] };
    const all = [...figures, wo, regions];
    const s = { ...summary, wo: { fragment_reads: 12, free_regions: 3 } };
    const labels = (scenario: Record<string, Record<string, unknown>>) => resultRows(all, s, scenario).map((r) => r.label);
    expect(labels({ server: { layout: 'read_optimized' } })).toEqual(['throughput', 'disk busy: fetch reads']);
    expect(labels({ server: { layout: 'write_optimized' } })).toEqual(['throughput', 'disk busy: fetch reads', 'WO: fragment reads', 'free regions']);
    expect(labels({ server: { layout: 'hybrid' } })).toEqual(['throughput', 'disk busy: fetch reads', 'free regions']);
    expect(figuresFor(all, null)).toHaveLength(4);
  });
  it('writes the summary and the series as CSV', () => {
    expect(summaryCsv(resultRows(figures, summary))).toBe(
      'figure,value,ci95,unit,label,paper,paper_source\nthroughput_tps,130.9,18.1,tx/s,throughput,,\ndisk_utilisation.fetch_read,50,,%,disk busy: fetch reads,,\n',
    );
    expect(seriesCsv([{ t_s: 1, measuring: false, tps: 3, disk: { busy: 0.5 } }, { t_s: 2, measuring: true, tps: 4, disk: { busy: 1 } }])).toBe(
      't_s,measuring,tps,disk.busy\n1,false,3,0.5\n2,true,4,1\n',
    );
  });
});

describe('formatResult and differenceFromPaper (issue 24, item 12)', () => {
  it('prints a count as a count and a measure with two decimals', () => {
    expect(formatResult(8823, 'pages')).toBe('8,823');
    expect(formatResult(506, '')).toBe('506');
    expect(formatResult(12.5, 'pages')).toBe('12.50');
    expect(formatResult(2, 'ms')).toBe('2.00');
    expect(formatResult(50, '%')).toBe('50.00');
    expect(formatResult(NaN, 'ms')).toBe('–');
  });

  it("gives the run's difference from the paper in percent of the paper's", () => {
    expect(differenceFromPaper(110, 100)).toBe('+10%');
    expect(differenceFromPaper(96.8, 100)).toBe('−3.2%');
    expect(differenceFromPaper(506, 506)).toBe('+0.0%');
    expect(differenceFromPaper(1, 0)).toBeNull();
  });
});
