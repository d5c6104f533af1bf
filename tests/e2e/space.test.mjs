// End-to-end tests of the MOB's disk-space view (issue 25), in Chromium: a write-optimized run
// stepped to its next cleaner run shows the cleaning (its victims and outputs lit, its numbers the
// frame's, the same after a seek away and back and through a link); hovering a fragment lights its
// page's fragments and its home under the read-optimized layout; a hybrid run shows the same
// regions holding whole pages; a read-optimized run shows the pages at their homes; compare mode
// puts the two layouts' disk space and disks side by side.
// Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/space.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { axeViolations, ready, shot } from './harness.mjs';

const suite = harness.useLab();
const view = '[data-panel=SpaceView]';

/** Steps the lab to the next record of the kind the time controls call `label`. */
async function stepTo(page, label) {
  await page.locator('[data-testid=step-target-kind]').selectOption({ label });
  await page.locator('[data-testid=step-target]').click();
  await page.waitForFunction(() => !window.__storelab.lab.store.get().busy, null, { timeout: 120_000 });
}

/** The latest frame's disk space as the engine sent it: the lab's, or compare mode's side `side`. */
const diskSpace = (page, side = null) =>
  page.evaluate((side) => {
    const f = (side === null ? window.__storelab.frames : window.__storelab.sides[side]).latest();
    const s = f.sections.disk_space;
    const fr = f.sections.fragments.columns;
    const ones = (col) => Array.from(s.columns[col]).flatMap((v, i) => (v ? [i] : []));
    return { nowNs: f.nowNs, pages: f.sections.database.scalars.pages, ...s.scalars, victims: ones('cleaned'), outputs: ones('output'), fragments: { page: Array.from(fr.page), region: Array.from(fr.region) } };
  }, side);

/** The black pixels of canvas `selector`. */
const blackPixels = (page, selector) =>
  page.evaluate((selector) => {
    const c = document.querySelector(selector);
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 255 && data[i] + data[i + 1] + data[i + 2] === 0) n++;
    return n;
  }, selector);

/** Marks of colour `hex` on canvas `selector`: in each band of rows holding it, its runs along the
 * band's first row (one per region marked). */
const marks = (page, selector, hex) =>
  page.evaluate(
    ([selector, hex]) => {
      const c = document.querySelector(selector);
      const { data, width, height } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const is = (x, y) => want.every((v, k) => data[(y * width + x) * 4 + k] === v);
      let count = 0;
      for (let y = 0; y < height; y++) {
        if (![...Array(width).keys()].some((x) => is(x, y))) continue;
        for (let x = 0; x < width; x++) if (is(x, y) && !is(x - 1, y)) count++;
        while (y + 1 < height && [...Array(width).keys()].some((x) => is(x, y + 1))) y++;
      }
      return count;
    },
    [selector, hex],
  );

/** Whether canvas `selector` has a pixel of colour `hex` in columns x0 … x1 of row y. */
const pixelIn = (page, selector, hex, x0, x1, y) =>
  page.evaluate(
    ([selector, hex, x0, x1, y]) => {
      const c = document.querySelector(selector);
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const { data } = c.getContext('2d').getImageData(x0, y, x1 - x0 + 1, 1);
      for (let i = 0; i < data.length; i += 4) if (want.every((v, k) => data[i + k] === v)) return true;
      return false;
    },
    [selector, hex, x0, x1, y],
  );

