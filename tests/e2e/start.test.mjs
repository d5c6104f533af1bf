// The way in to every system (issue 24, item 3), in Chromium: the start page presents each system
// by its paper with its lesson, headline scenarios and figures, at 1440×900, 1280×720 and on a
// phone (390×844); its gallery and the lab's "Scenarios…" dialog are grouped and searchable, and
// every pick opens the lab on it. Screenshots go to tests/artifacts/. Run: node --test tests/e2e/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
];

const loaded = (page) => page.evaluate(() => window.__storelab.lab.store.get().scenarioName);

describe('the start page (issue 24, item 3)', () => {
  for (const viewport of SIZES) {
    it(`shows every system with its paper, lesson, scenarios and figures at ${viewport.width}×${viewport.height}`, async () => {
      const page = await harness.newPage(suite.browser, `${suite.base}start/`, { viewport });
      await page.locator('[data-testid=system-card]').first().waitFor();
      const cards = await page.locator('[data-testid=system-card]').evaluateAll((els) =>
        els.map((e) => ({
          kind: e.dataset.kind,
          title: e.querySelector('h2').textContent,
          paper: e.querySelector('.paper').textContent,
          lesson: e.querySelector('[data-testid=system-lesson]')?.textContent ?? null,
          headline: e.querySelectorAll('.headline a').length,
          visible: e.getBoundingClientRect().width > 0,
        })),
      );
      assert.deepEqual(
        cards.map((c) => [c.kind, c.title, c.lesson]),
        [
          ['mob', 'The modified object buffer', 'Lesson 1. The modified object buffer'],
          ['hac', 'Hybrid adaptive caching', 'Lesson 4. Hybrid adaptive caching'],
          ['oplog', 'The opportunistic log', 'Lesson 3. The opportunistic log'],
          ['disk', 'A disk and its scheduler', 'Lesson 0. How a disk serves requests'],
          ['thor', 'Thor0: adaptive prefetching into an object cache', 'Lesson 5. Adaptive prefetching into an object cache'],
          ['global', 'Global memory management in a cluster of servers', 'Lesson 6. Global memory in a cluster of servers'],
        ],
      );
      for (const c of cards) {
        assert.ok(c.paper.length > 20 && c.headline >= 3 && c.visible, JSON.stringify(c));
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
      await shot(page, `start-${viewport.width}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  it("a system's \"Open in the lab\" opens the lab on its headline scenario; its lesson link opens the lesson", async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}start/`, { viewport: SIZES[0] });
    const hac = page.locator('[data-testid=system-card][data-kind=hac]');
    assert.equal(await hac.locator('[data-testid=system-lesson]').getAttribute('href'), '../lessons/?lesson=04-hac');
    await hac.locator('[data-testid=open-system]').click();
    await ready(page);
    assert.equal(await loaded(page), 'hac-compaction');
    assert.match(await page.locator('[data-testid=scenario-title]').innerText(), /Watch HAC compact/);
    await page.context().close();
  });

  it('its gallery finds a figure by number, says when nothing matches, and Enter opens the first match', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}start/`, { viewport: SIZES[1] });
    const search = page.locator('[data-testid=gallery-search]');
    await search.fill('zzz nothing');
    assert.match(await page.locator('[data-testid=gallery-empty]').innerText(), /No scenario has “zzz nothing”/);
    await search.fill('4-7');
    // The figure's two series: the read-optimized layout's and the write-optimized one's.
    assert.equal(await page.locator('[data-testid=gallery] [data-scenario]').count(), 2);
    assert.match(await page.locator('[data-testid=gallery-count]').innerText(), /^2 of \d+ scenarios/);
    await search.fill('4-7 write-optimized');
    assert.equal(await page.locator('[data-testid=gallery] [data-scenario]').count(), 1);
    await search.press('Enter');
    await ready(page);
    assert.equal(await loaded(page), 'fig4-7-memory-split-wo');
    await page.context().close();
  });
});

describe('the lab\'s "Scenarios…" dialog (issue 24, item 3)', () => {
  for (const viewport of [SIZES[0], SIZES[2]]) {
    it(`opens the gallery by system without the editor, searchable at once, at ${viewport.width}×${viewport.height}`, async () => {
      const page = await harness.newPage(suite.browser, suite.base, { viewport });
      await ready(page);
      await page.locator('[data-testid=open-gallery]').click();
      const dialog = page.locator('[data-testid=gallery-dialog]');
      await dialog.waitFor();
      assert.equal(await page.locator('[data-testid=toggle-editor]').getAttribute('aria-pressed'), 'false', 'the editor stays closed');
      assert.deepEqual(await dialog.locator('.gallery-group h3').evaluateAll((hs) => hs.map((h) => h.firstChild.textContent.trim())), [
        'The modified object buffer',
        'Hybrid adaptive caching',
        'The opportunistic log',
        'A disk and its scheduler',
        'Thor0: adaptive prefetching into an object cache',
        'Global memory management in a cluster of servers',
      ]);
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'gallery-search', 'the search box has the focus');
      await page.keyboard.type('opportunistic choose');
      await shot(page, `gallery-dialog-${viewport.width}`);
      await dialog.locator('[data-scenario=oplog-pool]').click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => window.__storelab.lab.store.get().scenarioName === 'oplog-pool' && window.__storelab.lab.store.get().status === 'ready');
      assert.match(await page.locator('[data-testid=scenario-title]').innerText(), /Watch the opportunistic log choose/);
      // Escape closes it and the focus goes back to the button.
      await page.locator('[data-testid=open-gallery]').click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'open-gallery');
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
});

describe('an unapplied draft survives opening another scenario (issue 24, item 1)', () => {
  it('the dialog and the Gallery tab set it aside, and the lab puts it back on request, at 1280×720', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default`, { viewport: { width: 1280, height: 720 } });
    await ready(page);
    await page.locator('[data-testid=toggle-editor]').click();
    const editor = page.locator('.scenario-panel textarea');
    await editor.waitFor();
    await editor.press('End');
    await editor.pressSequentially('\n# my unapplied note\n');
    await page.waitForFunction(() => window.__storelab.lab.store.get().draftText.includes('# my unapplied note'));
    await page.locator('[data-testid=open-gallery]').click();
    await page.locator('[data-testid=gallery-dialog] [data-scenario=hac-compaction]').click();
    await page.waitForFunction(() => window.__storelab.lab.store.get().scenarioName === 'hac-compaction' && window.__storelab.lab.store.get().status === 'ready');
    const banner = page.locator('[data-testid=set-aside]');
    assert.match(await banner.innerText(), /replaced your unapplied edits in the editor; they are kept/);
    assert.doesNotMatch(await editor.inputValue(), /my unapplied note/, 'the editor shows the scenario opened');
    await shot(page, 'draft-set-aside-1280');
    await page.locator('[data-testid=restore-draft]').click();
    await banner.waitFor({ state: 'detached' });
    assert.match(await editor.inputValue(), /# my unapplied note/, 'the edits are back, unapplied');
    assert.equal(await page.evaluate(() => window.__storelab.lab.store.get().scenarioName), 'hac-compaction', 'the run is the scenario opened');
    // The editor's Gallery tab does the same.
    await page.locator('[data-testid=tab-gallery]').click();
    await page.locator('.scenario-panel [data-scenario=oplog-pool]').click();
    await banner.waitFor();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
