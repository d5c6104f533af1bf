// "Copy embed code" fits the views it names (issue 24, item 6), in Chromium: for each system, the
// copied iframe's height shows its views whole, nothing cut at a panel's edge or the frame's
// bottom, three across at 960 and 1440 px; and every view alone, in a column 310 px wide, shows
// whole at the height its system declares (`WebSystem.viewHeights`, or `LIB_VIEWS` for a view
// several systems show). Screenshots go to tests/artifacts/. Run: node --test tests/e2e/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';
import { ready, shot } from './harness.mjs';

const suite = harness.useLab();

const SYSTEMS = {
  mob: { scenario: 'mob-default', views: ['SystemDiagram', 'MobView', 'DiskView', 'CacheView', 'SpaceView', 'Charts'] },
  hac: { scenario: 'hac-compaction', views: ['HacView', 'Oo7Panel'] },
  oplog: { scenario: 'oplog-pool', views: ['PoolPlatter', 'OplogDiagram', 'OplogMemory', 'OplogCharts'] },
  disk: { scenario: 'disk-ostep-a7-30-8-fifo', views: ['DiskPlatter', 'RequestTable'] },
  thor: { scenario: 'thor-t1-small', views: ['PrefetchView', 'HeapView', 'Oo7Panel', 'MobView'] },
  global: { scenario: 'global-fig18-clsv-decl', views: ['ClusterView', 'GlobalCharts', 'OwnerChart'] },
};

/** The views that draw a variant of a system otherwise, each run once more in its scenario at a
 * time (ns) that shows it: the write-optimized layout's disk space after its first cleaner run. */
const VARIANTS = {
  'mob (write-optimized)': { scenario: 'fig4-1-mob-size-wo', views: ['SpaceView', 'CacheView', 'SystemDiagram'], t: 130e9 },
};

/** How far (px) the page's content passes what shows: the frame's bottom, and for each panel its
 * body's scrolled-off part and any element that passes the box that clips it (content inside a
 * list that scrolls by design, such as the event log's, aside). */
function clipped() {
  const out = { page: document.documentElement.scrollHeight - window.innerHeight };
  for (const panel of document.querySelectorAll('.panel')) {
    const body = panel.querySelector('.panel-body');
    let worst = body.scrollHeight - body.clientHeight;
    const bottom = body.getBoundingClientRect().bottom;
    for (const e of body.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.height === 0 || r.width === 0) continue;
      let a = e.parentElement;
      while (a !== body && !['hidden', 'clip', 'auto', 'scroll'].includes(getComputedStyle(a).overflowY)) a = a.parentElement;
      if (a !== body && ['auto', 'scroll'].includes(getComputedStyle(a).overflowY)) continue;
      // Past a clipping box within the view; the body's own overflow is its scroll height above.
      if (a !== body) worst = Math.max(worst, r.bottom - Math.min(a.getBoundingClientRect().bottom, bottom));
    }
    out[panel.dataset.panel] = Math.round(worst);
  }
  return out;
}

const settled = (page) =>
  page.waitForFunction(() => window.__storelab?.lab.store.get().status === 'ready' && !window.__storelab.lab.store.get().busy && !document.querySelector('.view-placeholder'), null, {
    timeout: 30_000,
  });

/** Views longer than any frame, whose panel scrolls by design (HAC's sections beneath its frames,
 * the event log); the rest show whole. */
const SCROLLS = ['HacView', 'EventLog'];

const allWithin = (c) => Object.entries(c).every(([view, px]) => px <= 1 || SCROLLS.includes(view));

describe('the copied embed code fits its views (issue 24, item 6)', () => {
  for (const [kind, { scenario }] of Object.entries(SYSTEMS)) {
    it(`${kind}: the iframe's height shows the lab's first three views whole at 960 and 1440 px`, async () => {
      const lab = await harness.newPage(suite.browser, `${suite.base}#sc=${scenario}&seed=1&t=60000000000`, { viewport: { width: 1440, height: 900 } });
      await lab.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await ready(lab);
      await settled(lab);
      await lab.locator('[data-testid=copy-embed]').click();
      await lab.locator('[data-testid=copy-embed-iframe]').click();
      await lab.locator('[data-testid=copy-embed-iframe]', { hasText: 'Copied' }).waitFor();
      const code = await lab.evaluate(() => navigator.clipboard.readText());
      await lab.context().close();
      const [, src, height] = code.match(/^<iframe src="([^"]+)" .* height="(\d+)"/);
      for (const width of [960, 1440]) {
        const page = await harness.newPage(suite.browser, src, { viewport: { width, height: Number(height) } });
        await ready(page);
        await settled(page);
        await page.waitForTimeout(500);
        const c = await page.evaluate(clipped);
        await shot(page, `embed-code-${kind}-${width}`);
        assert.ok(allWithin(c), `${kind} at ${width}×${height}: px cut off ${JSON.stringify(c)}`);
        assert.equal(await page.locator('[data-panel]').count(), 3);
        if (kind === 'hac') {
          // The frame grid is drawn as soon as it shows, not at the next frame (it stayed blank).
          const [box, canvas] = await page.locator('[data-panel=HacView] .hac-canvas').evaluate((b) => [b.clientWidth, b.querySelector('canvas').width]);
          assert.ok(canvas >= box - 1 && box > 0, `the HAC grid's canvas is ${canvas} px wide in its ${box} px box`);
        }
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    });
  }

  it('every view, in a column 310 px wide, shows whole at the height its system declares', async () => {
    const cut = [];
    // One embed a system with all its views, stacked in one column: each panel is checked alone.
    for (const [kind, { scenario, views, t = 60e9 }] of Object.entries({ ...SYSTEMS, ...VARIANTS })) {
      const page = await harness.newPage(suite.browser, `${suite.base}embed/?views=${views.join(',')}#sc=${scenario}&seed=1&t=${t}`, { viewport: { width: 322, height: 900 } });
      await ready(page);
      await settled(page);
      await page.waitForTimeout(500);
      const { page: _scrolls, ...panels } = await page.evaluate(clipped);
      for (const [view, px] of Object.entries(panels)) if (px > 1 && !SCROLLS.includes(view)) cut.push(`${kind} ${view}: ${px} px cut`);
      assert.equal(Object.keys(panels).length, views.length);
      await page.context().close();
    }
    assert.deepEqual(cut, []);
  });
});
