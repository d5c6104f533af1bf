// End-to-end tests of a student's first hour in the lab (issue 13), in Chromium: one truth per
// moment, the timeline, results, the first impression, layout at 1440, 1280 and on a phone, and
// the small things. Screenshots go to tests/artifacts/. Run: node --test tests/e2e/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as harness from './harness.mjs';
import { ready, root, shot } from './harness.mjs';

const artifacts = path.join(root, 'tests/artifacts');

const suite = harness.useLab();

const newPage = (url = suite.base) => harness.newPage(suite.browser, url);


describe('one truth per moment (issue 13, item 1)', () => {
  it("the MOB view's numbers are the same however a time is reached: seek, seek in steps, seek back, permalink", async () => {
    const page = await newPage(`${suite.base}#sc=mob-default&seed=3`);
    await ready(page);
    const at = async (p, t) => {
      await p.evaluate((ns) => window.__storelab.lab.seek(ns), t);
      await p.waitForFunction((ns) => window.__storelab.frames.latest().nowNs === ns && !window.__storelab.lab.store.get().busy, t, { timeout: 30_000 });
      await p.waitForTimeout(400); // the header refreshes at most 5 times a second
      return p.locator('[data-panel=MobView] .sl-head').innerText();
    };
    const T = 150e9;
    const direct = await at(page, T);
    // Issue 24, item 8: each figure says its window (the results give the measured window's).
    assert.match(direct, /absorption since 0 s \(Fig\. 4-2\) \d+\.\d \/ page write/, `page writes by ${T / 1e9} s: ${direct}`);
    assert.match(direct, /installed since 0 s \d+\.\d \/ page write \([\d,]+ writes\)/);
    // The chip and the strip's caption name the same pass (item 10).
    const view = await page.locator('[data-panel=MobView]').innerText();
    const [chip, caption] = [view.match(/flusher: \w+, pass (\d+)/)?.[1], view.match(/Flusher pass (\d+):/)?.[1]];
    assert.ok(chip && chip === caption, `chip pass ${chip}, caption pass ${caption}`);
    await at(page, 0);
    for (const t of [40e9, 90e9, 120e9]) await at(page, t);
    assert.equal(await at(page, T), direct, 'seeking in steps');
    await at(page, 200e9);
    assert.equal(await at(page, T), direct, 'seeking back');
    await page.locator('[data-testid=copy-link]').click();
    await page.waitForTimeout(100);
    const other = await newPage(page.url());
    await ready(other);
    await other.waitForFunction((ns) => window.__storelab.frames.latest().nowNs === ns, T, { timeout: 30_000 });
    await other.waitForTimeout(400);
    assert.equal(await other.locator('[data-panel=MobView] .sl-head').innerText(), direct, 'a permalink');
    assert.deepEqual(page.errors, []);
    await page.context().close();
    await other.context().close();
  });
});

