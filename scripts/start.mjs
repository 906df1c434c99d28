// `npm start`: builds the web app and the server where the build is missing or older than its sources, then serves
// the whole portal from one process running compiled JavaScript.
import { spawnSync, spawn } from 'node:child_process';
import { buildState, builds } from './build-outputs.mjs';
import { SERVER_ENTRY, serverEnvironment } from './server-process.mjs';

for (const build of builds) {
  const state = buildState(build);
  if (!state) continue;
  console.log(`Building ${build.name} (${state === 'missing' ? 'first start' : 'sources changed since the last build'})...`);
  const result = spawnSync('npm', ['run', '--silent', build.script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: 'apps/server', stdio: 'inherit', env: serverEnvironment() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
