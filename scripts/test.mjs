// `npm test`: lint, typecheck, unit and API integration tests, then the browser journeys. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { ensureSwift, SWIFT_MISSING } from './s3-server.mjs';

// The S3 upload tests' server, installed before the tests start rather than inside one (scripts/s3-server.mjs).
if (!ensureSwift()) {
  console.error(SWIFT_MISSING);
  process.exit(1);
}

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['browser journeys', 'node', ['scripts/e2e.mjs']],
];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`=== ${name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
