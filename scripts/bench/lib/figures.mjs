// One way for every benchmark to state a figure: printed against its budget, and appended as a JSON line to
// BENCH_FIGURES_FILE when `npm run bench` runs it, so that the whole run is also written as JSON.
import { appendFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Prints `name: value unit (budget: at most|at least budget)` and records it. Returns whether it is within budget.
 * `budget` may be omitted for a figure that is shown for reference (an anchor, a before figure).
 */
export function figure(name, value, unit, budget) {
  const within = budget ? (budget.atMost !== undefined ? value <= budget.atMost : value >= budget.atLeast) : true;
  const limit = budget ? (budget.atMost !== undefined ? `at most ${budget.atMost}` : `at least ${budget.atLeast}`) : null;
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(2);
  console.log(`  ${name.padEnd(52)} ${shown.padStart(9)} ${unit}${limit ? `  (budget: ${limit})${within ? '' : '  OVER BUDGET'}` : ''}`);
  if (process.env.BENCH_FIGURES_FILE) {
    const record = { bench: process.env.BENCH_NAME ?? null, name, value, unit, budget: budget ?? null, within, loadAverage: os.loadavg()[0] };
    appendFileSync(process.env.BENCH_FIGURES_FILE, `${JSON.stringify(record)}\n`);
  }
  return within;
}
