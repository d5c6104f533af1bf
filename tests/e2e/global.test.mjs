// End-to-end tests of the global-memory cluster in the lab (issue 28), in Chromium: Fig. 18's
// declustered run stepping to the next ship-back refusal and page served, its records in the event
// log and its about box; Ch. 5's web server with its duplicates, and ClSv against Dup-Elim in
// compare mode; lesson 06 with a question answered wrong then right.
// Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/global.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';
import lzString from 'lz-string';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const suite = harness.useLab();

describe('the global-memory cluster in the lab (issue 28)', () => {
  it('runs Fig. 18 declustered: owners serve pages from memory, and the event log says how', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=global-fig18-clsv-decl&seed=1&t=0`, { viewport: { width: 1440, height: 900 } });
    await ready(page);
    assert.match(await page.locator('[data-testid=intro]').innerText(), /10 servers of 1,024 frames each/);
    // The event log takes the records of the frames after it has loaded.
    await page.locator('[data-view=event-log]').waitFor();
    await page.locator('[data-testid=step-target-kind]').selectOption({ label: 'next disk read' });
    for (let i = 0; i < 3; i++) {
      await page.locator('[data-testid=step-target]').click();
      await page.waitForFunction(() => !window.__storelab.lab.store.get().busy && window.__storelab.lab.currentNs() > 0, null, { timeout: 60_000 });
    }
    await page.locator('[data-panel=EventLog]').scrollIntoViewIfNeeded();
    const log = page.locator('[data-view=event-log]');
    await log.getByText(/server \d+ read page \d+ for client 0 in \d/).first().waitFor({ timeout: 60_000 });
    await log.getByText(/client 0's page \d+: owner \d+ reads it from disk/).first().waitFor();
    await page.evaluate(() => window.__storelab.lab.seek(200e9));
    await page.waitForFunction(() => window.__storelab.lab.currentNs() === 200e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 120_000 });
    await log.getByText(/owner \d+ sends it from its memory/).first().waitFor({ timeout: 60_000 });
    await shot(page, 'global-fig18-decl-200s');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('shows every server\'s memory by owner and the messages on the wire, legible at 10 servers of 2,048 frames and at 28', async () => {
    const decl = readFileSync(path.join(harness.root, 'scenarios/global-fig18-clsv-decl.toml'), 'utf8');
    for (const [nodes, frames, t] of [[10, 2048, 160e9], [28, 1000, 120e9]]) {
      const text = decl.replace('[policy]', `[cluster]\nnodes = ${nodes}\nframes = ${frames}\n\n[policy]`);
      const page = await harness.newPage(suite.browser, `${suite.base}#s=${lzString.compressToEncodedURIComponent(text)}&seed=1&t=${t}`, { viewport: { width: 1440, height: 900 } });
      await ready(page);
      await page.waitForFunction((x) => window.__storelab.lab.currentNs() === x && !window.__storelab.lab.store.get().busy, t, { timeout: 120_000 });
      const view = page.locator('[data-panel=ClusterView]');
      await view.locator('[data-testid=cluster-svg]').waitFor();
      assert.match(await view.locator('[data-testid=cluster-headline]').innerText(), new RegExp(`${nodes} servers × ${frames.toLocaleString('en-US')} frames`));
      assert.equal(await view.locator('g.cl-server').count(), nodes);
      // Every column is at least 3 px wide and none overlaps the next.
      const boxes = await view.locator('g.cl-server rect.cl-frame').evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect()).map((b) => [b.left, b.right]));
      assert.ok(boxes.every(([l, r]) => r - l >= 3), JSON.stringify(boxes.slice(0, 3)));
      assert.ok(boxes.every(([, r], i) => i === 0 || boxes[i - 1][1] < boxes[i][0]), 'columns apart');
      // The client's server is full; each other server holds its share of the set.
      assert.equal(Number(await view.locator('[data-testid=cluster-server-0]').getAttribute('data-free')), 0);
      await shot(page, `global-cluster-${nodes}`, '[data-panel=ClusterView]');
      // A server picked in the view is inspected.
      await view.locator('[data-testid=cluster-server-3]').click();
      await page.locator('[data-panel=Inspector]').getByText(/hated copies/).first().waitFor();
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  it("runs Ch. 5's web server: duplicates beside each server's memory, and ClSv against Dup-Elim on one clock", async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=global-fig53-hybrid&seed=1&t=20000000000`, { viewport: { width: 1440, height: 900 } });
    await ready(page);
    await page.waitForFunction(() => window.__storelab.lab.currentNs() === 20e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 120_000 });
    assert.match(await page.locator('[data-testid=intro-web]').innerText(), /8 servers of 1,000 frames each, serving 300 files of 32 pages/);
    const view = page.locator('[data-panel=ClusterView]');
    await view.locator('[data-testid=cluster-svg]').waitFor();
    assert.match(await view.locator('[data-testid=cluster-headline]').innerText(), /^Hybrid · declustered · 8 servers × 1,000 frames/);
    assert.equal(await view.locator('rect.cl-dup').count(), 8, 'every server holds duplicates at 20 s');
    const dups = Number(await view.locator('[data-testid=cluster-server-2]').getAttribute('data-duplicates'));
    assert.ok(dups > 0 && dups < 1000, `server 2's duplicates: ${dups}`);
    await shot(page, 'global-web-hybrid-20s', '[data-panel=ClusterView]');
    // A message on the wire: click it to follow its request's path through the cluster.
    await view.locator('circle.cl-data, circle.cl-control').first().click({ force: true });
    await page.locator('[data-panel=Inspector]').getByText(/^Client \d+'s request$/).waitFor();
    const path = view.locator('[data-testid=cluster-path]');
    await path.waitFor();
    assert.match(await path.getAttribute('data-stage'), /at the owner|forwarded|disk read|page on its way|processing|fault|lookup|waiting/);
    assert.match(await view.locator('.cl-path-text').textContent(), /^client \d+'s page \d+: primary server \d, owner \d/);
    await shot(page, 'global-web-request-path', '[data-panel=ClusterView]');
    // Its page: where it lives and where its copies are.
    const inspector = page.locator('[data-panel=Inspector]');
    await inspector.getByRole('button', { name: /^Inspect page \d+$/ }).click();
    await inspector.getByText(/^page \d+$/).waitFor();
    assert.match(await inspector.locator('dd').first().innerText(), /^server \d, on its disk [01] at block \d+$/);
    await inspector.getByText(/^(none in memory|\d+ at servers? [\d, ]+)/).waitFor();
    await shot(page, 'global-web-page-inspector', '[data-panel=Inspector]');
    await view.locator('[data-testid=cluster-server-2]').click();
    await page.locator('[data-panel=Inspector]').getByText(new RegExp(`^${dups}: pages another server holds too`)).waitFor();
    assert.deepEqual(page.errors, []);
    await page.context().close();

    // Skew 0.6: Dup-Elim keeps nearly every frame for a distinct page and reads less from disk (Figs. 50–51).
    const compare = await harness.newPage(suite.browser, `${suite.base}compare/#a=global-fig53-clsv&b=global-fig53-dup-elim&seed=1&t=30000000000`, { viewport: { width: 1440, height: 900 } });
    await ready(compare);
    await compare.waitForFunction(() => window.__storelab.lab.currentNs() === 30e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 120_000 });
    assert.match(await compare.locator('[data-testid=differs-B]').innerText(), /policy\.replacement = "?dup_elim"?/);
    const cell = async (figure) => (await compare.locator(`[data-testid=summary-counters] tr[data-figure=${figure}] td`).allTextContents()).map((t) => Number(t.trim().replace(/[^0-9.]/g, '')));
    const [reads, unique] = [await cell('misses_per_request'), await cell('unique_pages')];
    assert.ok(reads[1] < reads[0], `Dup-Elim reads less from disk: ${reads}`);
    assert.ok(unique[1] > unique[0], `and keeps more distinct pages: ${unique}`);
    await shot(compare, 'global-compare-clsv-dup-elim');
    assert.deepEqual(compare.errors, []);
    await compare.context().close();

    // Two placements on one clock (Fig. 18): the set on another server against round robin over all.
    const places = await harness.newPage(suite.browser, `${suite.base}compare/#a=global-fig18-clus-diff&b=global-fig18-clsv-decl&seed=1&t=200000000000`, { viewport: { width: 1440, height: 900 } });
    await ready(places);
    await places.waitForFunction(() => window.__storelab.lab.currentNs() === 200e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 180_000 });
    assert.match(await places.locator('[data-testid=differs-B]').innerText(), /policy\.placement = "?declustered"?/);
    const cells = async (figure) => (await places.locator(`[data-testid=summary-counters] tr[data-figure=${figure}] td`).allTextContents()).map((t) => Number(t.trim().replace(/[^0-9.]/g, '')));
    const [misses, response] = [await cells('misses_per_request'), await cells('response_ms')];
    assert.ok(misses[1] < misses[0] / 3, `declustered misses far less: ${misses}`);
    assert.ok(response[1] < response[0], `and answers sooner: ${response}`);
    await shot(places, 'global-compare-clus-diff-decl');
    assert.deepEqual(places.errors, []);
    await places.context().close();
  });

  it("charts each server's LRU tail age from the run's start (Fig. 42): ClSv's busy server younger than the idle ones", async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=global-fig42-global&seed=1&t=60000000000`, { viewport: { width: 1440, height: 1000 } });
    await ready(page);
    await page.waitForFunction(() => window.__storelab.lab.currentNs() === 60e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 120_000 });
    const charts = page.locator('[data-panel=GlobalCharts]');
    await charts.scrollIntoViewIfNeeded();
    await charts.locator('[data-testid=latest-tail-age-0]').waitFor({ timeout: 30_000 });
    // A permalink to 60 s shows the series from 0 s: a sample every 2 s (the thesis's Fig. 42).
    assert.match(await charts.locator('[data-testid=sample-count]').innerText(), /samples 3\d, one every 2 s/);
    const text = await charts.innerText();
    assert.match(text, /S0 \(large client\)/);
    assert.match(text, /S9 \(idle\)/);
    await shot(page, 'global-fig42-charts', '[data-panel=GlobalCharts]');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("charts Table 13 from a permalink: Global's large-client server keeps its own and busy servers' pages, the thesis's row beside them", async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=global-tab13-global&seed=1&t=100000000000`, { viewport: { width: 1440, height: 1000 } });
    await ready(page);
    await page.waitForFunction(() => window.__storelab.lab.currentNs() === 100e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 180_000 });
    const chart = page.locator('[data-panel=OwnerChart]');
    await chart.scrollIntoViewIfNeeded();
    // A tick is a line of no height: attached, not "visible" to Playwright.
    await chart.locator('.owner-paper').first().waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(await chart.locator('.owner-paper').count(), 10);
    const pages = (await chart.locator('.owner-bar').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-pages')))));
    assert.equal(pages.length, 10);
    // Tab. 13: the idle servers' (5–9) pages under 2% of the 2,048 frames each; its own the most.
    for (const n of pages.slice(5)) assert.ok(n < 0.02 * 2048, `idle owners' pages: ${pages}`);
    assert.ok(pages[0] > Math.max(...pages.slice(1)), `its own pages the most: ${pages}`);
    assert.match(await chart.locator('[data-testid=owner-legend]').innerText(), /Tab\. 13, Global-Decl/);
    await shot(page, 'global-tab13-owner-chart', '[data-panel=OwnerChart]');
    // The list shows an idle server's memory instead, without the thesis's row.
    await chart.locator('[data-testid=owner-server]').selectOption('7');
    assert.equal(await chart.locator('.owner-paper').count(), 0);
    assert.match(await chart.locator('[data-testid=owner-summary]').innerText(), /^server 7: /);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('lesson 06 renders and checks a wrong then a right prediction against the engine', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}lessons/?lesson=06-global-memory`);
    const lesson = page.locator('[data-testid=lesson]');
    await lesson.locator('h1').first().waitFor();
    assert.match(await lesson.locator('h1').first().innerText(), /Global memory/);
    assert.ok((await page.locator('.question').count()) >= 4);
    const q = page.locator('[data-testid=question-clus-same-misses]');
    await q.scrollIntoViewIfNeeded();
    await q.locator('[data-testid=guess]').fill('1');
    await q.locator('[data-testid=run-question]').click();
    await q.locator('[data-testid=direction]').waitFor({ timeout: 120_000 });
    assert.equal(await q.locator('[data-testid=direction]').innerText(), 'too high');
    await q.locator('[data-testid=guess]').fill('0.75');
    await q.locator('[data-testid=run-question]').click();
    await q.locator('.verdict.ok').waitFor();
    const measured = Number(await q.locator('[data-testid=actual]').innerText());
    assert.ok(measured > 0.7 && measured < 0.8, `Clus-Same's misses: ${measured}`);
    await shot(page, 'lesson-06-question', '[data-testid=question-clus-same-misses]');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
