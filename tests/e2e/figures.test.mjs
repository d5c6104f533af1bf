// End-to-end tests of the figures page (issue 30), in Chromium: the index of every figure per
// paper; a figure's sweep run in a pool of workers to its plot, with intervals and the paper's
// marks and the line saying where it departs; its CSV equal to `storelab sweep`'s; its link
// reopening the same plot; Cancel stopping every worker. Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/figures.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lzString from 'lz-string';
import * as harness from './harness.mjs';
import { ready, root, shot } from './harness.mjs';

const suite = harness.useLab();
const storelab = path.join(root, 'engine/target/release/storelab');

// Table 4 of the opportunistic log, every log size, two short seeds each (12 runs).
const TABLE4 = fs
  .readFileSync(path.join(root, 'scenarios/oplog-table4-log-size.toml'), 'utf8')
  .replace(/^warmup_s = .*$/m, 'warmup_s = 2')
  .replace(/^duration_s = .*$/m, 'duration_s = 4')
  .replace(/^seeds = .*$/m, 'seeds = 2');

const done = (page) => page.locator('[data-testid=figure-progress]', { hasText: /· done|· canceled/ }).waitFor({ timeout: 120_000 });

async function csvOf(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=figure-csv]').click()]);
  return fs.readFileSync(await download.path(), 'utf8');
}

describe('the figures page (issue 30)', () => {
  it('lists every figure by paper, runs one to its plot with the paper beside it, gives the CLI\'s CSV, and its link reopens it', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}figures/`, { viewport: { width: 1200, height: 1000 } });
    await page.locator('[data-testid=figure-index]').waitFor();
    const headings = await page.locator('[data-testid=figure-index] h2').allInnerTexts();
    assert.ok(headings.some((h) => /Ghemawat/.test(h)) && headings.some((h) => /O'Toole|Shrira/.test(h)), headings.join('\n'));
    assert.ok((await page.locator('[data-testid=figure-link]').count()) > 30);
    await shot(page, 'figures-index');
    assert.deepEqual(await harness.axeViolations(page), []);

    await page.goto(`${suite.base}figures/?fresh#s=${lzString.compressToEncodedURIComponent(TABLE4)}&run=1`);
    await done(page);
    assert.match(await page.locator('[data-testid=figure-progress]').innerText(), /12 of 12 runs · \d workers · [\d.]+ s · done/);
    assert.equal(await page.locator('[data-testid=figure-point]').count(), 6);
    assert.equal(await page.locator('[data-testid=paper-mark]').count(), 6, "the paper's six numbers for the throughput");
    assert.match(await page.locator('[data-testid=figure-point]').first().locator('title').textContent(), /server\.log_pages = 26: [\d.]+ tx\/s ± [\d.]+ \(95%, 2 runs\)\nseed 1: [\d.]+ tx\/s\nseed 2: /);
    assert.match(await page.locator('[data-testid=figure-departures]').innerText(), /^The curve agrees with \d of the paper's 6 numbers run so far/);
    await shot(page, 'figures-table4');
    assert.deepEqual(await harness.axeViolations(page), []);

    const csv = await csvOf(page);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelab-fig-'));
    fs.writeFileSync(path.join(dir, 'table4.toml'), TABLE4);
    const cli = spawnSync(storelab, ['sweep', path.join(dir, 'table4.toml')], { encoding: 'utf8' });
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(csv, cli.stdout, 'the CSV is the one storelab sweep prints');

    // Another figure plotted, then the link: a fresh page runs the same sweep to the same table.
    await page.locator('[data-testid=figure-select]').selectOption('cost_ms.install_read');
    assert.equal(await page.locator('[data-testid=paper-mark]').count(), 6);
    const href = await page.locator('[data-testid=figure-permalink]').getAttribute('href');
    assert.match(href, /&y=cost_ms\.install_read&run=1$/);
    await page.context().close();
    const again = await harness.newPage(suite.browser, `${suite.base}figures/${href}`, { viewport: { width: 1200, height: 1000 } });
    await done(again);
    assert.equal(await again.locator('[data-testid=figure-select]').inputValue(), 'cost_ms.install_read');
    assert.equal(await csvOf(again), csv);
    assert.deepEqual(again.errors, []);
    await again.context().close();
  });

  it('Cancel stops every worker, keeping the points finished', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}figures/#sc=fig4-1-mob-size&seeds=5&run=1`, { viewport: { width: 1200, height: 1000 } });
    await page.waitForFunction(() => window.__figures?.pool.running > 0, null, { timeout: 30_000 });
    await page.locator('[data-testid=figure-point]').first().waitFor({ timeout: 60_000 });
    await page.locator('[data-testid=figure-cancel]').click();
    await done(page);
    assert.equal(await page.evaluate(() => window.__figures.pool.running), 0);
    const text = await page.locator('[data-testid=figure-progress]').innerText();
    const finished = Number(/^(\d+) of 45 runs/.exec(text)?.[1]);
    assert.ok(finished >= 1 && finished < 45, text);
    await page.waitForTimeout(1000);
    assert.equal(await page.locator('[data-testid=figure-progress]').innerText(), text, 'nothing more arrives');
    assert.ok((await page.locator('[data-testid=figure-point]').count()) >= 1);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('plots a figure of one\'s own from a scenario without a sweep, and names a value the field refuses', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}figures/#sc=mob-default`, { viewport: { width: 1200, height: 1000 } });
    const form = page.locator('[data-testid=sweep-form]');
    await form.waitFor();
    await form.locator('[data-testid=sweep-parameter]').fill('server.mob_mb');
    await form.locator('[data-testid=sweep-values]').fill('1, -2');
    await form.locator('[data-testid=sweep-plot]').click();
    assert.match(await form.locator('[data-testid=sweep-error]').innerText(), /server\.mob_mb/);
    assert.equal(await form.locator('[data-testid=sweep-values]').inputValue(), '1, -2', 'the input stays');
    await form.locator('[data-testid=sweep-values]').fill('1, 2');
    await form.locator('[data-testid=sweep-plot]').click();
    await done(page);
    assert.equal(await page.locator('[data-testid=figure-point]').count(), 2);
    await shot(page, 'figures-own');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("the lab's sweep bar opens the whole figure", async () => {
    const lab = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-table4-log-size`);
    await ready(lab);
    assert.equal(await lab.locator('[data-testid=plot-figure]').getAttribute('href'), './figures/#sc=oplog-table4-log-size&run=1');
    await lab.context().close();
  });
});
