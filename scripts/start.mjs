// `npm start`: builds the web app and the server where the build is missing or older than its sources, then serves
// the whole portal from one process running compiled JavaScript.
import { spawn } from 'node:child_process';
import { buildWhatIsStale } from './build-outputs.mjs';
import { SERVER_ENTRY, serverEnvironment } from './server-process.mjs';

buildWhatIsStale();
const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: 'apps/server', stdio: 'inherit', env: serverEnvironment() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
