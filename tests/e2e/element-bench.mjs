// Not a test: `npm run bench` (scripts/bench.sh) runs this after tests/e2e/bench.mjs. Browser
// figures for the <storelab-scenario> element, three on a page of another site under the strict
// Content-Security-Policy (tests/e2e/hostpage.mjs), in Debian's headless Chromium:
//
//  1. From a tag entering the viewport to its first frame: three elements, three viewports
//     apart, each scrolled into view in turn from a cold HTTP cache; the first compiles the
//     engine, the other two are given it (broker.ts).
//  2. Main-thread work per animation frame with all three playing (speed 20, in view): the host
//     page's renderer (the element's own work: messages, events) and the frames' renderer (the
//     three frames are one site, so they share one main thread), from the DevTools protocol's
//     TaskDuration over the sample, per animation frame counted in a frame; and the 95th
//     percentile of the interval between animation frames in each frame.
//  3. Memory: the proportional set size (PSS) of all of Chromium's processes with the page's
//     elements not loaded, then with one, then three, playing; and each frame's JS heap.
//
//   node tests/e2e/element-bench.mjs [--seconds S] [--skip-build]
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildWeb, launchChromium, newPage, startPreview } from './harness.mjs';
import { recordElementEvents, serveHostPages } from './hostpage.mjs';

const { values: opts } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, 'skip-build': { type: 'boolean', default: false } } });
const SAMPLE_S = Number(opts.seconds);

const gap = '<svg width="10" height="3000" aria-hidden="true"></svg>';
const tag = (id, scenario, views, extra = '') => `<storelab-scenario id="${id}" scenario="${scenario}" views="${views}" seed="1" speed="20" height="700"${extra}></storelab-scenario>`;
const APART = [gap, tag('a', 'mob-default', 'MobView,DiskView'), gap, tag('b', 'hac-compaction', 'HacView'), gap, tag('c', 'oplog-pool', 'PoolPlatter,OplogDiagram'), gap].join('\n');
const TOGETHER = [tag('a', 'mob-default', 'MobView,DiskView'), tag('b', 'hac-compaction', 'HacView'), tag('c', 'oplog-pool', 'PoolPlatter,OplogDiagram')].join('\n');
const SCENARIO = { a: 'mob-default', b: 'hac-compaction (builds its OO7 database first)', c: 'oplog-pool' };

