// `npm run portal -- <command>`: builds the server where its build is missing or older than its sources, then runs
// the compiled operator commands (apps/server/dist/portal.js) from apps/server, as the production image does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builds, buildWhatIsStale } from './build-outputs.mjs';

buildWhatIsStale(builds.filter((build) => build.script === 'build:server'));
const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const command = spawnSync(process.execPath, ['dist/portal.js', ...process.argv.slice(2)], { cwd: serverDir, stdio: 'inherit' });
process.exit(command.status ?? 1);
