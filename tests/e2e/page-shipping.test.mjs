// End-to-end tests of Chapter 5's page shipping in the MOB's views (issue 25), in Chromium: the
// lab on Fig. 5-2's PAGE scenario shows the server cache as all of memory, each dirty page whole
// with its modified share, its summary the frame's; the MOB view says PAGE has no MOB; the system
// diagram and the inspector say what PAGE holds. Compare mode puts MOB and PAGE (Fig. 5-1's base
// point) side by side: the MOB, the cache and the disk.
// Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/page-shipping.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { axeViolations, ready, shot } from './harness.mjs';

const suite = harness.useLab();
const T = 60e9;

/** The cache view's dirty-page summary computed from the latest frame (the lab's, or compare
 * mode's side `side`), as pageShipping.ts words it, with the scenario's object size. */
const expectedSummary = (page, side = null) =>
  page.evaluate((side) => {
    const w = window.__storelab;
    const f = (side === null ? w.frames : w.sides[side]).latest();
    const c = f.sections.cache;
    const { page: pages, dirty, pinned, valid, dirty_objects: k } = c.columns;
    const objectBytes = (side === null ? w.store.get().scenario : w.pair.state.get().loads[side].scenario).database.object_bytes;
    let held = 0;
    let writing = 0;
    let objects = 0;
    for (let i = 0; i < pages.length; i++) {
      if (!dirty[i]) continue;
      if (pinned[i] && valid[i] && k[i] === 0) writing++;
      else held++;
      objects += k[i];
    }
    const pageBytes = c.scalars.capacity_bytes / c.scalars.capacity_pages;
    const pct = ((100 * objects * objectBytes) / (held * pageBytes)).toFixed(1);
    const mb = ((held * pageBytes) / 1048576).toFixed(2);
    const more = writing > 0 ? `; ${writing.toLocaleString()} more being written before their eviction` : '';
    return {
      nowNs: f.nowNs,
      architecture: c.scalars.architecture,
      dirty: held + writing,
      text: `${held.toLocaleString()} of ${pages.length.toLocaleString()} pages dirty, holding ${objects.toLocaleString()} modified objects: ${pct}% of the ${mb} MB they take is modified data${more}`,
      // The first cached page waiting with modified objects (not being written), by LRU position.
      waiting: Array.from(pages).findIndex((_, i) => dirty[i] && k[i] > 0 && !pinned[i]),
      pages: Array.from(pages),
      k: Array.from(k),
    };
  }, side);

/** Waits until the lab (every side) is at `t` with nothing in flight and the views' words (5
 * times a second) have caught up. */
