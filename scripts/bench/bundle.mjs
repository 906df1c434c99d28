// The customer entry chunk must not grow with the staff console (decision 0021): the JavaScript every page of the
// portal loads before it renders (the entry script of index.html and the chunks it preloads), gzipped at level 9.
// The route table used to sit in the entry (149.1 kB); then the verify-e-mail banner's two areas of it and zod
// (138.5 kB). Since the banner is loaded only by signed-in pages, the entry is React, React Router, TanStack Query
// and the app shell: 110.6 kB, 112.1 kB since React Router 7.18 (upgraded for its advisories, decision 0047), 113.3
// kB since the shell's own code grew to 12.9 kB (lists kept through live events, re-authentication, the route table
// of the staff console's new pages; no library: the entry's source map lists only the app's files, lucide's icon
// base, React, React Router and TanStack Query). The budget is that plus 1 kB of margin, so that a schema library,
// the route table or a staff page's library slipping back into the entry shows here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { figure } from './lib/figures.mjs';

const BEFORE_KB = 138.5;
const BUDGET_KB = 113.3 + 1;
const root = path.resolve(import.meta.dirname, '../..');

const webDist = process.env.BENCH_WEB_DIST ?? mkdtempSync(path.join(tmpdir(), 'portal-web-bundle-'));
if (!process.env.BENCH_WEB_DIST) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', webDist, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

try {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g)].map((m) => m[1]);
  const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1]);
  if (entry.length !== 1) throw new Error(`index.html should load one entry script, found ${entry.length}`);
  const sizeOf = (href) => gzipSync(readFileSync(path.join(webDist, href)), { level: 9 }).length / 1000;
  console.log('bundle: JavaScript of the customer entry (index.html), gzipped');
  for (const href of [...entry, ...preloaded]) console.log(`  ${href.padEnd(52)} ${sizeOf(href).toFixed(1).padStart(9)} kB`);
  const total = [...entry, ...preloaded].reduce((sum, href) => sum + sizeOf(href), 0);
  figure('entry before the banner was split out (reference)', BEFORE_KB, 'kB');
  const ok = figure('customer entry JavaScript, gzipped', Number(total.toFixed(1)), 'kB', { atMost: BUDGET_KB });
  process.exitCode = ok ? 0 : 1;
} finally {
  if (!process.env.BENCH_WEB_DIST) rmSync(webDist, { recursive: true, force: true });
}
