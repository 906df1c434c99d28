import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Journeys that move the server's clock get a server of their own, so that no other journey sees time jump; so do
 * the journeys that change what every customer sees (banners, questions), run one at a time there.
 */
const CLOCK_PORT = E2E_PORT + 1;
const CLOCK_SPECS = /(billing-renewals|billing-selfserve-clock|mail-notify|staff-banners|staff-questionnaire)\.spec\.ts/;

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  },
};

function portalServer(port: number, extraEnv: Record<string, string> = {}) {
  const dataDir = `/tmp/portal-e2e-${process.pid}-${port}`;
  return {
    command: `rm -rf ${dataDir} && node dist/main.js`,
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
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'chromium', testIgnore: CLOCK_SPECS, use: { ...chromium, baseURL: `http://localhost:${E2E_PORT}` } },
    { name: 'chromium-clock', testMatch: CLOCK_SPECS, workers: 1, use: { ...chromium, baseURL: `http://localhost:${CLOCK_PORT}` } },
  ],
  webServer: [
    portalServer(E2E_PORT),
    // Lets the renewal journeys move the server's clock (renewals, non-payment).
    portalServer(CLOCK_PORT, { ALLOW_CLOCK_CONTROL: 'true', SUPPORT_REPLY_MAIL_DELAY_MS: '2000', SUPPORT_REPLY_SWEEP_INTERVAL_MS: '500', CARD_EXPIRY_SWEEP_INTERVAL_MS: '1000' }),
  ],
});
