// Not a test: where the lab's main-thread time goes while a scenario plays with every view open.
// Opens the lab on a gallery scenario in headless Chromium (tests/e2e/bench.mjs's set-up), plays
// it at a speed (from a time), and records a CPU profile of the page's main thread through the
// DevTools protocol (Profiler.start/stop) for --seconds; prints the functions with the most self
// time and the most total time (inclusive, each function counted once per sample), and the time
// per published frame of each FrameStore.publish listener (a view's draw) and each animation-frame
// callback. Build web/
// with `vite build --minify false` first to read the app's own function names.
//
//   node tests/e2e/frame-profile.mjs --scenario hac-compaction [--speed S_PER_S] [--from S] [--seconds S] [--top N]
import { parseArgs } from 'node:util';
import { launchChromium, newPage, ready, speedPosition, startPreview } from './harness.mjs';

const { values: opts } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'mob-default' },
    speed: { type: 'string', default: '1' },
    from: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '5' },
    top: { type: 'string', default: '25' },
  },
});
const VIEWPORT = { width: 1600, height: 1500 }; // bench.mjs's: every view on screen

/** Self and total microseconds per function ("name file:line") in a CDP CPU profile, and per
 * entry: the function FrameStore.publish called (a view's listener), or the root's child. */
function aggregate(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.split('/').pop() : '';
    return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
  };
  const self = new Map();
  const total = new Map();
  const entry = new Map();
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const n = nodes.get(id);
    self.set(key(n), (self.get(key(n)) ?? 0) + dt);
    const seen = new Set();
    const entered = new Set();
    let below = null;
    for (let at = id; at != null; below = at, at = parent.get(at)) {
      const k = key(nodes.get(at));
      const name = nodes.get(at).callFrame.functionName;
      const e = name === 'publish' && below != null ? `publish → ${key(nodes.get(below))}` : parent.get(at) === profile.nodes[0].id ? key(nodes.get(at)) : null;
      if (e != null) {
        if (!entered.has(e)) entry.set(e, (entry.get(e) ?? 0) + dt);
        entered.add(e);
      }
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  });
  return { self, total, entry, us: profile.endTime - profile.startTime };
}

const preview = await startPreview();
const browser = await launchChromium();
try {
  const page = await newPage(browser, `${preview.base}#sc=${opts.scenario}&seed=1`, { viewport: VIEWPORT });
  await ready(page);
  const fromNs = Number(opts.from) * 1e9;
  if (fromNs > 0) await page.evaluate((t) => window.__storelab.lab.seek(t), fromNs);
  await page.locator('[data-testid=speed]').fill(String(speedPosition(Number(opts.speed) * 1e9)));
  await page.locator('[data-testid=play]').click();
  await page.waitForTimeout(1500); // views loaded, first frames drawn
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const count0 = await page.evaluate(() => window.__storelab.frames.count);
  await cdp.send('Profiler.start');
  await page.waitForTimeout(Number(opts.seconds) * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  const published = (await page.evaluate(() => window.__storelab.frames.count)) - count0;
  const { self, total, entry, us } = aggregate(profile);
  const wallS = us / 1e6;
  const rows = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(opts.top))
      .map(([k, v]) => `  ${(v / 1000 / wallS).toFixed(1).padStart(7)} ms/s  ${k}`)
      .join('\n');
  const playing = await page.evaluate(() => window.__storelab.lab.store.get().playing);
  console.log(`${opts.scenario} at ${opts.speed} s/s from ${opts.from} s, ${wallS.toFixed(1)} s profiled${playing ? '' : ' (the run ended while profiling)'}`);
  const perFrame = [...entry.entries()]
    .filter(([k]) => k !== '(program) ' && k !== '(idle) ')
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(opts.top))
    .map(([k, v]) => `  ${(v / 1000 / published).toFixed(2).padStart(7)} ms  ${k}`)
    .join('\n');
  console.log(`self time:\n${rows(self)}\ntotal time:\n${rows(total)}`);
  console.log(`per published frame (${published} frames, ${(published / wallS).toFixed(1)}/s), by entry:\n${perFrame}`);
  if (page.errors.length) console.error(`page errors:\n  ${page.errors.join('\n  ')}`);
  await page.context().close();
} finally {
  await browser.close();
  await preview.stop();
}
