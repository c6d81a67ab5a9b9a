import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: 'server' (shared + server code, node, API tests on a fresh database per file)
// and 'client' (React components in jsdom). `npm run test:api` runs only 'server', which CI
// repeats against PostgreSQL with TEST_DATABASE_URL set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/test/**/*.test.ts'],
          // Slow tests that restart infrastructure: `npm run test:faults` (vitest.faults.config.ts).
          exclude: ['**/*.faults.test.ts', '**/node_modules/**'],
          // One migrated PGlite per run, copied by each test file (src/test/pglite-template.ts).
          globalSetup: ['src/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test-setup.ts'],
        },
      },
    ],
  },
});
