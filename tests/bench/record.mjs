// The figures `npm run bench` prints against the budgets of issue 30: scripts/bench.sh points
// BENCH_RESULTS at a file, each benchmark appends a line per figure (`record`), and
// tests/bench/summary.mjs prints them all at the end. Without BENCH_RESULTS nothing is kept.
import fs from 'node:fs';

/** One figure: its value and unit, and the budget it must meet, if it has one. */
export function record(figure, value, unit, budget = {}) {
  const file = process.env.BENCH_RESULTS;
  if (file) fs.appendFileSync(file, JSON.stringify({ figure, value, unit, ...budget }) + '\n');
}
