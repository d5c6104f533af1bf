// End-to-end tests of the HAC system in the lab (issue 14), in Chromium: a HAC scenario from the
// gallery runs to its end in the same lab as the MOB's, says how its run is timed, and shows its
// results beside the paper's; the HAC view shows a compaction step by step. Screenshots go to
// tests/artifacts/. Run: node --test tests/e2e/.
import { describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import lzString from 'lz-string';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

describe('HAC in the lab (issue 14)', () => {
  it('a cold T6 through HAC runs to its end and shows its results beside Table 2', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=hac-t6-cold&seed=1`);
    await ready(page);
    assert.match(await page.locator('.subtitle').innerText(), /^hybrid adaptive caching, event by event$/);
    const intro = await page.locator('[data-testid=intro]').innerText();
    assert.match(intro, /starts with an empty client cache at 0 s/);
    assert.doesNotMatch(intro, /flusher/);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('End');
    const results = page.locator('[data-testid=results]');
    await results.waitFor({ timeout: 30_000 });
    const fetches = await page.evaluate(() => window.__storelab.lab.engine.summary().then((s) => s.metrics.fetches));
    assert.ok(fetches > 480 && fetches < 530, `cold T6 fetches each page it touches once: ${fetches}`);
    // Issue 24, item 12: counts as counts, and the run's difference from the paper in percent.
    const d = ((fetches - 506) / 506) * 100;
    const diff = `${d < 0 ? '−' : '+'}${Math.abs(d) >= 10 ? Math.abs(d).toFixed(0) : Math.abs(d).toFixed(1)}%`;
    assert.equal(await page.locator('[data-testid="paper-fetches"]').innerText(), `506 (run ${diff}) (Table 2, HAC and FPC)`);
    assert.match(await results.innerText(), new RegExp(`fetches\\s+${fetches}\\s+pages\\s+506`));
    assert.doesNotMatch(await results.innerText(), /confidence interval/, 'no interval where the run has none');
    await shot(page, 'hac-t6-results');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('steps to the next compaction and shows it step by step: objects move, a frame is freed', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=hac-compaction&seed=1`, { viewport: { width: 1280, height: 720 } });
    await ready(page);
    const view = '[data-panel=HacView]';
    await page.locator(`${view} canvas.hac-grid`).waitFor();
    await page.locator('[data-testid=step-target-kind]').selectOption({ label: 'next compaction' });
    await page.locator('[data-testid=step-target]').click();
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    const plan = await replacement(page);
    assert.equal(plan.step, -1, 'the compaction record comes as the fetch is sent, before any step');
    assert.ok(plan.moves.length > 0 && plan.freed.length > 0, `the replacement moves objects and frees a frame: ${JSON.stringify(plan.kinds)}`);
    await shot(page, 'hac-lab-1280x720');
    await shot(page, 'hac-compaction-before', view);

    // "next step" walks the replacement one step at a time: the list highlights the next step
    // and the lab is at that step's time (paused), as n and p do with the focus in the view.
    const button = (move) => page.locator(`${view} [data-testid=hac-step-${move}]`);
    assert.equal(await button('previous').getAttribute('aria-disabled'), 'true', 'no step before the first');
    for (let i = 0; i < 6; i++) {
      await button('next').click();
      await atStep(page, plan, i);
    }
    await shot(page, 'hac-step-buttons', view);
    await page.locator(`${view} [data-testid=hac-step-count]`, { hasText: `step 6 of ${plan.total}` }).waitFor();
    await button('previous').focus();
    await page.keyboard.press('p');
    await atStep(page, plan, 4);
    await page.keyboard.press('n');
    await page.keyboard.press('n');
    await atStep(page, plan, 6);
    // Issue 24, item 7: with the focus outside the view (on the page), n and p step too.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('n');
    await atStep(page, plan, 7);
    await page.keyboard.press('p');
    await atStep(page, plan, 6);
    assert.equal(await page.evaluate(() => window.__storelab.lab.store.get().playing), false, 'stepping pauses');

    // Issue 24, item 7: the candidate list follows the steps. Just before the first victim is
    // selected, the list starts with that victim; once it is selected, the victim has left it.
    const firstVictim = plan.kinds.indexOf('victim selected');
    const victim = plan.frame[firstVictim];
    const listAt = async (i) => {
      await page.evaluate((t) => window.__storelab.lab.seek(t), Math.round(plan.tS[i] * 1e9));
      await atStep(page, plan, i);
      await page.waitForTimeout(450); // the lists re-render 5 times a second
      return page.locator(`${view} [data-testid=hac-candidates] .hac-cand-f`).allInnerTexts();
    };
    const listBefore = await listAt(firstVictim - 1);
    assert.equal(listBefore[0], `frame ${victim}`, `the next victim, frame ${victim}, heads the list: ${listBefore.slice(0, 3)}`);
    const listAfter = await listAt(firstVictim);
    assert.ok(!listAfter.includes(`frame ${victim}`), `frame ${victim}, selected, has left the list: ${listAfter.slice(0, 3)}`);

    // Just before the first move, the slowest speed (1 µs a second) plays one move at a time.
    await page.evaluate((t) => window.__storelab.lab.seek(t), Math.round(plan.tS[plan.moves[0]] * 1e9) - 1000);
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    await page.evaluate(() => window.__storelab.lab.setSpeedPosition(0));
    await page.evaluate(() => window.__storelab.lab.play());
    await page.waitForFunction((first) => window.__storelab.frames.latest().sections.replacement.scalars.step >= first, plan.moves[0], { timeout: 20_000 });
    await page.waitForTimeout(250);
    await shot(page, 'hac-compaction-moving', view); // the first move, flying into the target
    const playing = await replacement(page);
    assert.ok(playing.step - plan.moves[0] <= 1, `at 1 µs/s the frames show the moves one by one: step ${playing.step}`);
    await page.evaluate(() => window.__storelab.lab.pause());
    // The middle of the moves.
    await page.evaluate((t) => window.__storelab.lab.seek(t), Math.round(plan.tS[plan.moves[plan.moves.length >> 1]] * 1e9));
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    const during = await replacement(page);
    assert.equal(during.kinds[during.step], 'move');
    // The lists re-render 5 times a second: wait for the current step's words.
    await page.locator(`${view} [aria-current=step]`, { hasText: `move object ${during.object[during.step]} ` }).waitFor();
    await page.waitForTimeout(1500);
    await shot(page, 'hac-compaction-during', view);

    // After: the victim is free and every moved object is at its destination.
    await page.evaluate((t) => window.__storelab.lab.seek(t), Math.ceil(plan.endS * 1e9));
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    const after = await replacement(page);
    assert.equal(after.step, after.kinds.length - 1);
    const freed = after.frame[after.freed[after.freed.length - 1]];
    assert.equal(after.frameKinds[freed], 'free', `frame ${freed} was freed`);
    assert.deepEqual(after.misplaced, [], 'every moved object is at its destination');
    await page.locator(`${view} [data-testid=hac-callout]`, { hasText: `frame ${freed} freed` }).waitFor();
    await page.waitForTimeout(1500); // the moves since the last frame have landed
    await shot(page, 'hac-compaction-after', view);

    // Hover an object of the compaction lane, click a frame, and select one by keyboard.
    const canvas = page.locator(`${view} canvas.hac-grid`);
    const box = await canvas.boundingBox();
    // The lane's first row (hacDraw.ts canvasLayout: above the 40 px timeline, rows of 37 px, the
    // bar 15 px below the row's top) shows the target, whose first object is at offset 0.
    const laneY = box.height - 40 - (box.height >= 300 ? 3 : 2) * 37 - 4;
    await page.mouse.move(box.x + 4, box.y + laneY + 22);
    assert.match(await page.locator(`${view} .sl-tooltip`).innerText(), /^object \d+ in frame \d+: \d+ B at offset 0 B, usage \d{4} = \d+, installed/);
    await shot(page, 'hac-hover', view);
    await page.mouse.click(box.x + 12, box.y + 20);
    assert.equal(await page.evaluate(() => window.__storelab.lab.store.get().selection?.kind), 'frame');
    await page.locator(`${view} [role=application]`).focus();
    const before = await page.evaluate(() => window.__storelab.lab.store.get().nowNs);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'frame', id: 1 });
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__storelab.lab.store.get().nowNs), before, 'the grid keys move the focus, not the lab (Home, →)');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
    [390, 844],
  ]) {
    it(`lays out the HAC view at ${width}×${height}: the frames, the lane, the step buttons and the lists all in view`, async () => {
      const page = await harness.newPage(suite.browser, `${suite.base}#sc=hac-compaction&seed=1`, { viewport: { width, height } });
      await ready(page);
      const view = '[data-panel=HacView]';
      await page.locator('[data-testid=step-target-kind]').selectOption({ label: 'next compaction' });
      await page.locator('[data-testid=step-target]').click();
      await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
      const plan = await replacement(page);
      // Into the compaction: the victim selected, objects discarded and moved.
      const into = Math.max(plan.moves[0] ?? 0, 4);
      await page.evaluate((t) => window.__storelab.lab.seek(t), Math.round(plan.tS[into - 1] * 1e9));
      await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
      await page.locator(`${view} [data-testid=hac-step-next]`).click();
      await atStep(page, plan, into);
      // The view's top just under the time controls, which stay at the top of the window.
      await page.evaluate((view) => window.scrollBy(0, document.querySelector(view).getBoundingClientRect().top - document.querySelector('.time-controls').getBoundingClientRect().bottom - 4), view);
      await page.waitForTimeout(1000); // the step's move has landed
      await shot(page, `hac-view-${width}x${height}`, view);
      const box = await page.evaluate((view) => {
        const v = document.querySelector(view);
        const r = (sel) => v.querySelector(sel).getBoundingClientRect();
        return { view: v.getBoundingClientRect(), canvas: r('canvas.hac-grid'), stepper: r('.hac-stepper'), steps: r('.hac-steps'), overflow: v.scrollWidth - v.clientWidth };
      }, view);
      assert.ok(box.canvas.height >= 300, `the canvas keeps a readable height: ${box.canvas.height} px`);
      assert.ok(box.canvas.width >= Math.min(330, width - 60), `the canvas is ${box.canvas.width} px wide`);
      for (const part of ['canvas', 'stepper']) {
        assert.ok(box[part].right <= box.view.right + 0.5 && box[part].left >= box.view.left - 0.5, `${part} within the view's width`);
      }
      assert.equal(box.overflow, 0, 'nothing runs off the side');
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  it('the HAC view has no serious or critical axe-core violation during a compaction', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${suite.base}#sc=hac-compaction&seed=1`);
    await ready(page);
    await page.locator('[data-testid=step-target-kind]').selectOption({ label: 'next compaction' });
    await page.locator('[data-testid=step-target]').click();
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    const { endS } = await replacement(page);
    await page.evaluate((t) => window.__storelab.lab.seek(t), Math.ceil(endS * 1e9));
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    await page.locator('[data-panel=HacView] [data-testid=hac-callout]').waitFor();
    const found = await harness.axeViolations(page, '[data-panel=HacView]');
    assert.deepEqual(found, []);
    await context.close();
  });

  it('QuickStore and GOM draw their own caches (issue 24, item 4): CLOCK bits and hand, the object buffer', async () => {
    const text = fs.readFileSync(path.join(harness.root, 'scenarios/hac-compaction.toml'), 'utf8');
    const view = '[data-panel=HacView]';
    for (const [policy, t, expect] of [
      ['quickstore', 3e9, /^QuickStore keeps whole pages and evicts them with CLOCK\. .* A blue corner is a set reference bit/],
      ['gom', 3e9, /^GOM keeps whole pages in a page buffer .* The object buffer \(dashed brown rows\)/],
    ]) {
      const scenario = text.replace('policy = "hac"', `policy = "${policy}"`);
      const page = await harness.newPage(suite.browser, `${suite.base}#s=${lzString.compressToEncodedURIComponent(scenario)}&seed=1&t=${t}`);
      await ready(page);
      await page.locator(`${view} canvas.hac-grid`).waitFor();
      assert.match(await page.locator(`${view} [data-testid=hac-page-cache]`).innerText(), expect);
      // The keyboard's first frame names what it holds; hovering names an object.
      const first = await page.evaluate(() => {
        const c = window.__storelab.frames.latest().sections.client.columns;
        return { kind: c.kind[0], referenced: c.referenced[0] };
      });
      assert.equal(first.kind, 1, 'frame 0 holds a page');
      await page.locator(`${view} [role=application]`).focus();
      assert.match(await page.locator(`${view} .hac-tip`).innerText(), /^frame 0: intact page \d+, \d+ of its \d+ objects used since it arrived/);
      await page.locator(`${view} [role=application]`).blur();
      const box = await page.locator(`${view} canvas.hac-grid`).boundingBox();
      await page.mouse.move(box.x + 40, box.y + 20);
      // (an object where the pointer is over one, else the frame)
      await page.locator(`${view} .hac-tip`).filter({ hasText: /^(object \d+ in frame 0: .* used since its page arrived|frame 0: intact page \d+, .*\(8\.0 KB\).*)$/ }).waitFor();
      await shot(page, `hac-${policy}-cache`, view);
      assert.deepEqual(await harness.axeViolations(page, view), []);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  it('fits a large cache: 985 frames of cold T1, the objects of those replacement touches', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=hac-t1-cold&seed=1`);
    await ready(page);
    const view = '[data-panel=HacView]';
    await page.locator('[data-testid=step-target-kind]').selectOption({ label: 'next compaction' });
    await page.locator('[data-testid=step-target]').click();
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy, null, { timeout: 60_000 });
    const plan = await replacement(page);
    await page.evaluate((t) => window.__storelab.lab.seek(t), Math.ceil(plan.endS * 1e9));
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy);
    const { frames, detail } = await page.evaluate(() => {
      const c = window.__storelab.frames.latest().sections.client;
      return { frames: c.scalars.frames, detail: c.columns.detail.reduce((a, d) => a + d, 0) };
    });
    assert.ok(frames > 900, `${frames} frames`);
    assert.ok(detail > 0 && detail < frames, `${detail} of ${frames} frames with their objects`);
    await page.waitForTimeout(1500);
    await shot(page, 'hac-large-cache', view);
    // Every frame's bar is inside the canvas: the last frame is reachable by keyboard.
    await page.locator(`${view} [role=application]`).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'frame', id: frames - 1 });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

/** Waits until the lab shows step `i` of `plan` (replacement(page)): the frame at that step's
 * time, with step i done last, and the list highlighting it (it re-renders 5 times a second). */
async function atStep(page, plan, i) {
  const t = Math.round(plan.tS[i] * 1e9);
  await page.waitForFunction(
    ([t, i]) => {
      const { lab, frames } = window.__storelab;
      const f = frames.latest();
      const li = document.querySelector('[data-panel=HacView] .hac-steps [aria-current=step]');
      const shown = li ? li.parentElement.start + Array.prototype.indexOf.call(li.parentElement.children, li) - 1 : null;
      return !lab.store.get().busy && f.nowNs === t && lab.store.get().nowNs === t && f.sections.replacement.scalars.step === i && shown === i;
    },
    [t, i],
    { timeout: 10_000 },
  );
}

/** The replacement section of the latest frame, with its step kinds and frame kinds by name, and
 * the moved objects not at their destination. */
function replacement(page) {
  return page.evaluate(() => {
    const { description } = window.__storelab.lab.store.get();
    const f = window.__storelab.frames.latest();
    const values = (section, name) => description.sections.find((s) => s.name === section).columns.find((c) => c.name === name).values;
    const r = f.sections.replacement;
    const o = f.sections.objects.columns;
    const kinds = Array.from(r.columns.kind, (k) => values('replacement', 'kind')[k]);
    const at = (kind) => kinds.flatMap((k, i) => (k === kind ? [i] : []));
    const step = r.scalars.step;
    const misplaced = at('move')
      .filter((i) => i <= step)
      .filter((i) => !Array.from(o.object).some((x, j) => x === r.columns.object[i] && o.frame[j] === r.columns.to[i] && o.offset[j] === r.columns.offset[i]));
    return {
      step,
      kinds,
      moves: at('move'),
      freed: at('frame freed'),
      frame: Array.from(r.columns.frame),
      object: Array.from(r.columns.object),
      tS: Array.from(r.columns.t_s),
      endS: r.scalars.end_s,
      total: r.scalars.steps_total,
      frameKinds: Array.from(f.sections.client.columns.kind, (k) => values('client', 'kind')[k]),
      misplaced,
    };
  });
}
