// Shared by the end-to-end suites (tests/e2e/*.test.mjs) and tests/e2e/bench.mjs (`npm run bench`):
// build web/ with `vite build`, serve web/dist with `vite preview` on a free localhost port, and
// drive Debian's Chromium through playwright-core. Not a test file (node --test only picks up
// *.test.mjs and the like here).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const web = path.join(root, 'web');
export const dist = path.join(web, 'dist');
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const vite = path.join(root, 'node_modules/vite/bin/vite.js');
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The speed slider's position for `nsPerS` simulated ns per wall second (web/src/state/clock.ts:
 * 1 µs/s … 300 s/s, log scale, positions 0 … 1000). */
export const speedPosition = (nsPerS) => Math.round((Math.log(nsPerS / 1e3) / Math.log(3e11 / 1e3)) * 1000);

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function waitForHttp(url, ms = 30_000) {
  const t0 = Date.now();
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() - t0 > ms) throw new Error(`${url} did not come up in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `vite build` of web/ into web/dist (skipped when E2E_SKIP_BUILD is set). */
export function buildWeb() {
  if (!process.env.E2E_SKIP_BUILD) execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

/** Serves web/dist with `vite preview` on a free port: resolves to { base, stop }. Another suite
 * may take the port between freePort and vite's listen (`--test-concurrency=2`): then this vite
 * exits (`--strictPort`) and the other's answers there, so the server counts as up only once it
 * has said it listens, and one that exits first is started again on another port. */
export async function startPreview(attempts = 3) {
  const port = await freePort();
  const server = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: web, stdio: ['ignore', 'pipe', 'inherit'], detached: false });
  const base = `http://127.0.0.1:${port}/`;
  const exited = new Promise((r) => server.once('exit', () => r('exited')));
  let out = '';
  const listening = new Promise((r) => {
    server.stdout.on('data', (d) => {
      out += d;
      // vite prints its URL once it listens (in colour where FORCE_COLOR asks for it).
      if (out.replace(/\x1b\[[0-9;]*m/g, '').includes(base)) r('listening');
    });
  });
  const stop = async () => {
    if (server.exitCode == null && server.signalCode == null) {
      server.kill('SIGTERM');
      await exited;
    }
  };
  let timer;
  const late = new Promise((r) => (timer = setTimeout(() => r('timeout'), 30_000)));
  const started = await Promise.race([listening, exited, late]);
  clearTimeout(timer);
  if (started !== 'listening') {
    await stop();
    if (attempts > 1 && server.exitCode != null) return startPreview(attempts - 1);
    throw new Error(`vite preview did not start on port ${port}: ${out}`);
  }
  try {
    await waitForHttp(base);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, stop, server };
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}

/** A page in a fresh context (1600×1100 unless `viewport` says otherwise) that collects page
 * errors and console errors in `page.errors`. Options: `init`, a script run before the page's own
 * (page.addInitScript); `beforeGoto(page)`, called before navigating (to attach listeners). */
export async function newPage(browser, url, { init, beforeGoto, viewport = { width: 1600, height: 1100 } } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.errors = errors;
  if (init) await page.addInitScript(init);
  if (beforeGoto) await beforeGoto(page);
  await page.goto(url);
  return page;
}

/** Waits until the lab has loaded a scenario and shown its first frame. */
export async function ready(page) {
  await page.waitForFunction(() => window.__storelab?.lab.store.get().status === 'ready' && window.__storelab.frames.latest() != null, null, { timeout: 30_000 });
}

/** Everything an end-to-end suite needs, for its `before`: the built app served, Chromium
 * running, tests/artifacts/ there for screenshots. Give the result to `stopLab` in `after`. */
export async function startLab() {
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: run bash scripts/setup.sh (apt-get install chromium)`);
  fs.mkdirSync(path.join(root, 'tests/artifacts'), { recursive: true });
  buildWeb();
  // The server and the browser start side by side (each takes about half a second).
  const [preview, browser] = await Promise.allSettled([startPreview(), launchChromium()]);
  if (preview.status === 'rejected' || browser.status === 'rejected') {
    await (browser.status === 'fulfilled' ? browser.value.close() : null);
    await (preview.status === 'fulfilled' ? preview.value.stop() : null);
    throw preview.status === 'rejected' ? preview.reason : browser.reason;
  }
  return { preview: preview.value, base: preview.value.base, browser: browser.value };
}

export async function stopLab(lab) {
  await lab?.browser?.close();
  await lab?.preview?.stop();
}

/** Registers a suite's `before` (startLab) and `after` (stopLab); the object it returns holds
 * `base` (the app's URL) and `browser` once `before` has run. */
export function useLab() {
  const suite = {};
  before(async () => Object.assign(suite, await startLab()));
  after(() => stopLab(suite));
  return suite;
}

/** Saves a screenshot of the page (or of the first element matching `selector`) as
 * tests/artifacts/NAME.png and returns its bytes. */
export async function shot(page, name, selector) {
  const file = path.join(root, 'tests/artifacts', `${name}.png`);
  if (selector) await page.locator(selector).first().screenshot({ path: file });
  else await page.screenshot({ path: file });
  return fs.readFileSync(file);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations in `page` (within `selector`, or the whole
 * document), one line each. axe goes in through the DevTools protocol, which the page's CSP
 * does not govern. */
export async function axeViolations(page, selector = null) {
  await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    const r = await window.axe.run(sel ?? document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}
