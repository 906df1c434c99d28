// Web budgets of the landing page `/`, measured in Debian's Chromium against a fresh portal with the demo content:
//   - JavaScript loaded by `/`: at most 150 kB gzipped (every script the page loads, gzipped here at level 9);
//   - LCP on a simulated mid-range phone: under 2.5 s (Lighthouse's mobile settings: 412x823 screen,
//     150 ms round trips, 1.6 Mbps down, 750 kbps up, CPU 4x slower), the median of three cold loads;
//   - CLS: under 0.1, while the page loads and is scrolled to the bottom (late images must not push content).
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from '../chromium.mjs';
import { measurePageLoad } from './lib/web-vitals.mjs';
import { startPortal } from './lib/portal.mjs';

const BUDGET = { jsKb: 150, lcpMs: 2500, cls: 0.1 };
const RUNS = 3;
const root = path.resolve(import.meta.dirname, '../..');

async function startLandingPortal(webDist) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const portal = await startPortal({ dataDir, env: { WEB_DIST_DIR: webDist, DEMO_CONTENT: 'true' } });
  return {
    base: portal.base,
    stop: async () => {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every script `/` loads once it has settled, with its gzipped size. */
async function javascriptOfLanding(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const encoding = response.headers()['content-encoding'] ?? 'none';
    scripts.set(response.url(), { gzipped: gzipSync(body, { level: 9 }).length, raw: body.length, encoding });
  });
  await page.goto(base, { waitUntil: 'networkidle' });
  await context.close();
  return [...scripts.entries()].map(([url, sizes]) => ({ name: new URL(url).pathname, ...sizes }));
}

const webDist = process.env.BENCH_WEB_DIST ?? mkdtempSync(path.join(tmpdir(), 'portal-web-bench-'));
if (!process.env.BENCH_WEB_DIST) {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'error', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const portal = await startLandingPortal(webDist);
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let failed = false;
try {
  const scripts = await javascriptOfLanding(browser, portal.base);
  const jsKb = scripts.reduce((sum, s) => sum + s.gzipped, 0) / 1000;
  const loads = [];
  for (let i = 0; i < RUNS; i++) loads.push(await measurePageLoad(browser, portal.base));
  const lcps = loads.map((l) => l.lcp).sort((a, b) => a - b);
  const lcp = lcps[Math.floor(RUNS / 2)];
  const cls = Math.max(...loads.map((l) => l.cls));

  const line = (label, value, budget, ok) => {
    failed ||= !ok;
    console.log(
      `web: ${label.padEnd(44)} ${value.padStart(10)}   budget ${budget.padEnd(9)} ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  };
  line('JavaScript loaded by / (gzipped)', `${jsKb.toFixed(1)} kB`, `${BUDGET.jsKb} kB`, jsKb <= BUDGET.jsKb);
  for (const s of scripts.sort((a, b) => b.gzipped - a.gzipped)) {
    console.log(
      `       ${s.name.padEnd(42)} ${(s.gzipped / 1000).toFixed(1).padStart(7)} kB  (${(s.raw / 1000).toFixed(1)} kB as served, content-encoding: ${s.encoding})`,
    );
  }
  line(
    'LCP of / on a mid-range phone (median of 3)',
    `${(lcp / 1000).toFixed(2)} s`,
    `< ${BUDGET.lcpMs / 1000} s`,
    lcp < BUDGET.lcpMs,
  );
  console.log(
    `       runs: ${loads.map((l) => `${(l.lcp / 1000).toFixed(2)} s (${l.lcpElement})`).join(', ')}`,
  );
  line('CLS of / while loading and scrolling (worst)', cls.toFixed(3), `< ${BUDGET.cls}`, cls < BUDGET.cls);
} finally {
  await browser.close();
  await portal.stop();
  if (!process.env.BENCH_WEB_DIST) rmSync(webDist, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
