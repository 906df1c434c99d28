// What `npm start` needs built, and whether each build is missing or older than its sources.
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

/** Each build: the npm script that makes it, its output file, and the sources it is made from. */
export const builds = [
  {
    name: 'the web app',
    script: 'build:web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...contracts],
  },
  {
    name: 'the server',
    script: 'build:server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...contracts],
  },
];

/** 'missing', 'stale' or null (up to date). */
export function buildState(build) {
  const output = newest([build.output]);
  if (output === 0) return 'missing';
  return newest(build.sources) > output ? 'stale' : null;
}
