// @vitest-environment jsdom
// The cluster's "About this scenario" on the scenarios as the engine reads them: the web server's
// requests, by the Zipf law or Fig. 60's hot and cold files.
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
    expect(text('global-fig60-hybrid.toml')).toContain('one of 5 hot files, then one of the 295 cold ones, each uniformly (Fig. 60), and goes to the next server');
  });
});