describe('the timeline shows the run (issue 13, item 2)', () => {
  it('knows the end from the start (found just after the load), a click at x% lands at x%, End goes to the end', async () => {
    const page = await newPage(`${suite.base}#sc=mob-default&seed=1`);
    await ready(page);
    // The worker searches for the end once the load has answered (FIND_END_MS at most).
    await page.waitForFunction(() => window.__storelab.lab.store.get().endNs != null, null, { timeout: 10_000 });
    const s = () => page.evaluate(() => {
      const st = window.__storelab.lab.store.get();
      return { nowNs: window.__storelab.frames.latest().nowNs, endNs: st.endNs, finished: st.finished, busy: st.busy };
    });
    const { endNs } = await s();
    assert.ok(endNs > 300e9 && endNs < 900e9, `mob-default ends after its 300 s window and a warm-up of 20 flusher passes: ${endNs}`);
    assert.match(await page.locator('[data-testid=sim-time]').innerText(), new RegExp(`^0\\.000 s / ${(endNs / 1e9).toFixed(3).replace('.', '\\.')} s$`));
    assert.equal(await page.locator('[data-testid=run-bar] .measured').count(), 1, 'the measured window is drawn');
    await shot(page, 'timeline-run-bar', '.time-controls');
    const box = await page.locator('[data-testid=timeline]').boundingBox();
    // A range input's thumb is 16 px wide: x% of the track lies between the thumb's centres.
    const clickAt = async (fraction) => {
      await page.mouse.click(box.x + 8 + fraction * (box.width - 16), box.y + box.height / 2);
      await page.waitForFunction(() => !window.__storelab.lab.store.get().busy && window.__storelab.lab.inflight !== true, null, { timeout: 30_000 });
      await page.waitForTimeout(300);
      return (await s()).nowNs / endNs;
    };
    for (const x of [0.2, 0.6, 0.3]) {
      const at = await clickAt(x);
      assert.ok(Math.abs(at - x) < 0.01, `a click at ${x * 100}% landed at ${(at * 100).toFixed(1)}%`);
    }
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('End');
    await page.waitForFunction(() => window.__storelab.lab.store.get().finished, null, { timeout: 30_000 });
    assert.equal((await s()).nowNs, endNs, 'End goes to the end of the run');
    // Issue 24, item 13: at the end Play was disabled, so only Reset restarted; it replays now.
    const play = page.locator('[data-testid=play]');
    assert.equal(await play.innerText(), '↻ Replay');
    assert.equal(await play.isDisabled(), false);
    await play.click();
    await page.waitForFunction(() => {
      const x = window.__storelab.lab.store.get();
      return x.playing && !x.finished && x.nowNs < 60e9;
    }, null, { timeout: 15_000 });
    await play.click(); // pause
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('the first impression (issue 13, item 8)', () => {
  it('says what the scenario is, cues Play on a first visit only, and explains the warm-up and the words that puzzle', async () => {
    const page = await newPage(`${suite.base}#sc=mob-default`);
    await ready(page);
    // The warm-up's length in this run shows once the engine has found the end (just after the load).
    await page.waitForFunction(() => window.__storelab.lab.store.get().endNs != null, null, { timeout: 10_000 });
    const intro = page.locator('[data-testid=intro]');
    assert.equal(await intro.getAttribute('open'), '', 'open on a first visit');
    const text = await intro.innerText();
    assert.match(text, /Press ▶ Play \(or Space\) to start/);
    assert.match(text, /Twelve clients against one server with a 12 MB MOB/, "the scenario's description");
    assert.match(text, /The warm-up lasts at least 30 s and until the flusher has made 20 passes \(\d+\.\d{3} s in this run\)/);
    assert.match(text, /client cache is modelled by probability/);
    await shot(page, 'lab-first-visit');
    // Issue 24, item 13: the cue goes once Play is pressed (it stayed while playing).
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.__storelab.lab.store.get().playing);
    await page.locator('[data-testid=play-cue]').waitFor({ state: 'detached' });
    assert.equal(await intro.getAttribute('open'), '', 'the intro stays open');
    await page.reload();
    await ready(page);
    assert.equal(await page.locator('[data-testid=play-cue]').count(), 0, 'not again');
    assert.equal(await intro.getAttribute('open'), null, 'closed after the first visit');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('results at the end of a run (issue 13, item 3)', () => {
  it("shows the summary figures with units and intervals and the paper's numbers, and exports them and the series as CSV", async () => {
    const page = await newPage(`${suite.base}#sc=mob-default&seed=2`);
    await ready(page);
    assert.equal(await page.locator('[data-testid=results]').count(), 0, 'no results before the end');
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('End');
    const results = page.locator('[data-testid=results]');
    await results.waitFor({ timeout: 30_000 });
    const text = await results.innerText();
    assert.match(text, /throughput\s+[\d.]+\s+± [\d.]+\s+tx\/s/);
    assert.match(text, /write absorption: modifications committed per page write\s+[\d.]+/);
    // The same figures as the engine's summary, as the CLI would print them.
    const tps = await page.evaluate(() => window.__storelab.lab.engine.summary().then((s) => s.metrics.throughput_tps));
    assert.match(text, new RegExp(`throughput\\s+${tps.toFixed(2).replace('.', '\\.')}`));
    // mob-default names Table 4.9's 12 MB row ([[meta.paper_numbers]]): beside the run's figure.
    assert.match(await page.locator('[data-testid="paper-dirty_per_page_written.hot"]').innerText(), /^477 \(run [+−][\d.]+%\) \(Table 4\.9, 12 MB MOB, actual\)$/);
    assert.match(text, /dirty objects per page written: hot\s+[\d.,]+\s+477 \(run [+−][\d.]+%\) \(Table 4\.9, 12 MB MOB, actual\)/);
    await results.screenshot({ path: path.join(artifacts, 'results.png') });
    const [summary] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-summary]').click()]);
    const csv = fs.readFileSync(await summary.path(), 'utf8');
    assert.match(csv, /^figure,value,ci95,unit,label,paper,paper_source\nthroughput_tps,[\d.]+,[\d.]+,tx\/s,throughput,,\n/);
    assert.match(csv, /\ndirty_per_page_written\.hot,[\d.]+,,,dirty objects per page written: hot,477,"Table 4\.9, 12 MB MOB, actual"\n/);
    const [series] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-series]').click()]);
    const rows = fs.readFileSync(await series.path(), 'utf8').trim().split('\n');
    assert.match(rows[0], /^t_s,measuring,/);
    assert.ok(rows.length > 500, `${rows.length - 1} samples of a ${580} s run`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('layout (issue 13, item 5)', () => {
  for (const [w, h] of [[1440, 900], [1280, 720]]) {
    it(`at ${w}×${h} the inspector shows whole values and the scenario panel squeezes no view out`, async () => {
      const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default&seed=3&t=150000000000`, { viewport: { width: w, height: h } });
      await ready(page);
      await page.waitForFunction(() => window.__storelab.frames.latest().nowNs === 150e9, null, { timeout: 30_000 });
      await page.evaluate(() => window.__storelab.lab.store.set({ selection: { kind: 'client', id: 3 } }));
      await page.locator('[data-panel=Inspector] dd').first().waitFor();
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('[data-panel=Inspector] dd')].filter((d) => d.scrollWidth > d.clientWidth + 1 || d.getBoundingClientRect().right > document.querySelector('[data-panel=Inspector]').getBoundingClientRect().right).map((d) => d.textContent),
      );
      assert.deepEqual(clipped, [], 'inspector values cut off');
      await shot(page, `inspector-${w}x${h}`, '[data-panel=Inspector]');
      await page.locator('[data-testid=toggle-editor]').click();
      await page.locator('.scenario-panel').waitFor();
      await page.waitForTimeout(300);
      // Every part of the system diagram and the MOB's captions lie inside their panels.
      const outside = await page.evaluate(() => {
        const out = [];
        for (const [panel, sel] of [['SystemDiagram', 'svg text'], ['MobView', '.sl-stat'], ['MobView', 'svg text']]) {
          const box = document.querySelector(`[data-panel=${panel}]`).getBoundingClientRect();
          for (const el of document.querySelectorAll(`[data-panel=${panel}] ${sel}`)) {
            const r = el.getBoundingClientRect();
            if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1)) out.push(`${panel}: ${el.textContent.trim().slice(0, 30)}`);
          }
        }
        return out;
      });
      assert.deepEqual(outside, [], 'clipped by the scenario panel');
      assert.match(await page.locator('[data-panel=SystemDiagram]').innerText(), /server[\s\S]*disk/);
      await shot(page, `lab-editor-${w}x${h}`);
      await page.context().close();
    });
  }

  it('on a phone (390×844) every control is reachable, the toolbar is small, the inspector rises near the tap', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default&seed=3`, { viewport: { width: 390, height: 844 } });
    await ready(page);
    const off = await page.evaluate(() =>
      [...document.querySelectorAll('.topbar button, .topbar a, .time-controls button, .time-controls input, .time-controls select')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth || r.left < 0); })
        .map((el) => el.textContent || el.getAttribute('aria-label')),
    );
    assert.deepEqual(off, [], 'controls off the screen');
    const bar = await page.locator('.time-controls').boundingBox();
    assert.ok(bar.height < 844 / 4, `the toolbar takes ${bar.height} px of 844`);
    for (const control of ['play', 'step', 'timeline', 'speed']) {
      const b = await page.locator(`[data-testid=${control}]`).boundingBox();
      assert.ok(b && b.width > 20 && b.x >= 0 && b.x + b.width <= 390, `${control} is on screen: ${JSON.stringify(b)}`);
    }
    assert.ok((await page.locator('[data-testid=timeline]').boundingBox()).width > 200, 'the timeline is wide enough to scrub');
    await page.locator('[data-panel=SystemDiagram] g[role=button]').first().tap().catch(async () => page.locator('[data-panel=SystemDiagram] g[role=button]').first().click());
    await page.waitForFunction(() => window.__storelab.lab.store.get().selection != null);
    const insp = await page.locator('[data-panel=Inspector]').boundingBox();
    assert.ok(insp.y >= 0 && insp.y + insp.height <= 844 + 1, `the inspector is on screen: ${JSON.stringify(insp)}`);
    await page.screenshot({ path: path.join(artifacts, 'lab-phone-inspector.png') });
    await page.context().close();
  });
});

describe('a figure grows from its points (issue 13, item 3)', () => {
  it('each sweep point run to its end joins the figure under the sweep bar', async () => {
    const page = await newPage(`${suite.base}#sc=fig4-1-mob-size&seed=1`);
    await ready(page);
    const plot = page.locator('[data-testid=sweep-plot]');
    await page.locator('[data-testid=sweep-plot-empty]').waitFor();
    const toEnd = async () => {
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('End');
      await page.waitForFunction(() => window.__storelab.lab.store.get().finished, null, { timeout: 60_000 });
    };
    await toEnd();
    await plot.locator('[data-testid=sweep-plot-point]').first().waitFor();
    assert.equal(await plot.locator('[data-testid=sweep-plot-point]').count(), 1);
    await page.locator('[data-testid=sweep-point]', { hasText: /^2$/ }).click();
    await page.waitForFunction(() => window.__storelab.frames.latest()?.sections.mob.scalars.capacity_bytes === 2 * 1048576 && !window.__storelab.lab.store.get().finished, null, { timeout: 10_000 });
    assert.equal(await plot.locator('[data-testid=sweep-plot-point]').count(), 1, 'the first point stays');
    await toEnd();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=sweep-plot-point]').length === 2, null, { timeout: 10_000 });
    const titles = await plot.locator('[data-testid=sweep-plot-point] title').allTextContents();
    assert.deepEqual(titles.map((t) => t.split(':')[0]), ['server.mob_mb = 2', 'server.mob_mb = 12']);
    assert.match(await plot.innerText(), /server\.mob_mb \(MB\)/);
    await plot.screenshot({ path: path.join(artifacts, 'sweep-plot.png') });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('small things (issue 13, item 10)', () => {
  it('at 1280×720 the toolbar keeps its rows (the timeline its own) and stays put as the numbers grow', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default&seed=1`, { viewport: { width: 1280, height: 720 } });
    await ready(page);
    await page.waitForFunction(() => window.__storelab.lab.store.get().endNs != null, null, { timeout: 10_000 });
    const endNs = await page.evaluate(() => window.__storelab.lab.store.get().endNs);
    const layout = () => page.evaluate(() => {
      const bar = document.querySelector('.time-controls').getBoundingClientRect();
      const tl = document.querySelector('[data-testid=timeline]').getBoundingClientRect();
      return { barHeight: Math.round(bar.height), timeline: [Math.round(tl.x), Math.round(tl.width)] };
    });
    const before = await layout();
    assert.ok(before.barHeight < 90, `two rows at most: ${before.barHeight} px`);
    assert.ok(before.timeline[1] > 900, `the timeline spans the row: ${before.timeline[1]} px`);
    // While the engine finds the end (just after a load), the clock shows a mark no wider: nothing
    // moves when the end comes.
    await page.evaluate(() => window.__storelab.lab.store.set({ endNs: null, findingEnd: true }));
    assert.equal(await page.locator('[data-testid=sim-time]').innerText(), '0.000 s / …');
    assert.deepEqual(await layout(), before, 'nothing moved while the end was being found');
    await page.evaluate((e) => window.__storelab.lab.store.set({ endNs: e, findingEnd: false }), endNs);
    await page.evaluate(() => window.__storelab.lab.seek(500e9));
    await page.waitForFunction(() => window.__storelab.frames.latest().nowNs === 500e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 30_000 });
    await page.waitForTimeout(300);
    assert.deepEqual(await layout(), before, 'nothing moved');
    await shot(page, 'lab-1280x720');
    await page.context().close();
  });

  it('labels fit, the warm-up label sits over the data, times read in seconds, top speed is 300 s/s, a TOML syntax error names no empty key', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=mob-default&seed=1&t=120000000000`, { viewport: { width: 1280, height: 720 } });
    await ready(page);
    await page.waitForFunction(() => window.__storelab.frames.latest()?.nowNs === 120e9 && !window.__storelab.lab.store.get().busy, null, { timeout: 30_000 });
    await page.locator('.sl-overlay g[role=button][aria-label^="client "]').first().waitFor();
    await page.locator('[data-testid=warmup-label]').first().waitFor();
    // Every client's label inside its box, and the network's label clear of client 0.
    const boxes = await page.evaluate(() => {
      const rect = (e) => e.getBoundingClientRect();
      const clients = [...document.querySelectorAll('.sl-overlay g[role=button][aria-label^="client "]')].map((g) => ({ box: rect(g.querySelector('rect')), text: rect(g.querySelector('text')) }));
      const network = [...document.querySelectorAll('.sl-overlay text')].find((t) => t.textContent.startsWith('network ('));
      return { clients, network: rect(network) };
    });
    assert.equal(boxes.clients.length, 12);
    for (const [i, c] of boxes.clients.entries()) {
      assert.ok(c.text.left >= c.box.left && c.text.right <= c.box.right && c.text.bottom <= c.box.bottom + 0.5, `client ${i}'s label in its box: ${JSON.stringify(c)}`);
    }
    assert.ok(boxes.network.bottom <= boxes.clients[0].box.top, `network label ${boxes.network.bottom} above client 0 at ${boxes.clients[0].box.top}`);
    // The warm-up label is drawn after each chart's data, on a white halo, so the data never
    // covers it (the chart's hover layer lies over both, so hit-testing cannot tell).
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=warmup-label]')].map((label) => {
        const paths = [...label.parentElement.querySelectorAll('path')].filter((p) => !p.closest('.domain, .tick'));
        const style = getComputedStyle(label);
        const halo = style.paintOrder.startsWith('stroke') && style.stroke === 'rgb(255, 255, 255)' && parseFloat(style.strokeWidth) >= 2;
        return { after: paths.length > 0 && paths.every((p) => p.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING), halo };
      }),
    );
    assert.ok(labels.length >= 3, `a warm-up label on each chart: ${labels.length}`);
    assert.deepEqual(labels.filter((l) => !l.after || !l.halo), [], 'on top of the data');
    // The event log's times in seconds, as the clock and the timeline show them (a permalink
    // opens on an empty log: a step brings records).
    for (let i = 0; i < 3; i++) await page.locator('[data-testid=step]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-view=event-log] .t').length > 0, null, { timeout: 10_000 });
    const times = await page.locator('[data-view=event-log] .t').allInnerTexts();
    assert.ok(times.every((t) => /^1\d\d\.\d{3} s$/.test(t)), times.slice(0, 3).join(' | '));
    // The top of the speed slider reads in simulated seconds per second.
    await page.locator('[data-testid=speed]').fill('1000');
    assert.equal(await page.locator('[data-testid=speed-value]').innerText(), '300 s/s');
    // A TOML syntax error: where it is and what is wrong, with no empty field name before it.
    await page.locator('[data-testid=toggle-editor]').click();
    const ta = page.locator('[data-testid=toml]');
    await ta.fill((await ta.inputValue()).replace('[system]', '[system'));
    await page.locator('[data-testid=apply]').click();
    const error = (await page.locator('[data-testid=errors] li').first().innerText()).trim();
    assert.match(error, /^line \d+, column \d+ malformed TOML: \S/);
    assert.doesNotMatch(error, /:\s*:|^line \d+, column \d+ :/);
    await shot(page, 'small-things-1280x720');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('one truth per moment in every view (issue 13, item 1)', () => {
  it('the system, MOB, disk, cache and chart views print the same after playing, seeking back, End and a permalink', async () => {
    const page = await newPage(`${suite.base}#sc=mob-default&seed=4`);
    await ready(page);
    // Every number these views print (the disk's recent requests included: engine state too).
    const PANELS = ['SystemDiagram', 'MobView', 'DiskView', 'CacheView', 'SpaceView', 'Charts'];
    const read = (p) => p.evaluate((panels) => Object.fromEntries(panels.map((v) => [v, document.querySelector(`[data-panel=${v}]`).innerText])), PANELS);
    const settle = async (p, t) => {
      // Every view loaded (they load lazily: a page opened from a permalink fetches them anew).
      await p.waitForFunction((ns) => window.__storelab.frames.latest().nowNs === ns && !window.__storelab.lab.store.get().busy && !document.querySelector('.view-placeholder'), t, { timeout: 30_000 });
      await p.waitForTimeout(450); // headers refresh at most 5 times a second
    };
    // Played: frames every 0.25 simulated s, as the animation loop asks for them. A few are asked
    // for ahead (the worker answers strictly in order), so that the worker makes the next frames
    // while the views take this one: the same frames, published in the same order.
    const played = {};
    let t = 0;
    for (const T of [45e9, 160e9, 330e9]) {
      await page.evaluate(async ([from, to]) => {
        const lab = window.__storelab.lab;
        const ahead = [];
        for (let x = from + 0.25e9; x <= to; x += 0.25e9) {
          ahead.push(lab.engine.frame(Math.min(x, to)));
          if (ahead.length === 8) lab.frames.publish(await ahead.shift());
        }
        for (const frame of ahead) lab.frames.publish(await frame);
      }, [t, T]);
      await page.evaluate((ns) => window.__storelab.lab.seek(ns), T); // the store catches up
      await settle(page, T);
      played[T] = await read(page);
      t = T;
    }
    for (const T of [160e9, 45e9]) {
      await page.evaluate((ns) => window.__storelab.lab.seek(ns), T);
      await settle(page, T);
      assert.deepEqual(await read(page), played[T], `seeking back to ${T / 1e9} s`);
    }
    for (const T of [45e9, 160e9, 330e9]) {
      const other = await newPage(`${suite.base}#sc=mob-default&seed=4&t=${T}`);
      await ready(other);
      await settle(other, T);
      assert.deepEqual(await read(other), played[T], `a permalink to ${T / 1e9} s`);
      await other.context().close();
    }
    // End, from a time before, and a permalink to the end.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('End');
    const end = await page.evaluate(() => window.__storelab.lab.store.get().endNs);
    await settle(page, end);
    const atEnd = await read(page);
    const other = await newPage(`${suite.base}#sc=mob-default&seed=4&t=${end}`);
    await ready(other);
    await settle(other, end);
    assert.deepEqual(await read(other), atEnd, 'End and a permalink to the end');
    await other.context().close();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
