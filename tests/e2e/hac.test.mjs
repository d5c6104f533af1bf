// End-to-end tests of the HAC system in the lab (issue 14), in Chromium: a HAC scenario from the
// gallery runs to its end in the same lab as the MOB's, says how its run is timed, and shows its
// results beside the paper's. Screenshots go to tests/artifacts/. Run: node --test tests/e2e/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

describe('HAC in the lab (issue 14)', () => {
  it('a cold T6 through HAC runs to its end and shows its results beside Table 2', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=hac-t6-cold&seed=1`);
    await ready(page);
    assert.match(await page.locator('.subtitle').innerText(), /^hybrid adaptive caching, event by event$/);
    const intro = await page.locator('[data-testid=intro]').innerText();
    assert.match(intro, /starts with an empty client cache at 0 s/);
    assert.doesNotMatch(intro, /flusher/);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('End');
    const results = page.locator('[data-testid=results]');
    await results.waitFor({ timeout: 30_000 });
    const fetches = await page.evaluate(() => window.__storelab.lab.engine.summary().then((s) => s.metrics.fetches));
    assert.ok(fetches > 480 && fetches < 530, `cold T6 fetches each page it touches once: ${fetches}`);
    assert.equal(await page.locator('[data-testid="paper-fetches"]').innerText(), '506 (Table 2, HAC and FPC)');
    assert.match(await results.innerText(), new RegExp(`fetches\\s+${fetches}\\.00\\s+pages\\s+506`));
    assert.doesNotMatch(await results.innerText(), /confidence interval/, 'no interval where the run has none');
    await shot(page, 'hac-t6-results');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
