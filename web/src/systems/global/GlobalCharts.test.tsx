// @vitest-environment jsdom
// The cluster's charts on a run of the engine: the response time and disk reads once measuring,
// and one line a server of its LRU tail age (Fig. 42), named by its client, a gap while a frame is
// free; the series is the engine's from the run's start.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeForTests, loadEngineForTests, readScenario } from '../../engine/testing';
import { Lab } from '../../engine/wasm';
import type { SystemDescription } from '../../engine/types';
import { RESPONSE_CHART, tailSpec, type GlobalSample } from './GlobalCharts';

let description: SystemDescription;
let samples: GlobalSample[];

beforeAll(async () => {
  await loadEngineForTests();
  const text = readScenario('global-fig42-global.toml').replace('warmup_s = 100\nduration_s = 100', 'warmup_s = 20\nduration_s = 20');
  description = describeForTests(text);
  const lab = new Lab(text, 1);
  try {
    lab.run_to_end();
    samples = JSON.parse(lab.series_json()) as GlobalSample[];
  } finally {
    lab.free();
  }
});

describe("the cluster's charts", () => {
  it('sample every 2 s, each server with its tail age once its memory is full', () => {
    expect(description.views.map((v) => v.view)).toContain('GlobalCharts');
    expect(samples.map((s) => s.t_s).slice(0, 3)).toEqual([2, 4, 6]);
    const last = samples[samples.length - 1];
    expect(last.tail_age_s).toHaveLength(10);
    expect(last.tail_age_s[0], "the large client's server is full by 40 s").toBeGreaterThan(0);
  });

  it('name a line a server by its client, and draw the response only once measuring', () => {
    const spec = tailSpec(['large', 'large', 'small', 'small', 'small', 'none', 'none', 'none', 'none', 'none']);
    expect(spec.lines.map((l) => l.name)).toEqual(['S0 (large client)', 'S1 (large client)', 'S2 (small client)', 'S3 (small client)', 'S4 (small client)', 'S5 (idle)', 'S6 (idle)', 'S7 (idle)', 'S8 (idle)', 'S9 (idle)']);
    const last = samples[samples.length - 1];
    spec.lines.forEach((l, i) => expect(l.value(last)).toBe(last.tail_age_s[i]));
    const first = samples[0];
    expect(RESPONSE_CHART.lines[0].value(first)).toBeNull();
    expect(RESPONSE_CHART.lines[0].value(last)).toBe(last.response_ms);
  });
});
