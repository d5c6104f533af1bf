// A question's run goes to its end even when the lab's look-ahead did not find the end: a long
// write-optimized warm-up in WebAssembly can take longer than FIND_END_MS.
import { describe, expect, it, vi } from 'vitest';

const seeks: number[] = [];
vi.mock('../engine/client', () => ({
  LabClient: class {
    async load() {
      return { ok: true, endNs: null, longestEndNs: 3_613e9, description: { figures: [] } };
    }
    async frame(t: number) {
      seeks.push(t);
      return {};
    }
    async summary() {
      return { metrics: { throughput_tps: 1 } };
    }
  },
}));

describe('a lesson question whose run has no known end yet', () => {
  it('runs to the longest the run may last, where the engine stops at its real end', async () => {
    const { runToEnd } = await import('./LessonPage');
    const run = await runToEnd('[system]\nkind = "mob"\n', [], 1);
    expect(seeks).toEqual([3_613e9]);
    expect(run.metrics).toEqual({ throughput_tps: 1 });
  });
});