describe('the disk-space view (issue 25)', () => {
  it('steps a write-optimized run to its next cleaner run: the cleaning lit, its numbers the frame’s; a fragment lights its page', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=fig4-1-mob-size-wo&seed=1`);
    await ready(page);
    await page.locator(`${view} [data-testid=space-grid]`).waitFor();
    await stepTo(page, 'next cleaner run');
    const s = await diskSpace(page);
    assert.equal(s.layout, 1, 'write-optimized');
    assert.equal(s.last_clean_ns, s.nowNs, 'the lab stopped at the cleaner run');
    assert.equal(s.cleanings, 1);
    assert.ok(s.victims.length > 0 && s.outputs.length > 0, `victims ${s.victims}, outputs ${s.outputs}`);
    assert.equal(s.victims.length, s.regions_cleaned, 'the first run: its victims are every region cleaned');
    // The view's words, from that frame.
    await page.waitForFunction((t) => document.querySelector('[data-testid=space-cleaner]')?.textContent.includes(t), `${(s.nowNs / 1e9).toFixed(3)} s`);
    const words = await page.locator(`${view} [data-testid=space-cleaner]`).innerText();
    assert.equal(
      words,
      `Cleaner last ran at ${(s.nowNs / 1e9).toFixed(3)} s (now): ${s.victims.length} regions cleaned, live data merged into ${s.outputs.length} output${s.outputs.length === 1 ? '' : 's'}. ` +
        `Since 0 s: 1 run, ${s.regions_cleaned} regions cleaned, ${(s.bytes_copied / 1048576).toFixed(2)} MB copied.`,
    );
    assert.equal(await page.locator(`${view} [data-testid=space-free-count]`).innerText(), String(s.free_regions));
    assert.match(await page.locator(`${view} [data-testid=space-thresholds] svg`).getAttribute('aria-label'), new RegExp(`^${s.free_regions} free regions; the cleaner runs when fewer than ${s.low_water} are free and frees regions up to ${s.high_water}$`));
    // Lit on the grid: a victim's mark above each victim, an output's below each output.
    const grid = `${view} [data-testid=space-grid] canvas`;
    assert.equal(await marks(page, grid, '#c2410c'), s.victims.length, 'one mark per victim');
    assert.equal(await marks(page, grid, '#1a7f37'), s.outputs.length, 'one mark per output');
    await page.evaluate((v) => document.querySelector(v).scrollIntoView(), view);
    await shot(page, 'space-lab-1600x1100');
    await shot(page, 'space-cleaning', view);

    // Hover a fragment of the magnified region: its page's fragments and its home light up.
    const before = await blackPixels(page, grid);
    const strip = page.locator(`${view} [data-testid=space-region]`);
    const box = await strip.boundingBox();
    await page.mouse.move(box.x + box.width * 0.35, box.y + box.height / 2);
    const tip = page.locator(`${view} .sl-tooltip`);
    await tip.waitFor();
    const [, p, region] = (await tip.innerText()).match(/^page (\d+)'s fragment in region (\d+) at /).map(Number);
    const regions = [...new Set(s.fragments.region.filter((_, i) => s.fragments.page[i] === p))];
    assert.ok(regions.includes(region));
    assert.match(await tip.innerText(), new RegExp(`page ${p} lies in ${s.fragments.page.filter((q) => q === p).length} fragments? \\(regions? ${regions.join(', ')}\\)$`));
    // Its home: a black bar at page × page size on the strip of homes (10 px margins).
    const strips = `${view} canvas[aria-label^="The magnified"]`;
    const { width, homesY } = await page.evaluate((v) => {
      const homes = document.querySelector(`${v} [data-testid=space-homes]`);
      return { width: homes.parentElement.querySelector('canvas').width, homesY: homes.offsetTop + homes.offsetHeight / 2 };
    }, view);
    const home = 10 + (p / s.pages) * (width - 20);
    assert.ok(await pixelIn(page, strips, '#000000', Math.floor(home) - 1, Math.ceil(home) + 2, Math.round(homesY)), `page ${p}'s home lit at x ≈ ${home.toFixed(1)}`);
    // And each region holding one of its fragments outlined in black on the grid (a 2 px ring).
    const lit = (await blackPixels(page, grid)) - before;
    assert.ok(lit >= regions.length * 60, `${regions.length} regions outlined: ${lit} more black pixels`);
    await shot(page, 'space-hover-fragment', view);

    // The keyboard: the region grid moves the magnified region; the homes light a page.
    await page.mouse.move(0, 0);
    await page.locator(`${view} [data-testid=space-grid]`).focus();
    await page.keyboard.press('Home');
    assert.match(await page.locator(`${view} [data-testid=space-grid]`).getAttribute('aria-label'), /: region 0[,:]/);
    assert.match(await strip.getAttribute('aria-label'), /^Region 0's fragments/);
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'region', id: 0 });
    assert.match(await page.locator('[data-panel=Inspector]').innerText(), /region 0[\s\S]*fragments with live data/);
    assert.deepEqual(await axeViolations(page, view), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('one truth per moment: the step, a seek away and back, and a link to that time show the same disk space', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=fig4-1-mob-size-wo&seed=1`);
    await ready(page);
    await stepTo(page, 'next cleaner run');
    const { nowNs } = await diskSpace(page);
    const at = async (p, t) => {
      await p.waitForFunction((t) => window.__storelab.frames.latest()?.nowNs === t && !window.__storelab.lab.store.get().busy, t, { timeout: 60_000 });
      await p.waitForTimeout(450); // the view's words refresh at most 5 times a second
      return p.locator(`${view} .sl-view`).innerText();
    };
    const stepped = await at(page, nowNs);
    assert.match(stepped, /Cleaner last ran at/);
    await page.evaluate(() => window.__storelab.lab.seek(60e9));
    assert.match(await at(page, 60e9), /The cleaner has not run yet/);
    await page.evaluate((t) => window.__storelab.lab.seek(t), nowNs);
    assert.equal(await at(page, nowNs), stepped, 'seeking back to the time');
    const link = await harness.newPage(suite.browser, `${suite.base}#sc=fig4-1-mob-size-wo&seed=1&t=${nowNs}`);
    await ready(link);
    assert.equal(await at(link, nowNs), stepped, 'a link to the time');
    assert.deepEqual([...page.errors, ...link.errors], []);
    await link.context().close();
    await page.context().close();
  });

  it('a hybrid run: the same regions and cleaner, each page whole in one fragment', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=section4-3-13-hybrid&seed=1`);
    await ready(page);
    await page.locator(`${view} [data-testid=space-grid]`).waitFor();
    await stepTo(page, 'next cleaner run');
    const s = await diskSpace(page);
    assert.equal(s.layout, 2, 'hybrid');
    assert.equal(s.fragments.page.length, s.pages, 'one fragment a page');
    await page.waitForFunction((t) => document.querySelector('[data-testid=space-cleaner]')?.textContent.includes(t), `${(s.nowNs / 1e9).toFixed(3)} s`);
    const head = await page.locator(`${view} .sl-head`).innerText();
    assert.match(head, /^Disk space \(hybrid\)[\s\S]*1\.00 fragments a page/);
    assert.equal(await marks(page, `${view} [data-testid=space-grid] canvas`, '#c2410c'), s.victims.length, 'one mark per victim');
    await page.evaluate((v) => document.querySelector(v).scrollIntoView(), view);
    await shot(page, 'space-hybrid', view);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('a read-optimized run: the pages at their homes, the flusher’s pass on them, a note on the other layout', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default&seed=1&t=60000000000`);
    await ready(page);
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy && window.__storelab.frames.latest()?.nowNs === 60e9);
    const pages = page.locator(`${view} [data-testid=space-pages]`);
    await pages.waitFor();
    assert.match(await page.locator(`${view} [data-testid=space-ro-note]`).innerText(), /pages scatter into fragments across the disk's regions/);
    await page.evaluate((v) => document.querySelector(v).scrollIntoView(), view);
    const box = await pages.boundingBox();
    // Page 0's cell: below the caption (16 px) and its lane (2 px), past the margin (10 px).
    await page.mouse.move(box.x + 11, box.y + 21);
    assert.match(await page.locator(`${view} .sl-tooltip`).innerText(), /^page 0: whole at its home, 0 B to 64\.0 KB$/);
    await shot(page, 'space-read-optimized', view);
    assert.deepEqual(await axeViolations(page, view), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('compare mode: read- against write-optimized, the disk space and the disk side by side at the cleaner run', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}compare/?views=SpaceView,DiskView#a=fig4-6-read-only&b=fig4-6-read-only-wo&seed=1&t=0`, {
      viewport: { width: 1440, height: 900 },
    });
    await ready(page);
    await page.waitForFunction(() => !document.querySelector('.view-placeholder') && !window.__storelab.lab.store.get().busy, null, { timeout: 30_000 });
    assert.equal(await page.locator('.compare-view').count(), 4, 'two views a side');
    await stepTo(page, 'next cleaner run');
    const b = await diskSpace(page, 1);
    const a = await diskSpace(page, 0);
    assert.equal(b.last_clean_ns, b.nowNs, 'side B stopped at its cleaner run');
    assert.equal(a.nowNs, b.nowNs, 'both sides at one time');
    assert.equal(a.layout, 0);
    const sides = page.locator('.compare-view.view-SpaceView .sl-view');
    assert.match(await sides.nth(0).innerText(), /^Disk space \(read-optimized\)[\s\S]*pages scatter into fragments/);
    await page.waitForFunction((t) => document.querySelectorAll('.compare-view.view-SpaceView')[1].textContent.includes(`Cleaner last ran at ${t}`), `${(b.nowNs / 1e9).toFixed(3)} s`);
    assert.match(await sides.nth(1).locator('[data-testid=space-cleaner]').innerText(), new RegExp(`\\(now\\): ${b.victims.length} regions cleaned`));
    // Every view shows whole at its height: nothing scrolls inside a panel.
    const cut = await page.evaluate(() => [...document.querySelectorAll('.compare-view .panel-body')].map((p) => p.scrollHeight - p.clientHeight));
    assert.deepEqual(cut, [0, 0, 0, 0]);
    // The sides' heads just under the time controls, which stay at the top of the window.
    await page.evaluate(() => window.scrollBy(0, document.querySelector('.compare-grid').getBoundingClientRect().top - document.querySelector('.time-controls').getBoundingClientRect().bottom - 4));
    await page.waitForTimeout(300);
    await shot(page, 'space-compare-1440x900');
    assert.deepEqual(await axeViolations(page, '.compare-view.view-SpaceView'), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
