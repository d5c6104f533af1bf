// End-to-end tests of compare mode (issue 14), in Chromium: the lab's "Compare…" opens HAC's cold
// T6 against the same traversal through FPC; one clock drives both sides, a link to a time shows
// the same counters, the plot against the cache size fills in, and a wrong link says what exists.
// Screenshots go to tests/artifacts/. Run: node --test tests/e2e/compare.test.mjs
import { describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import lzString from 'lz-string';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

/** Each side's time, the shared clock's, and the summary counters as the page shows them. */
const counters = (page) =>
  page.evaluate(() => {
    const cells = [...document.querySelectorAll('[data-testid=summary-counters] tbody tr')].map((tr) => [tr.dataset.figure, [...tr.querySelectorAll('td')].map((td) => td.textContent)]);
    return {
      clockNs: window.__storelab.lab.currentNs(),
      sidesNs: window.__storelab.sides.map((s) => s.latest()?.nowNs),
      fetches: window.__storelab.sides.map((s) => s.summary?.fetches),
      cells: Object.fromEntries(cells),
    };
  });

/** Waits until every view has loaded (they load lazily) and nothing is in flight. */
const settled = (page) => page.waitForFunction(() => !document.querySelector('.view-placeholder') && !window.__storelab.lab.store.get().busy, null, { timeout: 30_000 });

/** The compare link the lab's dialog makes for hac-t6-cold against client.policy = fpc. */
async function compareLinkFromLab(browser) {
  const lab = await harness.newPage(browser, `${suite.base}#sc=hac-t6-cold&seed=1`);
  await ready(lab);
  await lab.locator('[data-testid=compare]').click();
  const dialog = lab.locator('[data-testid=compare-dialog]');
  await dialog.waitFor();
  assert.equal(await dialog.locator('[data-testid=pick-field]').inputValue(), 'client.policy', "HAC's first knob");
  assert.equal(await dialog.locator('[data-testid=pick-value]').inputValue(), 'fpc', 'its first baseline');
  await shot(lab, 'compare-dialog', '.compare-dialog');
  const href = await dialog.locator('[data-testid=open-compare]').getAttribute('href');
  assert.match(href, /^\.\/compare\/#a=hac-t6-cold&bs=[\w+$-]+&seed=1&t=0$/);
  assert.deepEqual(lab.errors, []);
  await lab.context().close();
  return new URL(href, suite.base).href;
}

describe('compare mode (issue 14)', () => {
  it('plays HAC and FPC under one clock, reopens a time with the same counters, fills the plot', async () => {
    const url = await compareLinkFromLab(suite.browser);
    const page = await harness.newPage(suite.browser, url, { viewport: { width: 1440, height: 900 } });
    await ready(page);
    assert.match(await page.locator('[data-testid=differs-A]').innerText(), /client\.policy = hac/);
    assert.match(await page.locator('[data-testid=differs-B]').innerText(), /client\.policy = fpc/);
    assert.match(await page.locator('[data-testid=side-A] h2').innerText(), /Table 2: cold T6 through HAC/);

    // Play at 1 s/s for a while: both sides advance, at the clock's time.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.__storelab.lab.currentNs() > 1.2e9, null, { timeout: 20_000 });
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !window.__storelab.lab.store.get().playing && !window.__storelab.lab.store.get().busy);
    await page.waitForTimeout(400); // the counters' throttled update
    const played = await counters(page);
    assert.ok(played.clockNs > 1.2e9, `the clock moved: ${played.clockNs}`);
    assert.deepEqual(played.sidesNs, [played.clockNs, played.clockNs], 'both sides at the shared time');
    assert.ok(played.fetches.every((f) => f > 50), `both sides fetched: ${played.fetches}`);
    assert.equal(played.cells.fetches[0], played.fetches[0].toLocaleString('en'));
    assert.equal(await page.locator('[data-testid=status-A]').getAttribute('data-ns'), String(played.clockNs));

    // The link to this time shows the same numbers.
    await page.locator('[data-testid=copy-link]').click();
    const link = page.url();
    assert.match(link, new RegExp(`&seed=1&t=${played.clockNs}$`));
    const again = await harness.newPage(suite.browser, link, { viewport: { width: 1440, height: 900 } });
    await ready(again);
    await again.waitForFunction((t) => window.__storelab.lab.currentNs() === t && !window.__storelab.lab.store.get().busy, played.clockNs);
    await again.waitForTimeout(400);
    assert.deepEqual(await counters(again), played, 'the same counters at the same time');
    assert.deepEqual(again.errors, []);
    await again.context().close();

    // A step moves both sides to one time.
    await page.locator('[data-testid=step]').click();
    await page.waitForFunction((t) => window.__storelab.lab.currentNs() > t && !window.__storelab.lab.store.get().busy, played.clockNs);
    const stepped = await counters(page);
    assert.deepEqual(stepped.sidesNs, [stepped.clockNs, stepped.clockNs], 'a step keeps the sides at one time');

    // The plot against client.cache_mb fills in, point by point, in the background.
    const plot = page.locator('[data-testid=size-plot]');
    assert.equal(await plot.getByLabel('Figure to plot').inputValue(), 'fetches');
    assert.equal(await plot.getByLabel('Field to sweep').inputValue(), 'client.cache_mb', "HAC's second knob");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=size-plot-point]').length >= 2, null, { timeout: 60_000 });
    const titles = await plot.locator('[data-testid=size-plot-point] title').allTextContents();
    assert.match(titles[0], /^[AB], client\.cache_mb = 1\.93 MB: \d+ pages$/);

    // To the end: each side says when it finished.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('End');
    await page.waitForFunction(() => window.__storelab.lab.store.get().finished, null, { timeout: 30_000 });
    await page.waitForFunction(() => ['A', 'B'].every((n) => document.querySelector(`[data-testid=status-${n}]`).textContent.startsWith('finished')));
    assert.match(await page.locator('[data-testid=status-A]').innerText(), /^finished at 4\.\d{3} s$/);
    assert.match(await page.locator('[data-testid=status-B]').innerText(), /^finished at 4\.\d{3} s$/);
    await page.waitForFunction(() => /16 of 16|14 of 14/.test(document.querySelector('[data-testid=size-progress]').textContent), null, { timeout: 60_000 });
    await settled(page);
    await page.waitForTimeout(400);
    await shot(page, 'compare-1440x900');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'compare-1440x900-below');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await shot(page, 'compare-1280x720');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'compare-1280x720-below');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('keeps one side at its end while the other runs on (cold T1: HAC finishes first)', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}compare/#a=hac-t1-cold&b=fpc-t1-cold&seed=1&t=100000000000`, { viewport: { width: 1440, height: 900 } });
    await ready(page);
    await page.waitForFunction(() => window.__storelab.lab.currentNs() === 100e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 30_000 });
    assert.match(await page.locator('[data-testid=status-A]').innerText(), /^finished at 9\d\.\d{3} s$/);
    assert.equal(await page.locator('[data-testid=status-B]').innerText(), 'at 100.000 s');
    assert.match(await page.locator('[data-testid=differs-B]').innerText(), /client\.policy = fpc, client\.cache_mb = 9\.4/);
    assert.match(await page.locator('[data-testid=compare-title]').innerText(), /^Table 2: cold T1 through HAC \(7\.7 MB\) vs Table 2: cold T1 through FPC/);
    const fetches = await page.locator('[data-testid=summary-counters] tr[data-figure=fetches] td').allTextContents();
    assert.match(fetches[2], /^−\d/, `HAC fetched fewer pages by then: ${fetches}`);
    await settled(page);
    await shot(page, 'compare-t1-1440x900');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=size-plot-point]').length >= 4, null, { timeout: 60_000 });
    await page.locator('[data-testid=diff-chart]').scrollIntoViewIfNeeded();
    await page.locator('[data-testid=diff-chart] svg rect').last().hover({ position: { x: 300, y: 60 } });
    await page.locator('[data-testid=diff-tooltip]').waitFor();
    await shot(page, 'compare-t1-1440x900-below');
    // Issue 24, item 4: what differs comes first, above the sides' views, in the first screen.
    const top = (sel) => page.locator(sel).first().evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    const [counters, chart, views] = [await top('[data-testid=summary-counters]'), await top('[data-testid=diff-chart]'), await top('.compare-grid')];
    assert.ok(counters < views && chart < views && chart < 900, `counters at ${counters} px, the chart at ${chart}, the views at ${views}`);
    // ...and the difference against the work done: composite-part visits, as far as both sides
    // have gone (by 100 s, HAC's finished run), in the address too.
    await page.locator('[data-testid=diff-along]').selectOption('work');
    await page.waitForFunction(() => /[?&]along=work/.test(location.search));
    assert.match(await page.locator('[data-testid=diff-chart] svg').getAttribute('aria-label'), /against composite visits \(work done\)$/);
    await page.locator('[data-testid=diff-chart] svg rect').last().hover({ position: { x: 300, y: 60 } });
    assert.match(await page.locator('[data-testid=diff-tooltip]').innerText(), /^composite visits: [\d,]+\nA: /);
    await shot(page, 'compare-t1-by-work');
    // FPC has a picture of its own cache: its frames, whole pages, beside HAC's.
    assert.equal(await page.locator('.compare-view.view-HacView canvas.hac-grid').count(), 2, 'both sides draw their frames');
    assert.match(await page.locator('[data-testid=hac-page-cache]').innerText(), /^FPC keeps whole pages .* Each bar is a frame holding one page/);
    await page.locator('.compare-view.view-HacView').nth(1).scrollIntoViewIfNeeded();
    await shot(page, 'compare-fpc-cache');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  // Issue 24, item 4 at the smaller sizes: what differs first, both caches drawn, nothing cut off.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    it(`puts what differs first and draws both caches at ${viewport.width}×${viewport.height}`, async () => {
      const text = fs.readFileSync(path.join(harness.root, 'scenarios/hac-compaction.toml'), 'utf8').replace('policy = "hac"', 'policy = "fpc"');
      const url = `${suite.base}compare/#a=hac-compaction&bs=${lzString.compressToEncodedURIComponent(text)}&seed=1&t=3000000000`;
      const page = await harness.newPage(suite.browser, url, { viewport });
      await ready(page);
      await settled(page);
      const top = (sel) => page.locator(sel).first().evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
      const [counters, chart, views] = [await top('[data-testid=summary-counters]'), await top('[data-testid=diff-chart]'), await top('.compare-grid')];
      assert.ok(counters < views && chart < views, `counters at ${counters} px, the chart at ${chart}, the views at ${views}`);
      assert.ok(counters < viewport.height, `the counters start in the first screen (${counters} px)`);
      assert.equal(await page.locator('.compare-view.view-HacView canvas.hac-grid').count(), 2, 'both sides draw their frames');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px too wide`);
      await shot(page, `compare-${viewport.width}x${viewport.height}-first-screen`);
      await page.locator('.compare-view.view-HacView').nth(1).scrollIntoViewIfNeeded();
      await shot(page, `compare-${viewport.width}x${viewport.height}-fpc`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  it('names the gallery for an unknown scenario, and keeps running to let you choose', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}compare/#a=no-such-scenario&b=hac-t6-cold`, { viewport: { width: 1280, height: 720 } });
    const error = page.locator('[data-testid=compare-error]');
    await error.waitFor();
    const text = await error.innerText();
    assert.match(text, /a=no-such-scenario: there is no scenario called "no-such-scenario" in the gallery; its scenarios are .*hac-t6-cold/);
    assert.match(text, /mob-default/);
    await shot(page, 'compare-error');
    // The picker opens a comparison in place.
    await page.locator('[data-testid=pick-a]').selectOption('hac-t6-cold');
    await page.locator('[data-testid=apply-sides]').click();
    await ready(page);
    await page.locator('[data-testid=side-B]').waitFor();
    assert.match(page.url(), /#a=hac-t6-cold&bs=/);
    assert.equal(await page.locator('[data-testid=compare-error]').count(), 0, "the link's error goes once a pair runs");
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('refuses two systems and a broken scenario by side, naming what is wrong', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}compare/#a=hac-t6-cold&b=mob-default`);
    const error = page.locator('[data-testid=compare-error]');
    await error.waitFor();
    assert.match(await error.innerText(), /side A runs the hac system and side B the mob system/);
    await page.context().close();
  });
});
