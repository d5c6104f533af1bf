// The detail a sweep question shows once it has run: each point in its figure's own unit. It used
// to multiply every metric by 100 and append "%", right for lesson 01's write_share (a fraction)
// but not for a cost in ms (ICost 14.7 ms read "1473%") or a count.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMeasured, metricLabel } from './LessonPage';
import { loadEngineForTests } from '../engine/testing';
import { Lab } from '../engine/wasm';
import type { FigureInfo, SystemDescription } from '../engine/types';

beforeAll(loadEngineForTests);

function figuresOf(kind: string): FigureInfo[] {
  const lab = new Lab(`[system]\nkind = "${kind}"\n`);
  try {
    return (JSON.parse(lab.describe_json()) as SystemDescription).figures;
  } finally {
    lab.free();
  }
}

describe('a sweep question’s measured points', () => {
  it('shows a cost in ms as ms, not ×100 as a percentage', () => {
    const figures = figuresOf('oplog');
    expect(formatMeasured('cost_ms.install_read', 14.7293, figures)).toBe('14.7 ms');
    expect(formatMeasured('cost_ms.install_read', 2.5105, figures)).toBe('2.51 ms');
    expect(metricLabel('cost_ms.install_read', figures)).toBe('ICost: installation read');
  });

  it('scales a fraction the system shows as a percentage, and rounds large values', () => {
    const figures = figuresOf('oplog');
    expect(formatMeasured('i_abs', 0.2817, figures)).toBe('28.2%');
    expect(formatMeasured('throughput_tps', 218.8233, figures)).toBe('219 tx/s');
    expect(formatMeasured('mean_dirty_pages', 32567.95, figures)).toBe('32,568 pages');
    expect(formatMeasured('installation_reads_per_tx', 0.14378, figures)).toBe('0.144');
  });

  it('keeps lesson 01’s derived write_share a percentage, and marks a missing value', () => {
    const figures = figuresOf('mob');
    expect(formatMeasured('write_share', 0.4712, figures)).toBe('47%');
    expect(metricLabel('write_share', figures)).toBe('write share');
    expect(formatMeasured('cost_ms.install_read', null, figures)).toBe('—');
    expect(formatMeasured('no_such_figure', 3.14159, [])).toBe('3.14');
  });
});
