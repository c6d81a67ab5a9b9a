import { defineConfig, devices, type TraceMode } from '@playwright/test';
import { picturesWanted } from './e2e/support/pictures';

// Browser stories (e2e/*.spec.ts) against the built app. e2e/global-setup.ts starts the local OIDC
// issuer and `node dist/server/main.js` on a free port and passes its address as E2E_BASE_URL.
// Chromium is the system one: `npx playwright install` cannot download browsers here. npm test and
// npm run test:e2e set CHROMIUM_PATH to the one scripts/steps.mjs finds: Debian's headless shell
// when installed (decision 0760), else /usr/bin/chromium.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Playwright's trace modes (its own type keeps the list honest). */
const TRACE_MODES: readonly TraceMode[] = [
  'off',
  'on',
  'retain-on-failure',
  'on-first-retry',
  'on-all-retries',
  'retain-on-first-failure',
  'retain-on-failure-and-retries',
];

/**
 * E2E_TRACE names a trace mode; unset is off. A misspelt one is refused here: Playwright would
 * quietly record nothing, and the trace someone asked for would be missing after a failure.
 */
function traceMode(): TraceMode {
  const asked = process.env.E2E_TRACE || 'off';
  const mode = TRACE_MODES.find((each) => each === asked);
  if (!mode) throw new Error(`E2E_TRACE=${asked} is not a Playwright trace mode: ${TRACE_MODES.join(', ')}`);
  return mode;
}

// A misspelt E2E_SCREENSHOTS stops the run here, before any story, as a misspelt E2E_TRACE does.
picturesWanted();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  // Stories run side by side on the shared server: each signs in as its own person (a demo account
  // of its own, or an OIDC subject of its own chosen per sign-in), names what it creates uniquely,
  // and speaks from an address of its own for the per-address limits (e2e/fixtures.ts; decision
  // 0153). Three workers on 2 cores: the stories wait on the server, timers and the network, and
  // two left a third of the CPU idle (decision 0934); E2E_WORKERS overrides.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 3,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    // No service worker unless a story asks for one (the PWA and offline stories): each new context
    // otherwise installs it and precaches the whole app, 146 files, which cost the stories 14 %
    // of its time for stories that are not about it (decision 0760).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or --trace): recording one costs every
    // story a DOM snapshot per action, 12 % of the stories' CPU, and CI keeps none (a failed story
    // is told by its page-problems account, its error context and screenshot; decision 0920).
    // Filming (the trace's screencast) stays off either way: it cost Chromium about as much CPU as
    // the app server (decision 0435).
    trace: { mode: traceMode(), screenshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // With no GPU, the compositor's process only draws in software; run in the browser's own
        // process it saves the stories ~5 % of their CPU and wall time (decision 0931).
        '--in-process-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The folder drop of 1,000 uploads, on a server of its own, its two stories one after the
    // other, from the start, beside the main project's stories: most of its minute and a half is
    // the shipped per-minute limit's wait, which the other stories fill (decision 0934). Listed
    // first so that it is dealt first.
    { name: 'chromium-drop', testMatch: ['**/folder-drop.spec.ts'], workers: 1 },
    {
      name: 'chromium',
      testIgnore: ['**/bulk.spec.ts', '**/folder-drop.spec.ts', '**/compare.spec.ts'],
    },
    // The 1,000-track bulk story, CPU-bound on its server and in the browser, once the others are
    // done: beside the main stories it took 72 s instead of 28 s and held them back as long; beside
    // the folder drop, the thousand uploads held its page busy for 10 s after a click (decision 0760).
    {
      name: 'chromium-alone',
      testMatch: ['**/bulk.spec.ts'],
      dependencies: ['chromium', 'chromium-drop'],
      workers: 1,
    },
    // The A/B comparison's story reads two media elements' clocks against each other (issue 43):
    // a CPU starved by the stories beside it starves the audio threads too, which no listener's
    // machine does. It runs last, alone, its stories one after the other.
    {
      name: 'chromium-audio',
      testMatch: ['**/compare.spec.ts'],
      dependencies: ['chromium-alone'],
      fullyParallel: false,
    },
  ],
});
