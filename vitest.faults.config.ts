import { defineConfig } from 'vitest/config';

// `npm run test:faults`: slow tests that break real infrastructure on purpose (a PostgreSQL server of
// the test's own is restarted and crashed under load). Not part of `npm test`; .ci/run runs them.
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['src/**/*.faults.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
