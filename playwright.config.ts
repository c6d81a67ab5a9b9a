import { defineConfig, devices } from '@playwright/test';

// Browser stories (e2e/*.spec.ts) against the built app. e2e/global-setup.ts starts the local OIDC
// issuer and `node dist/server/main.js` on a free port and passes its address as E2E_BASE_URL.
// Chromium is the system one: `npx playwright install` cannot download browsers here.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  // One worker: the stories share one server (each demo sign-in gets its own account, but
  // equipment tags and the rate limits are shared), and the machines running them are small.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