async function at(page, t) {
  await page.waitForFunction(
    (t) => {
      const w = window.__storelab;
      const sides = w.sides ?? [w.frames];
      return !document.querySelector('.view-placeholder') && !w.lab.store.get().busy && sides.every((s) => s.latest()?.nowNs === t);
    },
    t,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(450);
}

describe('page shipping: PAGE and FREEMOB in the MOB views (issue 25)', () => {
  it('PAGE in the lab: whole dirty pages in the cache, its summary the frame’s; no MOB; the diagram and the inspector say so', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=fig5-2-write-probability-page&seed=1&t=${T}`);
    await ready(page);
    await at(page, T);
    const cache = '[data-panel=CacheView]';
    const e = await expectedSummary(page);
    assert.equal(e.architecture, 1, 'PAGE');
    assert.ok(e.dirty > 0 && e.waiting >= 0, `dirty pages in the cache (${e.dirty})`);
    assert.equal(await page.locator(`${cache} [data-testid=cache-dirty-summary]`).innerText(), e.text);
    assert.match(await page.locator(`${cache} .sl-title`).innerText(), /^Server cache \(PAGE: all memory, LRU\)$/);
    assert.match(await page.locator(`${cache} [data-testid=cache-memory-bar]`).getAttribute('aria-label'), /^Server memory of 24\.00 MB: modified data /);
    // The MOB view says there is none; the diagram's server is all page cache.
    assert.match(await page.locator('[data-panel=MobView] [data-testid=mob-page]').innerText(), /^PAGE has no MOB: modified pages wait whole in the server cache until evicted\./);
    assert.match(await page.locator('[data-panel=MobView] [data-testid=mob-page-contrast]').innerText(), /^A MOB would hold those [\d,]+ modified objects in about [\d.]+ [KM]B, each with its overhead, against the [\d.]+ MB of whole pages PAGE keeps for them/);
    assert.equal(await page.locator('[data-panel=SystemDiagram] [data-testid=diagram-cache-note]').textContent(), `${e.dirty} dirty, held whole`);

    // The keyboard reaches a dirty page: its tooltip and its inspector give its modified objects.
    const grid = page.locator(`${cache} [role=application]`);
    await grid.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < e.waiting; i++) await page.keyboard.press('ArrowRight');
    const opp = await page.evaluate(() => window.__storelab.frames.latest().sections.database.scalars.objects_per_page);
    const words = new RegExp(`^page ${e.pages[e.waiting]}, LRU position ${e.waiting + 1}, dirty: ${e.k[e.waiting]} of ${opp} objects modified \\([\\d.]+%\\), the whole page held until its eviction writes it$`);
    assert.match(await page.locator(`${cache} .sl-tooltip`).innerText(), words);
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'page', id: e.pages[e.waiting] });
    assert.match(await page.locator('[data-panel=Inspector]').innerText(), new RegExp(`modified objects\\s+dirty: ${e.k[e.waiting]} of ${opp} objects modified`));
    await shot(page, 'page-shipping-lab-1600x1100');
    await shot(page, 'page-shipping-cache', cache);
    await shot(page, 'page-shipping-mob', '[data-panel=MobView]');
    await shot(page, 'page-shipping-diagram', '[data-panel=SystemDiagram]');
    assert.deepEqual(await axeViolations(page, cache), []);
    assert.deepEqual(await axeViolations(page, '[data-panel=MobView]'), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('compare mode: MOB against PAGE at Fig. 5-1’s base point, the MOB, the cache and the disk side by side', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}compare/?views=MobView,CacheView,DiskView#a=fig5-1-clustering-density&b=fig5-1-clustering-density-page&seed=1&t=${T}`, {
      viewport: { width: 1440, height: 900 },
    });
    await ready(page);
    await at(page, T);
    assert.equal(await page.locator('.compare-view').count(), 6, 'three views a side');
    assert.match(await page.locator('[data-testid=differs-B]').innerText(), /server\.architecture = page/);
    const mob = page.locator('.compare-view.view-MobView .sl-view');
    assert.match(await mob.nth(0).innerText(), /^Modified Object Buffer[\s\S]*fill /);
    assert.match(await mob.nth(1).innerText(), /PAGE has no MOB/);
    const cache = page.locator('.compare-view.view-CacheView .sl-view');
    assert.equal(await cache.nth(0).locator('[data-testid=cache-dirty-summary]').count(), 0, 'the MOB side’s cache holds no PAGE pages');
    const b = await expectedSummary(page, 1);
    assert.equal(b.architecture, 1);
    assert.equal(await cache.nth(1).locator('[data-testid=cache-dirty-summary]').innerText(), b.text);
    // Every view shows whole at its height: nothing scrolls inside a panel.
    const cut = await page.evaluate(() => [...document.querySelectorAll('.compare-view .panel-body')].map((p) => p.scrollHeight - p.clientHeight));
    assert.deepEqual(cut, [0, 0, 0, 0, 0, 0]);
    // Play for 1.5 s of simulated time, so the disks' head traces fill, then pause for the screenshots.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Space');
    await page.waitForFunction((t) => window.__storelab.lab.currentNs() > t + 1.5e9, T, { timeout: 30_000 });
    await page.keyboard.press('Space');
    await page.waitForTimeout(450);
    // The sides' heads just under the time controls.
    await page.evaluate(() => window.scrollBy(0, document.querySelector('.compare-grid').getBoundingClientRect().top - document.querySelector('.time-controls').getBoundingClientRect().bottom - 4));
    await page.waitForTimeout(300);
    await shot(page, 'page-shipping-compare-1440x900');
    await page.locator('.compare-view.view-CacheView').nth(1).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shot(page, 'page-shipping-compare-cache-1440x900');
    await page.locator('.compare-view.view-DiskView').nth(1).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shot(page, 'page-shipping-compare-disk-1440x900');
    assert.deepEqual(await axeViolations(page, '.compare-view.view-CacheView'), []);
    assert.deepEqual(await axeViolations(page, '.compare-view.view-MobView'), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
