// End-to-end test of lesson 03, the opportunistic log (O'Toole & Shrira 1994), in Chromium: the
// lessons page lists it and renders it, its two live scenarios load the opportunistic-log views
// and run, and every predict-then-run question runs the engine and grades a wrong guess (a
// direction and the hint, not the answer) then a right one. The sweep question's detail shows
// each point in the figure's unit (ms), not ×100 as a percentage. Screenshots go to
// tests/artifacts/; axe-core checks the page as a11y.test.mjs checks lesson 01.
// Run: node --test tests/e2e/lesson-oplog.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { shot } from './harness.mjs';

const suite = harness.useLab();
const URL_PATH = 'lessons/?lesson=03-opportunistic-log';

/** Each question: a guess the lesson's reasoning rules out (and the direction the page gives it),
 * a guess it leads to, and the range the measured answer must fall in (the CLI's values at seed 1:
 * `storelab run scenarios/lesson-oplog-50-clients.toml --set …`). */
const QUESTIONS = [
  { id: 'where-28', wrong: '0.28', direction: 'too low', right: '0.52', range: [0.5, 0.54], hint: /20% of the database/ },
  { id: 'absorb-or-schedule', wrong: '186', direction: 'too high', right: '153', range: [148, 158], hint: /1 ÷ \(disk time per transaction\)/ },
  { id: 'half-price', wrong: '1500', direction: 'too high', right: '60', range: [60, 60], hint: /dots scattered over the platter/, sweep: true },
  { id: 'tug-of-war', wrong: '230', direction: 'too high', right: '200', range: [198, 210], hint: /1,550 dirty pages/ },
  { id: 'break-even', wrong: '240', direction: 'too high', right: '193', range: [187, 198], hint: /disk time per transaction/ },
];

async function answer(q, value, sweep) {
  if (sweep) await q.locator('[data-testid=guess]').selectOption(value);
  else await q.locator('[data-testid=guess]').fill(value);
  await q.locator('[data-testid=run-question]').click();
}

