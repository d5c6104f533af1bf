// @vitest-environment jsdom
// Thor's "About this scenario" on the scenarios as the engine reads them (every default filled
// in): the split into calls and transactions the engine uses, and the other FEs when there are.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { loadEngineForTests, readScenario } from '../../engine/testing';
import { Lab } from '../../engine/wasm';
import type { ScenarioValues } from '../../engine/types';
import { ThorIntro, thorSplit } from './Intro';

beforeAll(loadEngineForTests);

function values(name: string): ScenarioValues {
  const lab = new Lab(readScenario(name));
  const v = JSON.parse(lab.scenario_json()) as ScenarioValues;
  lab.free();
  return v;
}

function render(scenario: ScenarioValues): HTMLElement {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(createElement(ThorIntro, { scenario, run: { warmupNs: 0, endNs: null }, warmupEnd: null } as never)));
  return host;
}

describe("Thor's about box", () => {
  it('gives the split the engine uses: one call on the small database, 48 × 83 on the medium one, or the scenario\'s', () => {
    expect(thorSplit(values('thor-t1-small.toml'))).toEqual({ parts: 0, calls: 0 });
    expect(thorSplit(values('table3-thor-t1-medium.toml'))).toEqual({ parts: 48, calls: 83 });
    expect(thorSplit(values('table2-thor-t6-medium.toml'))).toEqual({ parts: 0, calls: 0 });
    expect(thorSplit(values('thor-t2b-small-shared.toml'))).toEqual({ parts: 48, calls: 5 });
  });

  it('says when other FEs share the database, and not otherwise', () => {
    const shared = render(values('thor-t2b-small-shared.toml'));
    expect(shared.querySelector('[data-testid=thor-split]')?.textContent).toMatch(/calls of 48 atomic parts, in transactions of 5 calls/);
    expect(shared.querySelector('[data-testid=thor-sharing]')?.textContent).toMatch(/^4 other FEs share the database .* every 200 ms .* aborts 8 times in a row/);
    const alone = render(values('thor-t2b-small-alone.toml'));
    expect(alone.querySelector('[data-testid=thor-sharing]')).toBeNull();
    expect(render(values('thor-t1-small.toml')).textContent).toMatch(/^One traversal .* one call and one transaction/);
    expect(render(values('table1-thor-t1-hot.toml')).textContent).toMatch(/^Five traversals .* in one transaction/);
  });
});
