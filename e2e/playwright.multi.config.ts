import { defineConfig } from '@playwright/test';
import single from './playwright.config';

// Run by scripts/multi-instance.mjs, which starts three instances and the round-robin proxy on MULTI_PORT.
const port = Number(process.env.MULTI_PORT ?? 3400);
const browser = { ...single.projects![0]!.use, baseURL: `http://localhost:${port}` };

export default defineConfig({
  ...single,
  testDir: '.',
  outputDir: `./test-results/multi-${port}`,
  webServer: undefined,
  projects: [
    // The checkout journeys as they are, a chat with an image, and the concurrency checks.
    { name: 'journeys', testMatch: ['tests/billing-checkout.spec.ts', 'multi/chat.spec.ts', 'multi/concurrency.spec.ts'], use: browser },
    // Moves every instance's clock, so it runs once the others are done.
    { name: 'renewals', testMatch: 'multi/renewals.spec.ts', dependencies: ['journeys'], use: browser },
  ],
});
