// End-to-end tests of the opportunistic log's system diagram, memory bar and charts, and of the
// Inspector on it, in Chromium: each view shows the numbers of the engine's own frame and series
// (window.__storelab), a client clicked or picked by keyboard opens in the inspector, and axe finds
// nothing serious in any of them. Screenshots go to tests/artifacts/oplog-*.png.
// Run: flock /tmp/e2e.lock node --test tests/e2e/oplog-views.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import * as harness from './harness.mjs';
import { axeViolations, ready, shot } from './harness.mjs';

const suite = harness.useLab();
const n = (v) => Math.round(v).toLocaleString('en-US');
const fixed = (v, d) => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

/** Plays at `nsPerS` until the series has `samples` samples, pauses, and waits for the views'
 * redraws (at most every 250 ms). */
async function playUntil(page, samples, nsPerS = 2e10) {
  await page.evaluate((s) => {
    window.__storelab.lab.setSpeed(s);
    window.__storelab.lab.play();
  }, nsPerS);
  await page.waitForFunction((k) => window.__storelab.frames.series().length >= k, samples, { timeout: 60_000 });
  await page.evaluate(() => window.__storelab.lab.pause());
  await page.waitForFunction(() => !window.__storelab.lab.store.get().playing && !window.__storelab.lab.store.get().busy);
  await page.waitForTimeout(800);
}

/** What the views should show, read from the engine's latest frame and series. */
function engineState(page) {
  return page.evaluate(() => {
    const { frames, store } = window.__storelab;
    const f = frames.latest();
    const d = store.get().description;
    const values = (sec, name) => d.sections.find((s) => s.name === sec).columns.find((c) => c.name === name).values;
    const states = values('clients', 'state');
    const ops = values('disk_queue', 'kind');
    const c = f.sections.clients.columns;
    const status = Array.from(c.state, (s, i) => (c.blocked[i] ? 'blocked' : states[s]));
    const series = frames.series();
    return {
      nowNs: f.nowNs,
      server: f.sections.server.scalars,
      // The disk's row (the disk component's sections: a row per disk, and their queues).
      disk: Object.fromEntries(Object.entries(f.sections.disk.columns).map(([k, c]) => [k, c[0]])),
      queue: Array.from(f.sections.disk_queue.columns.kind, (o) => ops[o]),
      status,
      page: Array.from(c.page),
      last: series[series.length - 1],
      lastIcost: series.filter((s) => s.icost_ms !== null).pop()?.icost_ms ?? null,
    };
  });
}

/** A screenshot of the top `height` px of the inspector, as the page shows it scrolled to the top
 * (an element screenshot of the tall panel would scroll it under the sticky time controls). */
async function shotInspector(page, name, height = 520) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const b = await page.locator('[data-panel=Inspector]').boundingBox();
  await page.screenshot({ path: path.join(harness.root, 'tests/artifacts', `${name}.png`), clip: { x: b.x, y: b.y, width: b.width, height: Math.min(height, b.height) } });
}

/** The text of the first element matching `selector` (HTML or SVG), its white space collapsed. */
const textOf = (page, selector) => page.locator(selector).first().evaluate((el) => el.textContent.replace(/\s+/g, ' ').trim());