describe('lesson 03: the opportunistic log', () => {
  it('renders, and its two live scenarios run the opportunistic-log views', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}${URL_PATH}`);
    const lesson = page.locator('[data-testid=lesson]');
    await lesson.locator('h1').first().waitFor();
    assert.match(await lesson.locator('h1').first().innerText(), /opportunistic log/i);
    // The lessons page lists it between lessons 2 and 4, in file-name order.
    const nav = page.locator('.lessons-nav');
    const names = await nav.locator('a[href^="?lesson="]').allInnerTexts();
    assert.deepEqual(names.map((n) => n.split('.')[0]), ['0', '1', '2', '3', '4', '5', '6']);
    assert.match(await nav.locator('a[href="?lesson=03-opportunistic-log"]').innerText(), /3\. The opportunistic log/);
    assert.equal(await page.locator('.question').count(), QUESTIONS.length);
    assert.equal(await page.locator('[data-testid=embed-error]').count(), 0);
    await shot(page, 'lesson-oplog-top');

    // The first live scenario: the opportunistic server's pool on the platter and its memory.
    const figures = page.locator('figure.live');
    assert.equal(await figures.count(), 2);
    await figures.first().scrollIntoViewIfNeeded();
    const frame = page.frameLocator('figure.live iframe').first();
    await frame.locator('[data-testid=play]').waitFor({ timeout: 30_000 });
    await frame.locator('[data-panel=PoolPlatter]').waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('[data-panel=OplogMemory]').count(), 1);
    assert.match(await frame.locator('.embed-bar').innerText(), /Watch the opportunistic log choose/);
    assert.equal(await frame.locator('[data-testid=set-error]').count(), 0);
    await frame.locator('[data-testid=play]').click();
    const embeds = () => page.frames().filter((f) => f.url().includes('/embed/'));
    await page.waitForFunction(() => document.querySelectorAll('figure.live iframe').length === 2);
    const first = embeds().find((f) => !f.url().includes('set='));
    assert.ok(first, 'the embed route is loaded in the first iframe');
    // Running: events advance and the pool on the platter has its ~2,900 pending pages.
    await first.waitForFunction(() => window.__storelab?.frames.latest()?.events > 200, null, { timeout: 30_000 });
    assert.equal(await frame.locator('.view-error').count(), 0, 'no view failed');
    await page.waitForTimeout(1500); // let the views draw a few frames
    await shot(page, 'lesson-oplog-embed', 'figure.live');

    // The second: the absorbing server, pinned by the embed's set:, with its charts.
    await figures.nth(1).scrollIntoViewIfNeeded();
    assert.match(await figures.nth(1).locator('[data-testid=pinned]').innerText(), /server\.design/);
    const frame2 = page.frameLocator('figure.live iframe').nth(1);
    await frame2.locator('[data-testid=play]').waitFor({ timeout: 30_000 });
    await frame2.locator('[data-panel=PoolPlatter]').waitFor({ timeout: 30_000 });
    assert.equal(await frame2.locator('[data-panel=OplogCharts]').count(), 1);
    assert.match(await frame2.locator('[data-testid=pinned]').innerText(), /absorbing/);
    assert.equal(await frame2.locator('[data-testid=set-error]').count(), 0);
    await frame2.locator('[data-testid=play]').click();
    const second = embeds().find((f) => f.url().includes('set='));
    assert.ok(second, 'the embed route is loaded in the second iframe');
    // One simulated second a second: the charts have their first samples within seconds.
    await second.waitForFunction(() => window.__storelab?.frames.latest()?.nowNs > 4e9, null, { timeout: 30_000 });
    assert.equal(await frame2.locator('.view-error').count(), 0, 'no view failed');
    await shot(page, 'lesson-oplog-embed-absorbing', 'figure.live >> nth=1');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('grades every question: a wrong guess gets a direction and the hint, a right one the answer', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}${URL_PATH}`);
    await page.locator('[data-testid=lesson] h1').first().waitFor();
    for (const { id, wrong, direction, right, range, hint, sweep } of QUESTIONS) {
      const q = page.locator(`[data-testid=question-${id}]`);
      await q.scrollIntoViewIfNeeded();
      await answer(q, wrong, sweep);
      await q.locator('[data-testid=direction]').waitFor({ timeout: 120_000 });
      assert.equal(await q.locator('[data-testid=direction]').innerText(), direction, `${id}: ${wrong} is ${direction}`);
      assert.match(await q.locator('[data-testid=hint]').innerText(), hint, `${id}: the hint`);
      assert.equal(await q.locator('[data-testid=actual]').count(), 0, `${id}: the answer is not shown yet`);
      if (id === 'where-28') await shot(page, `lesson-oplog-${id}-hint`, `[data-testid=question-${id}]`);
      // Then right: checked against the same run, without running again.
      await answer(q, right, sweep);
      await q.locator('.verdict.ok').waitFor();
      const measured = Number(await q.locator('[data-testid=actual]').innerText());
      assert.ok(measured >= range[0] && measured <= range[1], `${id}: measured ${measured}, expected ${range[0]}–${range[1]}`);
      assert.match(await q.innerText(), /Right!/);
      await shot(page, `lesson-oplog-${id}`, `[data-testid=question-${id}]`);
    }
    // The sweep's detail: each log size's ICost in ms, as the results panel shows it.
    const detail = await page.locator('[data-testid=question-half-price] [data-testid=verdict]').innerText();
    assert.match(detail, /ICost: installation read: 26: 14\.7 ms, 60: 8\.3 ms,/);
    assert.match(detail, /12000: 2\.52 ms/);
    assert.doesNotMatch(detail, /\d%/, 'no cost shown as a percentage');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('axe-core finds no serious or critical violation on the lesson', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${suite.base}${URL_PATH}`);
    await page.locator('[data-testid=lesson] h1').first().waitFor();
    const found = await harness.axeViolations(page);
    await context.close();
    assert.deepEqual(found, []);
  });
});
