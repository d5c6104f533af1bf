// End-to-end tests of the opportunistic log's pool on the platter (spec 001 §5.1 item 1), in
// Chromium: the lab steps to an installation-read choice and the PoolPlatter view shows one mark
// per pending page, the choice and its saving with the engine's numbers, dirty pages on demand,
// a page's words on hover, and selects it by click. Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/oplog.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();
const view = '[data-panel=PoolPlatter]';

/** Pauses at the next installation-read choice (the time controls' step menu). */
async function stepToChoice(page) {
  await page.locator('[data-testid=step-target-kind]').selectOption({ label: 'next installation-read choice' });
  await page.locator('[data-testid=step-target]').click();
  await page.waitForFunction(() => !window.__storelab.lab.store.get().busy && window.__storelab.frames.latest().sections.decisions.columns.op.length > 0);
}

/** The engine's frame now: pending pages, the platter, and its latest installation-read choice. */
function engineState(page) {
  return page.evaluate(() => {
    const f = window.__storelab.frames.latest();
    const s = f.sections;
    const d = s.decisions.columns;
    let i = d.op.length - 1;
    while (i >= 0 && d.op[i] !== 1) i--; // 1: 'installation read' (records.rs OP)
    return {
      nowNs: f.nowNs,
      pending: s.server.scalars.pending_pages,
      design: s.server.scalars.design,
      angle: s.disk.columns.angle[0],
      cylinders: s.disk.columns.cylinders[0],
      perTrack: s.pool.scalars.pages_per_track,
      pool: { page: Array.from(s.pool.columns.page), cylinder: Array.from(s.pool.columns.cylinder), slot: Array.from(s.pool.columns.slot) },
      decision: i < 0 ? null : { chosen: d.chosen[i], chosenNs: d.chosen_ns[i], other: d.other[i], otherNs: d.other_ns[i] },
      newestOp: d.op[d.op.length - 1],
    };
  });
}

const ms = (ns) => (ns / 1e6).toFixed(2);

/** Where the view draws a place on the platter (web/src/systems/oplog/poolPlatter.ts): cylinder as
 * radius from the hub's edge, the slot's angle turned by the platter, the head at 3 o'clock. */
function markAt(box, st, cylinder, slot) {
  const R = Math.max(20, Math.min(box.width - 40, box.height - 16) / 2);
  const cx = 10 + R;
  const cy = Math.max(8 + R, box.height / 2);
  const rIn = R * 0.16;
  const r = rIn + ((cylinder + 0.5) / st.cylinders) * (R - rIn);
  const a = (st.angle - slot / st.perTrack) * 2 * Math.PI;
  return { x: box.x + cx + r * Math.cos(a), y: box.y + cy + r * Math.sin(a) };
}

