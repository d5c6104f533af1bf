// End-to-end tests of what a hostile or careless user can do to the lab (issue 12), in Chromium:
// a link to a scenario that would never end, an engine that panics, a link to a late time that
// takes long to reach. The lab must say what is wrong, keep the user's text and stay usable.
// Run: node --test tests/e2e/   (scripts/test.sh does).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import lzString from 'lz-string';
import * as harness from './harness.mjs';
import { ready, root } from './harness.mjs';

const suite = harness.useLab();

const newPage = (url = suite.base) => harness.newPage(suite.browser, url);
const mobDefault = fs.readFileSync(path.join(root, 'scenarios/mob-default.toml'), 'utf8');
const link = (text, extra = '') => `${suite.base}#s=${lzString.compressToEncodedURIComponent(text)}${extra}`;
const lab = (page) =>
  page.evaluate(() => {
    const s = window.__storelab.lab.store.get();
    return { nowNs: s.nowNs, events: s.events, errors: s.errors, appliedText: s.appliedText, draftText: s.draftText, busy: s.busy };
  });

/** Runs a few events through the Step button: the lab is usable. */
async function stepWorks(page) {
  const { events } = await lab(page);
  await page.locator('[data-testid=step]').click();
  await page.waitForFunction((e) => window.__storelab.lab.store.get().events === e + 1, events, { timeout: 10_000 });
}

describe('the lab under hostile input', () => {
  it('refuses a link to a run that would never end, naming the values, keeps running and reloads without hanging', async () => {
    // Every access a client-cache hit and commits a microsecond apart: simulated time all but
    // stands still (the hanging link, with the smallest latency now accepted).
    const hanging = '[network]\nlatency_ms = 0.001\n[workload]\nwrite_prob = 0.0\n[client]\ncache_mb = 65536\n';
    const page = await newPage(link(hanging, '&seed=1&t=5000000000'));
    await ready(page);
    await page.locator('[data-testid=errors]').waitFor({ timeout: 20_000 });
    const errors = await page.locator('[data-testid=errors]').innerText();
    assert.match(errors, /network\.latency_ms/);
    assert.match(errors, /raise network\.latency_ms, or lower workload\.txn_len, client\.count or run\.duration_s/);
    const s = await lab(page);
    assert.equal(s.draftText, hanging, 'the linked text is kept as the draft');
    assert.equal(s.appliedText, mobDefault, 'mob-default runs instead');
    await stepWorks(page);
    await page.waitForTimeout(400); // the draft is saved
    await page.reload();
    await ready(page);
    await page.locator('[data-testid=errors]').waitFor({ timeout: 20_000 });
    assert.equal((await lab(page)).draftText, hanging);
    await stepWorks(page);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('an engine panic reaches the user with its message, the engine restarts, the draft is kept', async () => {
    const page = await newPage();
    await ready(page);
    await page.locator('[data-testid=toggle-editor]').click();
    const ta = page.locator('[data-testid=toml]');
    const draft = (await ta.inputValue()).replace('[meta]', '# a draft not yet applied\n[meta]');
    await ta.fill(draft);
    const applied = (await lab(page)).appliedText;
    const failed = await page.evaluate(() =>
      window.__storelab.lab.engine.panicForTests('index out of bounds in the flusher').then(
        () => 'no error',
        (e) => e.message,
      ),
    );
    assert.match(failed, /^the engine stopped: panicked at .*index out of bounds in the flusher/);
    // The lab's next call meets the stopped engine: it restarts with the last applied scenario.
    await page.locator('[data-testid=step]').click();
    await page.locator('[data-testid=restarted]').waitFor({ timeout: 10_000 });
    assert.match(await page.locator('[data-testid=restarted]').innerText(), /The engine stopped \(panicked at .*index out of bounds in the flusher\) and restarted with the last scenario, at 0 s/);
    await ready(page);
    const s = await lab(page);
    assert.equal(s.appliedText, applied);
    assert.equal(await ta.inputValue(), draft, 'the draft is kept');
    await stepWorks(page);
    assert.equal(await page.locator('[data-testid=fatal]').count(), 0);
    await page.context().close();
  });

  it('a link to a late time runs there in slices with progress, and Cancel stops it where it is', async () => {
    const long = mobDefault.replace('[meta]', '[run]\nduration_s = 3000.0\n\n[meta]');
    assert.notEqual(long, mobDefault);
    const page = await newPage(link(long, '&seed=1&t=2000000000000'));
    await page.locator('[data-testid=cancel]').waitFor({ timeout: 30_000 });
    assert.match((await lab(page)).busy, /^Running to 2000\.000 s…$/);
    await page.locator('.time-controls').screenshot({ path: path.join(root, 'tests/artifacts/long-seek-progress.png') });
    const progress = Number(await page.locator('[data-testid=progress]').getAttribute('value'));
    assert.match(await page.locator('.busy .reached').innerText(), /^at \d+\.\d{3} s$/);
    assert.ok(progress >= 0 && progress < 1, `progress ${progress}`);
    await page.locator('[data-testid=cancel]').click();
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy, null, { timeout: 5_000 });
    const s = await lab(page);
    assert.ok(s.nowNs > 0 && s.nowNs < 2000e9, `stopped at ${s.nowNs / 1e9} s`);
    assert.equal(await page.evaluate(() => window.__storelab.frames.latest().nowNs), s.nowNs, 'the views show the time reached');
    await stepWorks(page);
    // A seek under way stops on Esc too: to the run's end, at least 1,000 simulated seconds past
    // where Cancel stopped (a shorter seek may be over before its Cancel button shows).
    const end = await page.evaluate(() => window.__storelab.lab.timelineEndNs());
    assert.ok(end > 3000e9, `the run ends at ${end / 1e9} s`);
    await page.evaluate((t) => void window.__storelab.lab.seek(t), end);
    await page.locator('[data-testid=cancel]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.__storelab.lab.store.get().busy, null, { timeout: 5_000 });
    assert.ok((await lab(page)).nowNs < end);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
