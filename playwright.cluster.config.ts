import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run test:cluster` (scripts/cluster.mjs): the cluster story of e2e-cluster/ against two
// instances behind nginx, which its worker fixture starts (e2e-cluster/support/cluster.ts). Kept out
// of the default Playwright run (testDir e2e/) so `npm test` does not grow.
export default defineConfig({
  ...base,
  testDir: 'e2e-cluster',
  outputDir: 'test-results/cluster/playwright',
  globalSetup: undefined,
  timeout: 240_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/cluster-report.json' }]],
});
