// What `npm start` and `npm run portal` need built, whether each build is missing or older than its sources, and
// building what is.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time (ms) of the files under `paths` (files or folders), 0 when none exists. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let info;
    try {
      info = statSync(p);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else latest = Math.max(latest, info.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];

/** Each build: the npm script that makes it, its output files, and the sources they are made from. */
export const builds = [
  {
    name: 'the web app',
    script: 'build:web',
    outputs: ['apps/web/dist/index.html'],
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...contracts],
  },
  {
    name: 'the server',
    script: 'build:server',
    outputs: ['apps/server/dist/main.js', 'apps/server/dist/portal.js', 'apps/server/dist/pglite-baseline.tar.gz'],
    sources: ['apps/server/src', 'apps/server/migrations', 'apps/server/build.mjs', 'apps/server/package.json', ...contracts],
  },
];

/** 'missing', 'stale' or null (up to date). */
export function buildState(build) {
  const outputs = build.outputs.map((output) => newest([output]));
  if (outputs.includes(0)) return 'missing';
  return newest(build.sources) > Math.min(...outputs) ? 'stale' : null;
}

/** Runs each of `wanted` whose output is missing or stale; exits with the build's status when one fails. */
export function buildWhatIsStale(wanted = builds) {
  for (const build of wanted) {
    const state = buildState(build);
    if (!state) continue;
    console.error(`Building ${build.name} (${state === 'missing' ? 'not built yet' : 'sources changed since the last build'})...`);
    // The build's own output goes to stderr: a command's standard output stays its answer alone.
    const result = spawnSync('npm', ['run', '--silent', build.script], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
