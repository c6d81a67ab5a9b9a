import path from 'node:path';
import { test as base, expect, expectJournalShell } from './fixtures';
import { ROOT, type RunningJournal, startJournal } from './support/journal-server';

// README, Configuration: without OIDC_CLIENT_ID/OIDC_CLIENT_SECRET Google sign-in is disabled, the
// landing page says so, and the demo user still works. These stories get a server of their own,
// started with no OIDC settings at all.
const test = base.extend<object, { journalWithoutGoogle: RunningJournal }>({
  journalWithoutGoogle: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const logFile = path.join(ROOT, 'test-results', 'e2e-server-without-google.log');
      const journal = await startJournal({ google: false, logFile });
      await use(journal);
      await journal.stop();
    },
    // A server of its own starts in seconds, but far slower on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ journalWithoutGoogle }, use) => {
    await use(journalWithoutGoogle.baseURL);
  },
});

test('without Google configured, the landing page says so and the demo user still works', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByText(/Google sign-in is not configured/)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.getByRole('button', { name: 'Continue as Demo User' }).click();
  await expectJournalShell(page);
});
