// End-to-end test of the MOB thesis's Chapter 6 in the lab (issue 27), in Chromium: the OO7
// traversals of Fig. 6-4 on the write-optimized layout, seen at 120 s: the disk-space view shows
// the composite parts' pages split into fragments by scattered writes, the about box says what a
// transaction and the MOB's colours are here. Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/mob-ch6.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

describe('Chapter 6: OO7 on the MOB server (issue 27)', () => {
  it('shows random writes fragmenting the write-optimized layout', async () => {
    const t = 120_000_000_000;
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=fig6-4-random-write-wo&seed=1&t=${t}`, { viewport: { width: 1440, height: 1000 } });
    await ready(page);
    await page.waitForFunction((t) => window.__storelab.lab.currentNs() === t && !window.__storelab.lab.store.get().busy, t, { timeout: 120_000 });
    const frame = await page.evaluate(() => {
      const f = window.__storelab.frames.latest();
      const pages = Array.from(f.sections.fragments.columns.page);
      const perPage = new Map();
      for (const p of pages) perPage.set(p, (perPage.get(p) ?? 0) + 1);
      return { pages: f.sections.database.scalars.pages, split: [...perPage.values()].filter((n) => n > 1).length };
    });
    assert.equal(frame.pages, 3210, "Table 6.1's 20 modules on about 3200 pages of 32 KB");
    assert.ok(frame.split > 50, `pages split into fragments by scattered writes: ${frame.split}`);
    assert.match(await page.locator('[data-testid=intro]').innerText(), /one OO7 traversal/);
    await page.locator('[data-panel=SpaceView]').waitFor();
    await shot(page, 'mob-ch6-random-write-wo-120s');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
