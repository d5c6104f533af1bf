// End-to-end tests of the guided tours (issue 29), in Chromium: a first visit offers the loaded
// system's tour (in the Play cue) and starts it; a step waits for its event and shows the same numbers after Back,
// after leaving with Esc and resuming, and from its link in a fresh page.
// Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/tour.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

/** What the lab shows now: the simulated time, the events, and the MOB view's absorption. */
async function shown(page) {
  return {
    ns: await page.evaluate(() => window.__storelab.lab.currentNs()),
    time: await page.locator('[data-testid=sim-time]').innerText(),
    events: await page.locator('[data-testid=events]').innerText(),
    absorption: await page.locator('[data-testid=mob-absorption]').innerText(),
  };
}

/** Waits until the card shows step `n`, the lab is idle, and the views have drawn its frame
 * (they re-render at most every 100 ms, the last frame always: hooks.ts `useFrameTick`). */
async function atStep(page, n) {
  await page.locator(`[data-testid=tour-card][data-step="${n}"]`).waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => !window.__storelab.lab.store.get().busy, null, { timeout: 120_000 });
  await page.waitForTimeout(300);
}

describe('the guided tour (issue 29)', () => {
  it('is offered on a first visit, waits for its events, and shows a step the same after Back, Esc and resume, and from its link', async () => {
    const page = await harness.newPage(suite.browser, suite.base, { viewport: { width: 1440, height: 1000 } });
    await ready(page);
    const offer = page.locator('[data-testid=play-cue]');
    assert.match(await offer.innerText(), /New here\? Take the guided tour: 6 steps over the live model/);
    await shot(page, 'tour-offer');
    await offer.locator('[data-testid=tour-offer-start]').click();
    await atStep(page, 1);
    assert.equal(await page.locator('[data-testid=play-cue]').count(), 0, 'the offer goes once taken');
    assert.match(await page.locator('[data-testid=tour-progress]').innerText(), /step 1 of 6/);
    assert.equal(await page.locator('[data-panel=SystemDiagram]').getAttribute('class').then((c) => c.includes('tour-focus')), true);
    await page.waitForFunction(() => location.hash === '#tour=mob&step=1');

    // Step 2 waits for a commit, step 3 for the flusher: each plays the lab to its event.
    await page.locator('[data-testid=tour-next]').click();
    await atStep(page, 2);
    await page.locator('[data-testid=tour-next]').click();
    await atStep(page, 3);
    assert.match(await page.locator('[data-testid=tour-text]').innerText(), /flusher/);
    const three = await shown(page);
    assert.ok(three.ns > 0, 'the flusher runs after 0 s');
    assert.ok((await page.locator('[data-panel=MobView]').getAttribute('class')).includes('tour-focus'));
    await shot(page, 'tour-step-3');
    assert.deepEqual(await harness.axeViolations(page, '[data-testid=tour-card]'), [], 'axe-core on the card');

    // On to a page write, then Back: the flusher's moment, the same numbers.
    await page.locator('[data-testid=tour-next]').click();
    await atStep(page, 4);
    assert.ok((await shown(page)).ns > three.ns);
    await page.locator('[data-testid=tour-back]').click();
    await atStep(page, 3);
    assert.deepEqual(await shown(page), three);

    // Esc leaves the tour where it is; Resume comes back to the step at its moment.
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=tour-card]').waitFor({ state: 'detached' });
    await page.locator('[data-testid=play]').click();
    await page.waitForFunction((t) => window.__storelab.lab.currentNs() > t, three.ns, { timeout: 60_000 });
    await page.locator('[data-testid=play]').click();
    await page.locator('[data-testid=resume-tour]').click();
    await atStep(page, 3);
    assert.deepEqual(await shown(page), three);
    assert.deepEqual(page.errors, []);
    await page.context().close();

    // The step's link, in a fresh page: the same moment and numbers.
    const linked = await harness.newPage(suite.browser, `${suite.base}#tour=mob&step=3`, { viewport: { width: 1440, height: 1000 } });
    await atStep(linked, 3);
    assert.deepEqual(await shown(linked), three);
    assert.equal(await linked.locator('[data-testid=tour-offer-start]').count(), 0, 'a tour under way is not offered');
    assert.deepEqual(linked.errors, []);
    await linked.context().close();
  });
});