describe('the pending pool on the platter (oplog)', () => {
  it('steps to an installation-read choice: a mark per pending page, the choice and its saving with the engine’s numbers', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool&seed=1`);
    await ready(page);
    await page.locator(`${view} canvas`).waitFor();
    await stepToChoice(page);
    const st = await engineState(page);
    assert.equal(st.newestOp, 1, 'the step stops at an installation-read choice');
    assert.ok(st.pending > 2000, `a pool of about 3000 pages: ${st.pending}`);
    assert.ok(st.decision, 'an installation-read decision in the frame');
    // The words re-render 5 times a second: wait for this frame's.
    const marks = page.locator(`${view} [data-testid=pool-marks]`);
    await page.waitForFunction(([sel, n]) => document.querySelector(sel)?.getAttribute('data-count') === String(n), [`${view} [data-testid=pool-marks]`, st.pending]);
    assert.equal(Number(await marks.getAttribute('data-count')), st.pending);
    assert.equal(await page.locator(`${view} [data-testid=pool-pending]`).innerText(), st.pending.toLocaleString('en-US'));
    const { chosen, chosenNs, other, otherNs } = st.decision;
    await page.locator(`${view} [data-testid=pool-chosen]`, { hasText: String(chosen) }).waitFor();
    assert.equal(await page.locator(`${view} [data-testid=pool-chosen-ms]`).innerText(), ms(chosenNs));
    assert.equal(await page.locator(`${view} [data-testid=pool-other]`).innerText(), String(other));
    assert.equal(await page.locator(`${view} [data-testid=pool-other-ms]`).innerText(), ms(otherNs));
    const saving = Math.abs(Number(ms(otherNs)) - Number(ms(chosenNs))).toFixed(2);
    assert.equal(await page.locator(`${view} [data-testid=pool-saving-ms]`).innerText(), saving);
    assert.match(
      await page.locator(`${view} [data-testid=pool-sentence]`).innerText(),
      new RegExp(`^SPTF chose page ${chosen}: ${ms(chosenNs)} ms; oldest-first would have taken page ${other}: ${ms(otherNs)} ms: saving ${saving} ms\\.$`),
    );
    assert.ok(otherNs >= chosenNs, 'SPTF never takes longer than the oldest page');
    await shot(page, 'oplog-lab-choice');
    await shot(page, 'oplog-pool-choice', view);

    // Dirty pages on demand, by keyboard.
    const toggle = page.locator(`${view} [data-testid=pool-dirty-toggle]`);
    await toggle.focus();
    const before = await page.evaluate(() => window.__storelab.lab.store.get().playing);
    await page.keyboard.press('Space');
    assert.equal(await toggle.isChecked(), true);
    assert.equal(await page.evaluate(() => window.__storelab.lab.store.get().playing), before, 'Space ticks the box, not play');
    await page.waitForTimeout(300);
    await shot(page, 'oplog-pool-dirty', view);
    await page.keyboard.press('Space');
    assert.equal(await toggle.isChecked(), false);

    // Hover the page oldest-first would have read: its words; click: the inspector's page.
    const box = await page.locator(`${view} canvas`).boundingBox();
    const row = st.pool.page.indexOf(other);
    assert.ok(row >= 0, 'the passed-over page is still pending');
    const at = markAt(box, st, st.pool.cylinder[row], st.pool.slot[row]);
    await page.mouse.move(at.x, at.y);
    const tip = page.locator(`${view} .sl-tooltip`);
    await tip.waitFor();
    const words = await tip.innerText();
    const m = /^page (\d+): cylinder (\d+), slot (\d+), \d log entr(?:y|ies), age [\d.]+ s/.exec(words);
    assert.ok(m, `the tooltip names a page: ${words}`);
    // Marks on a slot's radius overlap (about 8 cylinders a pixel): the page under the pointer is
    // on the same slot, a few cylinders away at most.
    assert.equal(Number(m[3]), st.pool.slot[row]);
    assert.ok(Math.abs(Number(m[2]) - st.pool.cylinder[row]) <= 60, `cylinder ${m[2]} near ${st.pool.cylinder[row]}`);

    await shot(page, 'oplog-pool-hover', view);
    // The screenshot may scroll the view: click the same mark where it is now.
    const now = markAt(await page.locator(`${view} canvas`).boundingBox(), st, st.pool.cylinder[row], st.pool.slot[row]);
    await page.mouse.click(now.x, now.y);
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'page', id: Number(m[1]) });
    // The readout's page numbers inspect their page exactly.
    await page.locator(`${view} .pp-page`, { hasText: String(other) }).click();
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'page', id: other });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('30 s in, the pages have aged apart; playing on keeps the marks and the readout in step with the engine', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool&seed=1`);
    await ready(page);
    await page.evaluate(() => window.__storelab.lab.seek(30e9));
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy, null, { timeout: 60_000 });
    await stepToChoice(page);
    const aged = await engineState(page);
    await page.locator(`${view} [data-testid=pool-chosen-ms]`, { hasText: ms(aged.decision.chosenNs) }).waitFor();
    const top = Number((await page.locator(`${view} [data-testid=pool-age-scale]`).innerText()).match(/([\d.]+) s/)[1]);
    assert.ok(top >= 30, `the age scale reaches the oldest page, 30 s and more: ${top} s`);
    await page.waitForTimeout(300);
    await shot(page, 'oplog-pool-30s', view);
    await page.evaluate((p) => window.__storelab.lab.setSpeedPosition(p), harness.speedPosition(50e6));
    await page.evaluate(() => window.__storelab.lab.play());
    await page.waitForTimeout(1500);
    await page.evaluate(() => window.__storelab.lab.pause());
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    await page.waitForTimeout(400);
    const st = await engineState(page);
    assert.equal(Number(await page.locator(`${view} [data-testid=pool-marks]`).getAttribute('data-count')), st.pending);
    assert.equal(await page.locator(`${view} [data-testid=pool-chosen-ms]`).innerText(), ms(st.decision.chosenNs));
    await shot(page, 'oplog-pool-played', view);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ]) {
    it(`lays out the pool view at ${width}×${height}`, async () => {
      const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool&seed=1`, { viewport: { width, height } });
      await ready(page);
      await stepToChoice(page);
      // The view's top just under the time controls, which stay at the top of the window.
      await page.evaluate((v) => window.scrollBy(0, document.querySelector(v).getBoundingClientRect().top - document.querySelector('.time-controls').getBoundingClientRect().bottom - 4), view);
      await page.waitForTimeout(500);
      await shot(page, `oplog-pool-${width}x${height}`, view);
      const box = await page.evaluate((v) => {
        const el = document.querySelector(v);
        const r = (sel) => el.querySelector(sel).getBoundingClientRect();
        return { view: el.getBoundingClientRect(), canvas: r('canvas'), readout: r('[data-testid=pool-readout]'), overflow: el.scrollWidth - el.clientWidth };
      }, view);
      assert.ok(box.canvas.height >= 300 && box.canvas.width >= 300, `the platter is readable: ${box.canvas.width}×${box.canvas.height}`);
      assert.ok(box.readout.width > 150, `the readout has room: ${box.readout.width} px`);
      assert.equal(box.overflow, 0, 'nothing runs off the side');
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  it('the pool view has no serious or critical axe-core violation, the dirty pages shown', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool&seed=1`, { viewport: { width: 1280, height: 720 } });
    await ready(page);
    await stepToChoice(page);
    await page.locator(`${view} [data-testid=pool-dirty-toggle]`).check();
    await page.locator(`${view} [data-testid=pool-readout]`).waitFor();
    assert.deepEqual(await harness.axeViolations(page, view), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
