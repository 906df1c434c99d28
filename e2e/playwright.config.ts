import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Journeys that move the server's clock get a server of their own, so that no other journey sees time jump.
 */
const CLOCK_PORT = E2E_PORT + 1;
const CLOCK_SPECS = /(billing-renewals|billing-selfserve-clock|mail-notify|mail-renewal-reminder)\.spec\.ts/;
/**
 * Journeys that change what other journeys count or show run one at a time on a server of their own: help guides
 * (other journeys count the demo guides), the import's replace (it removes what it was not given), setup-step
 * templates (every new subscription copies them), stage templates (every new project copies them), banners and questions (every customer sees them), the retention
 * offer (every cancel flow shows it), a new plan with a lasting code and a price change (the pricing page lists every
 * visible plan), and the team inbox (its tab title counts every waiting chat, which other journeys' chats would
 * change). Its sign-ins
 * count as old after a few seconds (REAUTHENTICATE_AFTER_MINUTES), so that the password dialog of sensitive changes
 * can be seen; none of the other journeys there makes such a change.
 */
const CONTENT_PORT = E2E_PORT + 3;
const CONTENT_SPECS = /(staff-help-guides|staff-import|staff-step-templates|staff-banners|staff-questionnaire|account-reauthentication|staff-showcase|billing-pause-offer|billing-coupons-prices|staff-team-inbox|projects-stages)\.spec\.ts/;
/** How long a sign-in counts as recent on that server: 3 seconds. */
const CONTENT_REAUTHENTICATE_AFTER_SECONDS = 3;
/** The staff overview checks every business-wide figure exactly, so it gets a database no other journey writes to. */
const OVERVIEW_PORT = E2E_PORT + 2;
const OVERVIEW_SPECS = /staff-overview\.spec\.ts/;

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  },
};

/**
 * `E2E_POSTGRES_URL=postgres://postgres@127.0.0.1:5432`: every server runs on a PostgreSQL database of its own,
 * made empty before it starts (`portal_e2e_<port>`), instead of PGlite under its data directory.
 */
const POSTGRES = process.env.E2E_POSTGRES_URL?.replace(/\/$/, '');

function portalServer(port: number, extraEnv: Record<string, string> = {}) {
  const dataDir = `/tmp/portal-e2e-${process.pid}-${port}`;
  const database = `portal_e2e_${port}`;
  const freshDatabase = POSTGRES ? ` && node ../../scripts/fresh-database.mjs ${POSTGRES} ${database}` : '';
  return {
    command: `rm -rf ${dataDir}${freshDatabase} && node dist/main.js`,
    cwd: '../apps/server',
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ...(POSTGRES ? { DATABASE_URL: `${POSTGRES}/${database}` } : {}),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      OPERATOR_TOKEN: 'e2e-operator-token-0123456789',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  // Per port, so that runs side by side never delete each other's traces.
  outputDir: `./test-results/${E2E_PORT}`,
  // Room for the long staff journeys when the machine is busy; a hung step still ends within two minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // The ten slowest spec files, printed at the end of the run: where to look first when it grows long.
  reportSlowTests: { max: 10, threshold: 0 },
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  // The one-at-a-time projects come first: the run hands out tests in this order, so their chains start at once,
  // one worker each beside the parallel journeys, instead of running alone at the end (about 5 minutes of one core
  // idle on two cores).
  projects: [
    { name: 'chromium-content', testMatch: CONTENT_SPECS, workers: 1, use: { ...chromium, baseURL: `http://localhost:${CONTENT_PORT}` } },
    { name: 'chromium-clock', testMatch: CLOCK_SPECS, workers: 1, use: { ...chromium, baseURL: `http://localhost:${CLOCK_PORT}` } },
    { name: 'chromium-overview', testMatch: OVERVIEW_SPECS, workers: 1, use: { ...chromium, baseURL: `http://localhost:${OVERVIEW_PORT}` } },
    { name: 'chromium', testIgnore: [CLOCK_SPECS, CONTENT_SPECS, OVERVIEW_SPECS], use: { ...chromium, baseURL: `http://localhost:${E2E_PORT}` } },
  ],
  webServer: [
    portalServer(E2E_PORT),
    portalServer(CONTENT_PORT, { REAUTHENTICATE_AFTER_MINUTES: String(CONTENT_REAUTHENTICATE_AFTER_SECONDS / 60) }),
    portalServer(OVERVIEW_PORT, { DEMO_CONTENT: 'false' }),
    // Lets the renewal journeys move the server's clock (renewals, non-payment).
    portalServer(CLOCK_PORT, { ALLOW_CLOCK_CONTROL: 'true', SUPPORT_REPLY_MAIL_DELAY_MS: '2000', SUPPORT_REPLY_SWEEP_INTERVAL_MS: '500', CARD_EXPIRY_SWEEP_INTERVAL_MS: '1000' }),
  ],
});
