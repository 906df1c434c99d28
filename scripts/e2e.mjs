// Browser journeys: builds the web app and the server (the same compiled JavaScript `npm start` runs), then runs
// Playwright in Debian's Chromium against a fresh server.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

const chromium = findChromium();
const run = (cmd, args, env = {}, cwd = '.') => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd, env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const port = process.env.E2E_PORT ?? '3210';
const webDist = `/tmp/portal-web-${port}`;
run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], { FORCE_COLOR: '0' }, 'apps/web');
run('node', ['build.mjs'], {}, 'apps/server');
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], { CHROMIUM_PATH: chromium, WEB_DIST_DIR: webDist });
