// `npm run bench`: runs every scripts/bench/*.mjs in turn; each prints its figures against its budgets and fails
// (exit code 1) when one is over. Exits 1 if any did. Run one alone with `npm run bench -- <name>`. The figures are
// also written as JSON to bench-results.json (or BENCH_JSON), with the load average at each figure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'bench');
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.mjs$/, '')))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark in scripts/bench${only.length ? ` named ${only.join(', ')}` : ''}.`);
  process.exit(2);
}

const jsonFile = path.resolve(process.env.BENCH_JSON ?? 'bench-results.json');
const figuresFile = `${jsonFile}.lines`;
rmSync(figuresFile, { force: true });
const started = new Date().toISOString();
const failed = [];
for (const file of benches) {
  console.log(`\n=== bench: ${file.replace(/\.mjs$/, '')} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(dir, file)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES_FILE: figuresFile, BENCH_NAME: file.replace(/\.mjs$/, '') },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `=== ${file}: ${result.status === 0 ? 'within budget' : 'OVER BUDGET or failed'} (${seconds} s) ===`,
  );
  if (result.status !== 0) failed.push(file);
}
const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line))
  : [];
rmSync(figuresFile, { force: true });
writeFileSync(
  jsonFile,
  `${JSON.stringify({ started, finished: new Date().toISOString(), cpus: os.cpus().length, failed, figures }, null, 2)}\n`,
);
console.log(`\nFigures written to ${jsonFile}`);
if (failed.length) {
  console.error(`\nOver budget or failed: ${failed.join(', ')}`);
  process.exit(1);
}
