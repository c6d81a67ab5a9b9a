import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Process-level tests that take tens of seconds each: the real server spawned and restarted,
 * memory watched under a 400 MB upload, a 1 GiB upload to S3. They run in the 'slow' project, in
 * a process of their own per file, one file at a time, after the other projects (scripts/test.mjs;
 * decision 0152).
 * rss-watch.test.ts is quick but reads its own process's RSS: in a worker that other files share,
 * memory they leave to be freed can fall during its 500 ms and hide the 64 MB it holds (growth 0,
 * seen once with three server workers; decision 0920).
 */
export const SLOW_TESTS = [
  'src/server/main.test.ts',
  'src/server/main.migrate.test.ts',
  'src/server/features/tracks/tracks.upload-memory.test.ts',
  'src/server/features/tracks/tracks.upload-memory-s3.test.ts',
  'src/server/features/exports/exports.memory.test.ts',
  'src/test/dev-oidc.test.ts',
  'src/test/rss-watch.test.ts',
];

/**
 * Component tests that replace a module (vi.mock) for their whole file, or that share module state
 * with other files (lazy-popup.test.tsx registers widgets whose module never arrives, which every
 * later file's preloadLazyPopups would wait for; tooltip.test.tsx times the module-wide grace period
 * another file's tooltip may have started): each runs in a process of its own, as vitest does by
 * default. The other client files share their worker's page and modules
 * (decision 0917): a process, jsdom and React's import per file cost the client tests two thirds of
 * their time.
 */
export const CLIENT_OWN_PROCESS = [
  'src/client/app.test.tsx',
  'src/client/components/error-boundary.test.tsx',
  'src/client/components/ui/tooltip.test.tsx',
  'src/client/features/auth/landing-page.test.tsx',
  'src/client/features/auth/session-ended.test.tsx',
  'src/client/features/auth/test-auth-page.test.tsx',
  'src/client/features/invites/join-page.test.tsx',
  'src/client/features/offline/download-manager.test.ts',
  'src/client/features/offline/offline-ui.test.tsx',
  'src/client/features/offline/refresh-download.test.ts',
  'src/client/features/offline/sync.test.ts',
  'src/client/features/offline/version-downloads.test.ts',
  'src/client/features/tracks/journal-render-work.test.tsx',
  'src/client/lib/lazy-popup.test.tsx',
  'src/client/player/waveform-view.test.tsx',
  'src/client/player/waveform.test.tsx',
];

// Projects: 'server' (shared + server code, node, API tests on a fresh database each), 'slow'
// (SLOW_TESTS) and 'client' (React components in jsdom). `npm run test:api` runs 'server' and
// 'slow', which CI repeats against PostgreSQL with TEST_DATABASE_URL set.
export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: a single worker on the 2-core machines this
    // runs on. Test files wait a good deal (ffmpeg, timers, sockets, a PGlite starting), so one more
    // than the cores keeps them busy: on 2 cores, 3 workers ran the server project in 633 s where 2
    // took 747 s, with the CPU at 190 % instead of 181 % (decision 0920).
    maxWorkers: availableParallelism() + 1,
    // `npm run coverage` (decision 0156): what the unit, API and client tests execute of src/.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/client/test-setup.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage',
      // Kept: `npm run coverage` fails if it drops below. Measured 2026-12-02 on PostgreSQL, where CI
      // runs it (decision 0915): 91.6 / 84.0 / 89.9 / 93.4 (2026-11-23: 87.8 / 78.6 / 85.7 / 89.4).
      thresholds: { statements: 89, branches: 81, functions: 87, lines: 91 },
    },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/test/**/*.test.ts'],
          // Slow tests that restart infrastructure: `npm run test:faults` (vitest.faults.config.ts).
          exclude: ['**/*.faults.test.ts', '**/node_modules/**', ...SLOW_TESTS],
          // One migrated PGlite per run (src/test/pglite-template.ts), started once per worker and
          // emptied back to it for each test database (src/test/pglite-pool.ts). Files share their
          // worker's modules and pool instead of each paying a new process, the app's imports and a
          // PGlite start (decision 0150); no server test mocks modules.
          globalSetup: ['src/test/pglite-template.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'slow',
          environment: 'node',
          include: SLOW_TESTS,
          globalSetup: ['src/test/pglite-template.ts'],
          // One file at a time: the two S3 files each push 1 GiB through s3rver (a CPU-bound child
          // process); side by side, beside the main suite, both ran past their deadlines (300 s,
          // 240 s) at load 6 although each takes 69–114 s alone.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...CLIENT_OWN_PROCESS],
          setupFiles: ['src/client/test-setup.ts'],
          // test-setup.ts puts back after each test what a file could leave behind (decision 0917).
          isolate: false,
          // Room for findBy's 5 s (test-setup.ts) inside a test, on a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client-isolated',
          environment: 'jsdom',
          include: CLIENT_OWN_PROCESS,
          setupFiles: ['src/client/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
