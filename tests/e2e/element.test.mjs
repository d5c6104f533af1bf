// End-to-end tests of the <storelab-scenario> element (issue 29), in Chromium, on a page of
// another site under a Content-Security-Policy that allows only the lab's origin and
// 'wasm-unsafe-eval' (its frames are third-party: no storage): three elements load only what is
// visible and share one compiled engine, pause what scrolls away or hides with the tab, open the
// one in a closed <details> when shown; errors show in the element; the tag the lab's "Copy
// embed code" offers shows the lab's run at the lab's time. Screenshots go to tests/artifacts/.
// Run: node --test tests/e2e/element.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';
import { recordElementEvents, serveHostPages } from './hostpage.mjs';

const suite = harness.useLab();
let host;

const THREE = `
<h1>Three scenarios</h1>
<storelab-scenario id="top" scenario="mob-default" views="MobView,DiskView" seed="1" speed="20" autoplay height="782"></storelab-scenario>
<details id="more"><summary>The HAC client cache</summary>
  <storelab-scenario id="hidden" scenario="hac-compaction" views="HacView" seed="1" loading="eager" aspect-ratio="2/1"></storelab-scenario>
</details>
<svg width="10" height="5000" aria-hidden="true"></svg>
<storelab-scenario id="below" views="DiskPlatter,RequestTable" seed="2"><script type="text/toml">
[system]
kind = "disk"
</script></storelab-scenario>`;

const ERRORS = `
<storelab-scenario id="attr" scenario="mob-default" speed="fast" height="200"></storelab-scenario>
<storelab-scenario id="name" scenario="no-such-scenario" height="200" loading="eager"></storelab-scenario>
<storelab-scenario id="toml" loading="eager" height="200"><script type="text/toml">
[system]
kind = "mob"
[server]
mob_mb = "lots"
</script></storelab-scenario>
<p id="after">The page goes on.</p>
<svg width="10" height="5000" aria-hidden="true"></svg>
<storelab-scenario id="click" scenario="disk-ostep-a7-30-8-fifo" views="DiskPlatter" height="600"></storelab-scenario>`;


/** Each element's id, whether it has opened its frame, its time (s) and whether it is paused. */
const elements = (page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll('storelab-scenario')].map((e) => [e.id, { frame: e.shadowRoot.querySelector('iframe') != null, time: e.currentTime, paused: e.paused }])));
const events = (page, id, type) => page.evaluate(([i, t]) => window.__events.filter((e) => e[0] === i && e[1] === t).map((e) => e[2]), [id, type]);
const loaded = (page, id) => page.waitForFunction((i) => window.__events.some((e) => e[0] === i && e[1] === 'load'), id, { timeout: 30_000 });
/** The frame of the element `id` (a Playwright Frame). */
async function frameOf(page, id) {
  const handle = await page.evaluateHandle((i) => document.getElementById(i).shadowRoot.querySelector('iframe'), id);
  return (await handle.asElement()).contentFrame();
}