/** Counts animation frames and their interval in every frame of the page (init script). */
function instrument() {
  if (window.__rafTimes) return;
  window.__rafTimes = [];
  const loop = (t) => {
    window.__rafTimes.push(t);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

const pct = (xs, p) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const f1 = (x) => x.toFixed(1);

/** PSS (KiB) of every Chromium process started by this one. */
function chromiumPss() {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm=']).toString().trim().split('\n').map((l) => l.trim().split(/\s+/));
  const children = new Map();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const comm = new Map(rows.map(([pid, , c]) => [pid, c]));
  const tree = [];
  const walk = (pid) => {
    for (const c of children.get(pid) ?? []) {
      if (/chrom/.test(comm.get(c) ?? '') || tree.length) tree.push(c);
      walk(c);
    }
  };
  walk(String(process.pid));
  let kib = 0;
  for (const pid of tree.filter((p) => /chrom/.test(comm.get(p) ?? ''))) {
    try {
      kib += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kib;
}

async function frameOf(page, id) {
  const handle = await page.evaluateHandle((i) => document.getElementById(i).shadowRoot.querySelector('iframe'), id);
  return (await handle.asElement()).contentFrame();
}
const loaded = (page, id) => page.waitForFunction((i) => window.__events.find((e) => e[0] === i && e[1] === 'load')?.[2], id, { timeout: 60_000 });

if (!opts['skip-build']) buildWeb();
const preview = await startPreview();
const host = await serveHostPages(preview.base, { '/apart.html': APART, '/together.html': TOGETHER });
const browser = await launchChromium();
try {
  // 1. Entering the viewport to the first frame.
  console.log('\n<storelab-scenario>: three on a page of another site, strict CSP (tests/e2e/element-bench.mjs)');
  const apart = await newPage(browser, host.url('/apart.html'), { viewport: { width: 1280, height: 900 }, init: recordElementEvents });
  for (const id of ['a', 'b', 'c']) {
    const t0 = await apart.evaluate((i) => {
      document.getElementById(i).scrollIntoView();
      return performance.now();
    }, id);
    await loaded(apart, id);
    const [, , detail, t1] = await apart.evaluate((i) => window.__events.find((e) => e[0] === i && e[1] === 'load'), id);
    console.log(`  entering the viewport → first frame, ${SCENARIO[id]}: ${f1(t1 - t0)} ms (${detail.sharedEngine ? 'the engine given by another frame' : 'compiling the engine'})`);
  }
  await apart.context().close();

  // 2 and 3. Three playing together.
  const before = chromiumPss();
  const page = await newPage(browser, host.url('/together.html'), { viewport: { width: 1280, height: 2400 }, init: instrument });
  await page.evaluate(recordElementEvents);
  for (const id of ['a', 'b', 'c']) await loaded(page, id);
  await page.waitForTimeout(1000);
  const loadedKib = chromiumPss();
  await page.evaluate(() => document.querySelectorAll('storelab-scenario').forEach((e) => e.play()));
  const frames = await Promise.all(['a', 'b', 'c'].map((id) => frameOf(page, id)));
  const hostCdp = await page.context().newCDPSession(page);
  const frameCdp = await page.context().newCDPSession(frames[0]);
  await hostCdp.send('Performance.enable');
  await frameCdp.send('Performance.enable');
  const task = async (s) => Object.fromEntries((await s.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const [h0, f0] = [await task(hostCdp), await task(frameCdp)];
  const [n0, w0] = await frames[0].evaluate(() => [window.__rafTimes.length, performance.now()]);
  await page.waitForTimeout(SAMPLE_S * 1000);
  const [h1, fm1] = [await task(hostCdp), await task(frameCdp)];
  const [n1, w1] = await frames[0].evaluate(() => [window.__rafTimes.length, performance.now()]);
  const three = chromiumPss();
  const animationFrames = n1 - n0;
  console.log(`  three playing at 20 s/s for ${SAMPLE_S} s: ${animationFrames} animation frames in ${f1((w1 - w0) / 1000)} s (${f1((animationFrames * 1000) / (w1 - w0))} per s)`);
  console.log(`  main-thread work per animation frame: host page ${f1(((h1.TaskDuration - h0.TaskDuration) * 1000) / animationFrames)} ms; the frames' renderer (all three) ${f1(((fm1.TaskDuration - f0.TaskDuration) * 1000) / animationFrames)} ms (TaskDuration)`);
  for (const [i, fr] of frames.entries()) {
    const times = await fr.evaluate(() => window.__rafTimes.slice(-300));
    const gaps = times.slice(1).map((t, k) => t - times[k]);
    const heap = await fr.evaluate(() => performance.memory?.usedJSHeapSize ?? NaN);
    console.log(`  frame ${'abc'[i]}: animation frame interval p50 ${f1(pct(gaps, 50))} ms, p95 ${f1(pct(gaps, 95))} ms; JS heap ${f1(heap / 2 ** 20)} MiB`);
  }
  console.log(`  memory (PSS of all Chromium processes): ${f1(before / 1024)} MiB before the page; three loaded ${f1(loadedKib / 1024)} MiB (+${f1((loadedKib - before) / 1024)}); after ${SAMPLE_S} s playing ${f1(three / 1024)} MiB (+${f1((three - before) / 1024)})`);
  await page.context().close();
  const one = await newPage(browser, host.url('/apart.html'), { viewport: { width: 1280, height: 900 }, init: recordElementEvents });
  await one.evaluate(() => document.getElementById('a').scrollIntoView());
  await loaded(one, 'a');
  await one.waitForTimeout(1000);
  const oneKib = chromiumPss();
  console.log(`  memory with one loaded (another page, same browser): ${f1(oneKib / 1024)} MiB (+${f1((oneKib - before) / 1024)} MiB)`);
  await one.context().close();
} finally {
  await browser.close();
  await host.stop();
  await preview.stop();
}
