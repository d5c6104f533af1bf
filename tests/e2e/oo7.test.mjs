// End-to-end test of the OO7 panel (issue 14) in Chromium at 1280×720: a cold T6 through HAC
// shows the assembly tree with the traversal's path and a composite-part visit count that grows.
// Screenshots go to tests/artifacts/. Run: node --test tests/e2e/oo7.test.mjs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

/** The visit count the panel's header shows ("composite part visit N of 2,187"). */
async function visits(page) {
  const text = await page.locator('[data-testid=oo7-visit]').innerText();
  const m = /composite part visit ([\d,]+) of ([\d,]+)/.exec(text);
  assert.ok(m, `the header says which visit: ${text}`);
  return { n: Number(m[1].replaceAll(',', '')), total: Number(m[2].replaceAll(',', '')) };
}

/** Pixels of the panel's canvas in the walking colour (#e6550d): the current path. */
function walkingPixels(page) {
  return page.evaluate(() => {
    const c = document.querySelector('[data-panel=Oo7Panel] canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] === 0xe6 && d[i + 1] === 0x55 && d[i + 2] === 0x0d) n++;
    return n;
  });
}

describe('the OO7 panel (issue 14)', () => {
  it('a cold T6 walks the assembly tree: the path is drawn and the visit count grows', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=hac-t6-cold&seed=1`, { viewport: { width: 1280, height: 720 } });
    await ready(page);
    const panel = page.locator('[data-panel=Oo7Panel]');
    await panel.locator('[data-testid=oo7-visit]').waitFor({ timeout: 30_000 });
    await panel.scrollIntoViewIfNeeded();
    // At 0 s nothing has been walked: the panel says so.
    assert.deepEqual(await visits(page), { n: 0, total: 2187 });
    assert.match(await panel.innerText(), /No composite part yet: T6 walks the assembly tree depth first/);
    assert.match(await panel.locator('[data-testid=oo7-traversal]').innerText(), /^T6 measured$/);
    await shot(page, 'oo7-cold-start');

    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Space');
    await page.waitForFunction(() => /composite part visit [1-9]/.test(document.querySelector('[data-testid=oo7-visit]')?.textContent ?? ''), null, { timeout: 30_000 });
    const first = (await visits(page)).n;
    await page.waitForFunction(
      (v) => Number(/visit ([\d,]+)/.exec(document.querySelector('[data-testid=oo7-visit]').textContent)[1].replaceAll(',', '')) > v + 5,
      first,
      { timeout: 30_000 },
    );
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !window.__storelab.lab.store.get().playing);
    await page.waitForTimeout(1200); // the last frame's words (5 a second) and summary (1 a second)
    const later = await visits(page);
    assert.ok(later.n > first && later.n < later.total, `the count grows: ${first} then ${later.n}`);

    // The frame's path is drawn: the assemblies walking now are on the canvas in their colour.
    const path = await page.evaluate(() => {
      const s = window.__storelab.frames.latest().sections.oo7.columns.state;
      const walking = window.__storelab.lab.store.get().description.sections.find((x) => x.name === 'oo7').columns.find((c) => c.name === 'state').values.indexOf('walking');
      return s.filter((v) => v === walking).length;
    });
    assert.ok(path >= 1, `assemblies on the current path: ${path}`);
    assert.ok((await walkingPixels(page)) > 100, 'the current path is drawn');
    const label = await panel.locator('.oo7-plot').getAttribute('aria-label');
    assert.match(label, /^T6: (walking composite part \d+, visit [\d,]+ of 2,187; 1 of 1 atomic parts visited|walking the assemblies, [\d,]+ of 2,187 composite-part visits done)/);
    assert.match(await panel.innerText(), /visits 1 of limit 1|none being walked/);

    // Hovering an assembly names it.
    const box = await panel.locator('canvas').boundingBox();
    await page.mouse.move(box.x + box.width * 0.3, box.y + 60);
    await panel.locator('.sl-tooltip').waitFor({ timeout: 5_000 });
    assert.match(await panel.locator('.sl-tooltip').innerText(), /^assembly \d+, level \d of 7: /);
    await page.mouse.move(0, 0);

    // The keyboard walks the tree (↓: first child), without stepping the simulation.
    const events = await page.evaluate(() => window.__storelab.lab.store.get().events);
    await panel.locator('.oo7-plot').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /^assembly \d+, level 3 of 7/.test(document.querySelector('[data-panel=Oo7Panel] [role=status]').textContent));
    assert.match(await panel.locator('[role=status]').innerText(), /^assembly 123, level 3 of 7: complex assembly over 81 base assemblies, /);
    assert.equal(await page.evaluate(() => window.__storelab.lab.store.get().events), events, 'arrow keys in the tree do not step');
    await shot(page, 'oo7-keyboard', '[data-panel=Oo7Panel]');
    await page.evaluate(() => document.activeElement?.blur());
    await shot(page, 'oo7-t6-walking');
    await shot(page, 'oo7-t6-panel', '[data-panel=Oo7Panel]');

    // At the end every assembly is walked and the panel says the traversal is over.
    await page.keyboard.press('End');
    await page.locator('[data-testid=results]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => /^T6 done/.test(document.querySelector('[data-testid=oo7-traversal]').textContent));
    assert.deepEqual(await visits(page), { n: 2187, total: 2187 });
    assert.match(await panel.innerText(), /The traversal is over: all 2,187 composite-part visits done\./);
    await shot(page, 'oo7-t6-done', '[data-panel=Oo7Panel]');
    assert.deepEqual(await harness.axeViolations(page, '[data-panel=Oo7Panel]'), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('embedded alone and wide, a cold T1 draws the composite part being walked beside the tree', async () => {
    const url = `${suite.base}embed/?views=Oo7Panel&autoplay=1&speed=5#sc=hac-t1-cold&seed=1`;
    const page = await harness.newPage(suite.browser, url, { viewport: { width: 1280, height: 720 } });
    const panel = page.locator('[data-panel=Oo7Panel]');
    await panel.locator('[data-testid=oo7-part-visits]').waitFor({ timeout: 30_000 });
    // Inside a composite part the depth-first walk has visited a few of its 200 atomic parts.
    await page.waitForFunction(() => /visits ([4-9]|\d\d+) of limit 200/.test(document.querySelector('[data-testid=oo7-part-visits]')?.textContent ?? ''), null, { timeout: 30_000 });
    // Paused, the words (5 updates a second) catch up with the canvas (every frame).
    await page.getByRole('button', { name: /Pause/ }).click();
    await page.waitForTimeout(400);
    assert.match(await panel.locator('[data-testid=oo7-composite]').innerText(), /^Composite part \d+: 200 atomic parts$/);
    assert.match(await panel.locator('[data-testid=oo7-part-visits]').innerText(), /^visits \d+ of limit 200$/);
    assert.match(await panel.locator('[data-testid=oo7-traversal]').innerText(), /^T1 measured$/);
    await shot(page, 'oo7-t1-embed');
    assert.deepEqual(await harness.axeViolations(page, '[data-panel=Oo7Panel]'), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