describe('the opportunistic log\'s views in the lab', () => {
  it('show the engine\'s frame and series, open a client in the inspector, and pass axe', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-pool&seed=1`);
    await ready(page);
    const diagram = '[data-panel=OplogDiagram]';
    const memory = '[data-panel=OplogMemory]';
    const charts = '[data-panel=OplogCharts]';
    await page.locator(`${diagram} [data-client]`).first().waitFor();
    await playUntil(page, 16);
    const e = await engineState(page);
    const s = e.server;

    // The system diagram: each client's state, the server's numbers, the disk and its queue.
    for (const status of ['fetching', 'thinking', 'committing', 'blocked']) {
      const count = e.status.filter((x) => x === status).length;
      assert.equal(await textOf(page, `${diagram} [data-testid=count-${status}]`), `${status} ${count}`);
      assert.equal(await page.locator(`${diagram} [data-status=${status}]`).count(), count);
    }
    assert.equal(await textOf(page, `${diagram} [data-testid=server-log]`), `${n(s.log_used)} / ${n(s.log_capacity)}`);
    assert.equal(await textOf(page, `${diagram} [data-testid=server-pool]`), n(s.pending_pages));
    assert.equal(await textOf(page, `${diagram} [data-testid=server-cache]`), `${n(s.dirty_pages)} / ${n(s.cache_frames)}`);
    assert.equal(await textOf(page, `${diagram} [data-testid=cpu-backlog]`), `${(s.cpu_backlog_ns / 1e6).toFixed(2)} ms`);
    assert.equal(await textOf(page, `${diagram} [data-testid=disk-head]`), `cyl. ${n(e.disk.head_cylinder)}`);
    assert.equal(await textOf(page, `${diagram} [data-testid=disk-queue]`), `FIFO queue: ${e.queue.length}`);
    assert.deepEqual(await page.locator(`${diagram} .oplog-queue [data-op]`).evaluateAll((q) => q.map((x) => x.dataset.op)), e.queue.slice(0, 24));
    if (e.disk.active_kind >= 0) assert.equal(await textOf(page, `${diagram} [data-testid=disk-active-page]`), `page ${e.disk.active_page}`);

    // The memory: every count of the log and the cache, and both triggers.
    const inFlight = s.log_used - s.pending_entries;
    const expectRows = {
      entries: { pending: s.pending_entries, fetchRead: inFlight - s.iread_entries, installRead: s.iread_entries, free: s.log_capacity - s.log_used },
      frames: { dirty: s.dirty_pages - s.writing, writing: s.writing, clean: s.clean_frames },
    };
    for (const [unit, rows] of Object.entries(expectRows)) {
      for (const [key, v] of Object.entries(rows)) {
        assert.equal(await textOf(page, `${memory} [data-testid=memory-table-${unit}] [data-segment=${key}] td`), n(v), `${unit} ${key}`);
      }
    }
    // Each trigger's count now, term by term (issue 24, item 9: it read "now 50" while 46 were free).
    const free = s.log_capacity - s.log_used;
    const ireadNow = `${n(free)} + ${n(s.iread_entries)} = ${n(free + s.iread_entries)}`;
    assert.match(await textOf(page, `${memory} [data-testid=trigger-IReadTrigger]`), new RegExp(`^IReadTrigger < 50: free \\+ being read = ${ireadNow.replaceAll('+', '\\+')}`));
    const writeNow = `${n(s.clean_frames)} + ${n(s.writing)} = ${n(s.clean_frames + s.writing)}`;
    assert.match(await textOf(page, `${memory} [data-testid=trigger-WriteTrigger]`), new RegExp(`^WriteTrigger < 1,000: clean \\+ being written = ${writeNow.replaceAll('+', '\\+')}`));

    // The charts: the latest sample of the series.
    assert.equal(await textOf(page, `${charts} [data-testid=latest-throughput]`), `· latest ${fixed(e.last.throughput_tps, 0)}`);
    assert.equal(await textOf(page, `${charts} [data-testid=latest-icost]`), `· latest ${fixed(e.lastIcost, 2)}`);
    assert.equal(await textOf(page, `${charts} [data-testid=latest-pool-0]`), `pending pages (the pool) ${fixed(e.last.pool_pages, 0)}`);
    assert.equal(await textOf(page, `${charts} [data-testid=latest-pool-1]`), `log entries ${fixed(e.last.log_entries, 0)}`);
    assert.equal(await textOf(page, `${charts} [data-testid=latest-disk-0]`), `fetch read ${fixed(100 * e.last.disk_share.fetch_read, 1)}`);
    assert.match(await textOf(page, `${charts} [data-testid=sample-count]`), new RegExp(`^samples ${await page.evaluate(() => window.__storelab.frames.series().length)}, one every 1 s$`));
    assert.ok((await page.locator(`${charts} [data-chart=throughput] rect[fill="#e9e9e9"]`).count()) === 1, 'the warm-up is shaded');

    await shot(page, 'oplog-views-lab');
    await shot(page, 'oplog-diagram', diagram);
    await shot(page, 'oplog-memory', memory);
    await shot(page, 'oplog-charts', charts);

    // A client clicked opens in the inspector, with its state and page from the frame.
    await page.locator(`${diagram} [data-client="3"]`).click();
    await page.locator('[data-panel=Inspector] [data-testid=inspect-client-state]').waitFor();
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'client', id: 3 });
    const inspector = (await page.locator('[data-panel=Inspector]').innerText()).replace(/\s+/g, ' ');
    assert.match(inspector, /client 3/);
    assert.match(inspector, new RegExp(`state ${e.status[3]}: `));
    assert.match(inspector, new RegExp(`page ${e.page[3]}`));
    await shotInspector(page, 'oplog-inspector-client');

    // By keyboard: the grid is one tab stop; the arrows move, Enter inspects.
    await page.locator(`${diagram} [data-client="3"]`).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'client', id: 4 });
    assert.equal(await page.locator(`${diagram} [data-client][tabindex="0"]`).count(), 1);

    // The disk, by its button.
    await page.locator(`${diagram} [data-testid=disk]`).click();
    assert.match(await textOf(page, '[data-panel=Inspector] [data-testid=inspect-disk-head]'), new RegExp(`^cylinder ${e.disk.head_cylinder.toFixed(2)} of ${e.disk.cylinders}$`));
    await shotInspector(page, 'oplog-inspector-disk');

    // A page of the queue, from the disk's inspection: its place, its request, what the log has.
    if (e.queue.length > 0) {
      const qPage = await page.evaluate(() => window.__storelab.frames.latest().sections.disk_queue.columns.page[0]);
      await page.locator('[data-panel=Inspector] ol button').first().click();
      assert.deepEqual(await page.evaluate(() => window.__storelab.lab.store.get().selection), { kind: 'page', id: qPage });
      const text = (await page.locator('[data-panel=Inspector]').innerText()).replace(/\s+/g, ' ');
      assert.match(text, new RegExp(`page ${qPage} .*place cylinder \\d+ of 1962, slot \\d of 9 on its track`));
      assert.match(text, new RegExp(`disk ${e.queue[0]}, queued at position 1 of ${e.queue.length}`));
      await shotInspector(page, 'oplog-inspector-page', 300);
    }

    // A segment of the memory bar tells its count on hover.
    await page.locator(`${memory} [data-testid=memory-entries] rect[data-segment=pending]`).first().hover();
    assert.match(await textOf(page, `${memory} [role=tooltip]`), new RegExp(`^pending \\(waiting for an installation read\\): ${n(s.pending_entries)} entries`));
    await shot(page, 'oplog-memory-tooltip', memory);
    await page.mouse.move(0, 0);

    for (const view of [diagram, memory, charts, '[data-panel=Inspector]']) assert.deepEqual(await axeViolations(page, view), [], view);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('says the basic server\'s whole memory is cache, and lays the diagram out on a phone', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}#sc=oplog-fig3-basic&seed=1`, { viewport: { width: 390, height: 844 } });
    await ready(page);
    await playUntil(page, 3);
    const memory = '[data-panel=OplogMemory]';
    const diagram = '[data-panel=OplogDiagram]';
    assert.match(await textOf(page, `${memory} [data-testid=memory-no-log]`), /^This design keeps no bounded log: all 33,550 pages of memory are cache\./);
    const s = await page.evaluate(() => window.__storelab.frames.latest().sections.server.scalars);
    assert.equal(await textOf(page, `${memory} [data-testid=memory-table-frames] [data-segment=clean] td`), n(s.clean_frames));
    // Stacked: the clients above, the server and the disk side by side within the panel.
    const box = await page.evaluate((v) => {
      const p = document.querySelector(v).getBoundingClientRect();
      const r = (sel) => document.querySelector(`${v} ${sel}`).getBoundingClientRect();
      return { panel: { right: p.right, bottom: p.bottom }, server: r('[data-testid=server]'), disk: r('[data-testid=disk]'), lastClient: r('[data-client]:last-of-type') };
    }, diagram);
    assert.ok(box.disk.right <= box.panel.right && box.disk.bottom <= box.panel.bottom, `the disk is inside the panel: ${JSON.stringify(box)}`);
    assert.ok(box.server.right < box.disk.left && box.lastClient.bottom < box.server.top, `the parts do not overlap: ${JSON.stringify(box)}`);
    await page.locator(diagram).scrollIntoViewIfNeeded();
    await shot(page, 'oplog-diagram-390', diagram);
    await page.locator(memory).scrollIntoViewIfNeeded();
    await shot(page, 'oplog-memory-basic-390', memory);
    for (const view of [diagram, memory]) assert.deepEqual(await axeViolations(page, view), [], view);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