describe('<storelab-scenario> (issue 29)', () => {
  before(async () => {
    host = await serveHostPages(suite.base, { '/three.html': THREE, '/errors.html': ERRORS });
  });
  after(() => host?.stop());

  it('loads only what is visible, shares one compiled engine, pauses what scrolls away, and opens a hidden one when shown', async () => {
    const wasm = [];
    const page = await harness.newPage(suite.browser, host.url('/three.html'), {
      viewport: { width: 1280, height: 900 },
      init: recordElementEvents,
      beforeGoto: (p) => p.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url())),
    });
    await loaded(page, 'top');
    await page.waitForFunction(() => document.getElementById('top').currentTime > 20, null, { timeout: 30_000 });
    let now = await elements(page);
    assert.equal(now.top.frame, true);
    assert.equal(now.top.paused, false, 'autoplay plays it');
    assert.equal(now.hidden.frame, false, 'inside the closed <details>: nothing loads, even eager');
    assert.equal(now.below.frame, false, 'far below the fold: nothing loads yet');
    const poster = await page.evaluate(() => document.getElementById('below').shadowRoot.querySelector('[part=poster]').innerText);
    assert.match(poster, /Storelab\s+an inline scenario · DiskPlatter, RequestTable\s+Load the simulation/);
    assert.ok((await events(page, 'top', 'timeupdate')).length > 2);
    // Third-party and under the strict policy, the frame has no storage and runs all the same.
    const top = await frameOf(page, 'top');
    assert.equal(await top.evaluate(() => document.hasStorageAccess()), false);
    await shot(page, 'element-three-top');

    // Opened, the <details> shows its element, which loads with the engine the first compiled.
    await page.evaluate(() => (document.getElementById('more').open = true));
    await loaded(page, 'hidden');
    const [hiddenLoad] = await events(page, 'hidden', 'load');
    assert.equal(hiddenLoad.sharedEngine, true);
    const box = await page.evaluate(() => document.getElementById('hidden').getBoundingClientRect().toJSON());
    assert.ok(Math.abs(box.width / box.height - 2) < 0.02, `aspect-ratio="2/1" sizes it: ${box.width}×${box.height}`);
    assert.equal(await (await frameOf(page, 'hidden')).locator('[data-panel=HacView]').count(), 1);
    await shot(page, 'element-three-details');

    // Scrolled to the one below: it loads (inline scenario), and the top one, off screen, pauses.
    await page.evaluate(() => document.getElementById('below').scrollIntoView());
    await loaded(page, 'below');
    assert.equal((await events(page, 'below', 'load'))[0].sharedEngine, true);
    await page.waitForFunction(() => document.getElementById('top').paused, null, { timeout: 10_000 });
    const pausedAt = (await elements(page)).top.time;
    await page.waitForTimeout(600);
    assert.equal((await elements(page)).top.time, pausedAt, 'off screen, its time stands still');
    assert.equal(await (await frameOf(page, 'below')).locator('[data-panel=DiskPlatter]').count(), 1);
    await shot(page, 'element-three-below');

    // One .wasm download for the three: the others were given the compiled module.
    assert.equal(wasm.length, 1, wasm.join('\n'));

    // Back in view, it plays on from where it paused.
    await page.evaluate(() => document.getElementById('top').scrollIntoView());
    await page.waitForFunction((t) => !document.getElementById('top').paused && document.getElementById('top').currentTime > t, pausedAt, { timeout: 10_000 });

    // The tab hidden pauses it; shown again, it plays.
    const setVisibility = (state) =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await page.waitForFunction(() => document.getElementById('top').paused, null, { timeout: 10_000 });
    await setVisibility('visible');
    await page.waitForFunction(() => !document.getElementById('top').paused, null, { timeout: 10_000 });
    const kinds = (await page.evaluate(() => window.__events.filter((e) => e[0] === 'top' && e[1] !== 'timeupdate').map((e) => e[1]))).join(',');
    assert.equal(kinds, 'play,load,pause,play,pause,play');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('shows what is wrong inside the element, fires error, and leaves the page working', async () => {
    const page = await harness.newPage(suite.browser, host.url('/errors.html'), { viewport: { width: 1000, height: 900 }, init: recordElementEvents });
    await page.waitForFunction(() => ['attr', 'name', 'toml'].every((i) => window.__events.some((e) => e[0] === i && e[1] === 'error')), null, { timeout: 30_000 });
    const [attr] = await events(page, 'attr', 'error');
    assert.match(attr.message, /speed="fast" is not a speed: give simulated seconds per second/);
    assert.match(await page.evaluate(() => document.getElementById('attr').shadowRoot.querySelector('[role=alert]').textContent), /Storelab cannot show this scenario: .*speed="fast"/);
    const [name] = await events(page, 'name', 'error');
    assert.match(name.message, /no scenario called "no-such-scenario" in the gallery; its scenarios are .*mob-default/);
    assert.match(await (await frameOf(page, 'name')).locator('[data-testid=set-error]').innerText(), /no-such-scenario/);
    const [toml] = await events(page, 'toml', 'error');
    assert.match(toml.message, /The scenario was rejected: line 5 \(server\.mob_mb\): found string "lots"; expected a number/);
    assert.equal(await page.locator('#after').innerText(), 'The page goes on.');
    await shot(page, 'element-errors');
    // The poster's button loads an element wherever it is (Chromium animates a frame of another
    // site only on screen, so its first frame waits until it is seen).
    await page.evaluate(() => document.getElementById('click').shadowRoot.querySelector('[part=poster] button').click());
    assert.equal((await elements(page)).click.frame, true);
    await page.evaluate(() => document.getElementById('click').scrollIntoView());
    await loaded(page, 'click');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('the tag "Copy embed code" offers shows the lab\'s run at the lab\'s time', async () => {
    const lab = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool&seed=3&t=2000000000`, { viewport: { width: 1440, height: 900 } });
    await lab.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await ready(lab);
    await lab.locator('[data-testid=copy-embed]').click();
    const dialog = lab.locator('[data-testid=embed-dialog]');
    assert.match(await dialog.locator('[data-testid=embed-tag-code]').inputValue(), /<storelab-scenario scenario="oplog-pool" views="[^"]+" seed="3" time="2" height="\d+">/);
    await shot(lab, 'element-copy-dialog', '[data-testid=embed-dialog] .overlay-box');
    assert.deepEqual(await harness.axeViolations(lab, '[data-testid=embed-dialog]'), []);
    await dialog.locator('[data-testid=copy-embed-tag]').click();
    await dialog.locator('[data-testid=copy-embed-tag]', { hasText: 'Copied' }).waitFor();
    const code = await lab.evaluate(() => navigator.clipboard.readText());
    const events_ = await lab.evaluate(() => window.__storelab.lab.store.get().events);
    await lab.context().close();

    const copied = await serveHostPages(suite.base, { '/copied.html': code.replace(/^<script[^>]*><\/script>\n/, '').replace('<storelab-scenario ', '<storelab-scenario id="copied" ') });
    try {
      const page = await harness.newPage(suite.browser, copied.url('/copied.html'), { viewport: { width: 1440, height: 900 }, init: recordElementEvents });
      await loaded(page, 'copied');
      const frame = await frameOf(page, 'copied');
      assert.equal(await frame.evaluate(() => window.__storelab.lab.currentNs()), 2e9);
      assert.equal(await frame.evaluate(() => window.__storelab.lab.store.get().events), events_);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    } finally {
      await copied.stop();
    }
  });
});
