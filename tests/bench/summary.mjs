// Prints the figures the benchmarks recorded (tests/bench/record.mjs), each against its budget:
//   node tests/bench/summary.mjs FILE
// Exits 0 whatever the verdicts: a benchmark reports, it does not gate.
import fs from 'node:fs';

const lines = fs.existsSync(process.argv[2] ?? '') ? fs.readFileSync(process.argv[2], 'utf8').trim().split('\n') : [];
const rows = lines.filter(Boolean).map((l) => JSON.parse(l));
const fmt = (v) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(3)).toString());

/** "within" or "OVER" against `{max}` or `{min}`; "" with no budget. */
function verdict({ value, max, min }) {
  if (max !== undefined) return value <= max ? 'within' : 'OVER';
  if (min !== undefined) return value >= min ? 'within' : 'UNDER';
  return '';
}

const table = rows.map((r) => [
  r.figure,
  `${fmt(r.value)} ${r.unit}`,
  r.max !== undefined ? `≤ ${fmt(r.max)}` : r.min !== undefined ? `≥ ${fmt(r.min)}` : '(reported)',
  verdict(r),
]);
const head = ['Figure', 'Measured', 'Budget', ''];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
console.log(`\nEvery figure against its budget (issue 30)\n`);
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const t of table) console.log(line(t));
const missed = rows.filter((r) => ['OVER', 'UNDER'].includes(verdict(r))).length;
console.log(`\n${rows.length} figures, ${rows.length - missed} within budget or reported, ${missed} missing it`);
