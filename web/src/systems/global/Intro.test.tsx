// @vitest-environment jsdom
// The cluster's "About this scenario" on the scenarios as the engine reads them: the web server's
// requests, by the Zipf law or Fig. 60's hot and cold files, and Fig. 58's file sizes.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { loadEngineForTests, readScenario } from '../../engine/testing';
import { Lab } from '../../engine/wasm';
import type { ScenarioValues } from '../../engine/types';
import { GlobalIntro } from './Intro';

beforeAll(loadEngineForTests);

function text(name: string): string {
  const lab = new Lab(readScenario(name));
  const scenario = JSON.parse(lab.scenario_json()) as ScenarioValues;
  lab.free();
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(createElement(GlobalIntro, { scenario, run: { warmupNs: 0, endNs: null }, warmupEnd: null } as never)));
  const out = host.textContent ?? '';
  act(() => root.unmount());
  return out;
}

describe("the cluster's about box", () => {
  it('says how a web request picks its file: the Zipf law, or a hot file then a cold one', () => {
    expect(text('global-fig53-hybrid.toml')).toContain('a whole file, picked by a Zipf law of skew 0.6, and goes to the next server');
    expect(text('global-fig60-hybrid.toml')).toContain('one of 5 hot files, then one of the cold ones, each uniformly (Fig. 60), and goes to the next server');
  });

  it("says how Fig. 58's files are sized", () => {
    expect(text('global-fig53-hybrid.toml')).toContain('serving 300 files of 32 pages (thesis Ch. 5)');
    expect(text('global-fig58-hybrid.toml')).toContain('serving 9,600 pages in files of 16, 32, 64 and 128 pages, a quarter of the pages each');
  });
});
