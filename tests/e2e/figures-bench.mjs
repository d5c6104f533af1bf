// Not a test: `npm run bench` (scripts/bench.sh) runs this after the element's bench. Fig. 4-1's
// whole sweep (its nine MOB sizes, 5 seeds each, under each layout the lab has) in the figures
// page, in Debian's headless Chromium, against issue 30's budget of 10 s wall for both layouts;
// then `storelab sweep` on the same scenarios and seeds (all cores), for comparison.
//
//   node tests/e2e/figures-bench.mjs [--skip-build]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWeb, launchChromium, newPage, root, startPreview } from './harness.mjs';
import { record } from '../bench/record.mjs';

const { values: opts } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });
const SCENARIOS = ['fig4-1-mob-size', 'fig4-1-mob-size-wo'];
const SEEDS = 5;
const BUDGET_S = 10;

if (!opts['skip-build']) buildWeb();
const preview = await startPreview();
const browser = await launchChromium();
try {
  console.log(`\nFig. 4-1 in the figures page: ${SEEDS} seeds per MOB size, each layout (tests/e2e/figures-bench.mjs)`);
  let browserS = 0;
  for (const name of SCENARIOS) {
    const page = await newPage(browser, `${preview.base}figures/#sc=${name}&seeds=${SEEDS}&run=1`, { viewport: { width: 1200, height: 900 } });
    const progress = page.locator('[data-testid=figure-progress]', { hasText: '· done' });
    await progress.waitFor({ timeout: 600_000 });
    const text = await progress.innerText();
    const s = Number(/([\d.]+) s · done/.exec(text)[1]);
    browserS += s;
    console.log(`  ${name}: ${text}`);
    await page.context().close();
  }
  console.log(`  both layouts: ${browserS.toFixed(1)} s (budget ${BUDGET_S} s: ${browserS <= BUDGET_S ? 'within' : 'OVER'})`);
  record(`Fig. 4-1, both layouts, ${SEEDS} seeds: figures page`, browserS, 's', { max: BUDGET_S });
  const bin = path.join(root, 'engine/target/release/storelab');
  let cliS = 0;
  for (const name of SCENARIOS) {
    const t0 = performance.now();
    execFileSync(bin, ['sweep', path.join(root, 'scenarios', `${name}.toml`), '--set', `run.seeds=${SEEDS}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    const s = (performance.now() - t0) / 1000;
    cliS += s;
    console.log(`  storelab sweep ${name} --set run.seeds=${SEEDS}: ${s.toFixed(1)} s`);
  }
  console.log(`  storelab sweep, both layouts: ${cliS.toFixed(1)} s`);
  record(`Fig. 4-1, both layouts, ${SEEDS} seeds: storelab sweep`, cliS, 's');
} finally {
  await browser.close();
  await preview.stop();
}
