// The scenario editor on a phone and by keyboard (issue 24, items 5 and 13), in Chromium: at
// 390×844 the editor stacks above the views at the full width, comes into view when opened, its
// tabs are not covered, and a student edits a field in the form and applies it; at 1280×720 it
// sits beside the views; its tabs take the arrow keys, Home and End without moving the run.
// Screenshots go to tests/artifacts/. Run: node --test tests/e2e/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

/** The editor's and the views' boxes, whether each tab is the element at its own centre (not
 * covered), and how far the page runs past the window's right edge. */
const layout = (page) =>
  page.evaluate(() => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect().toJSON();
    const uncovered = [...document.querySelectorAll('[role=tab]')].every((t) => {
      const r = t.getBoundingClientRect();
      return t.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    const rightmost = Math.max(...[...document.querySelectorAll('.views-grid .panel')].map((p) => p.getBoundingClientRect().right));
    return { panel: box('.scenario-panel'), editor: box('.scenario-panel textarea'), grid: box('.views-grid'), uncovered, rightmost, overflow: document.documentElement.scrollWidth - window.innerWidth };
  });

describe('the editor on a phone (issue 24, item 5)', () => {
  it('at 390×844 it stacks above the views at the full width, comes into view, and a field edited in the form applies', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default`, { viewport: { width: 390, height: 844 } });
    await ready(page);
    await page.locator('[data-testid=toggle-editor]').click();
    await page.locator('.scenario-panel textarea').waitFor();
    const l = await layout(page);
    assert.ok(l.panel.width >= 388 && l.editor.width >= 330, `the editor is ${l.panel.width} px wide, its text ${l.editor.width} px`);
    assert.ok(l.panel.top >= 0 && l.panel.top < 844 / 2, `the editor's top is at ${l.panel.top} px in an 844 px window`);
    assert.ok(l.grid.top >= l.panel.bottom - 1, 'the views follow beneath the editor');
    assert.ok(l.uncovered, 'no view covers a tab');
    assert.ok(l.rightmost <= 390 && l.overflow <= 0, `the views reach ${l.rightmost} px; the page is ${l.overflow} px too wide`);
    await shot(page, 'editor-390-toml');
    await page.locator('[data-testid=tab-form]').click();
    await page.locator('#f-server-mob_mb').fill('8');
    await page.waitForFunction(() => /^mob_mb = 8/m.test(window.__storelab.lab.store.get().draftText));
    await shot(page, 'editor-390-form');
    await page.locator('[data-testid=apply]').click();
    await page.waitForFunction(() => /^mob_mb = 8/m.test(window.__storelab.lab.store.get().appliedText) && window.__storelab.lab.store.get().status === 'ready');
    assert.match(await page.locator('[data-testid=edited]').innerText(), /edited: .*server\.mob_mb/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    it(`at ${viewport.width}×${viewport.height} it sits beside the views, its tabs uncovered`, async () => {
      const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool`, { viewport });
      await ready(page);
      await page.locator('[data-testid=toggle-editor]').click();
      await page.locator('.scenario-panel textarea').waitFor();
      const l = await layout(page);
      assert.ok(l.grid.left >= l.panel.right - 1 && l.editor.width >= 300, JSON.stringify(l));
      assert.ok(l.uncovered && l.overflow <= 0, JSON.stringify(l));
      await page.context().close();
    });
  }
});

describe("the editor's tabs by keyboard (issue 24, item 13)", () => {
  it('the arrows, Home and End move between the tabs and the focus follows; the run stays where it was', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default`, { viewport: { width: 1440, height: 900 } });
    await ready(page);
    await page.locator('[data-testid=toggle-editor]').click();
    await page.locator('[data-testid=tab-toml]').focus();
    const now = () => page.evaluate(() => window.__storelab.lab.store.get().nowNs);
    const before = await now();
    const selected = () => page.evaluate(() => [document.querySelector('[role=tab][aria-selected=true]').dataset.testid, document.activeElement.dataset.testid]);
    const steps = [
      ['ArrowRight', 'tab-form'],
      ['ArrowRight', 'tab-gallery'],
      ['ArrowLeft', 'tab-form'],
      ['Home', 'tab-gallery'],
      ['End', 'tab-form'],
    ];
    for (const [key, tab] of steps) {
      await page.keyboard.press(key);
      assert.deepEqual(await selected(), [tab, tab], `after ${key}`);
    }
    assert.equal(await page.locator('[role=tab][tabindex="0"]').count(), 1, 'one tab stop');
    await page.waitForTimeout(300);
    assert.equal(await now(), before, 'the arrows did not step or seek the run');
    await page.context().close();
  });
});
