// `npm run bench`: runs every scripts/bench/*.mjs in turn; each prints its figures against its budgets and fails
// (exit code 1) when one is over. Exits 1 if any did. Run one alone with `npm run bench -- <name>`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

const failed = [];
for (const file of benches) {
  console.log(`\n=== bench: ${file.replace(/\.mjs$/, '')} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `=== ${file}: ${result.status === 0 ? 'within budget' : 'OVER BUDGET or failed'} (${seconds} s) ===`,
  );
  if (result.status !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nOver budget or failed: ${failed.join(', ')}`);
  process.exit(1);
}
