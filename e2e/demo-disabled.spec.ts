import path from 'node:path';
import { test as base, expect, expectLandingPage, expectNoSeriousA11yViolations, picture } from './fixtures';
import { ROOT, type RunningJournal, startJournal } from './support/journal-server';

// Issue 9, DEMO_ENABLED=false: no page offers the demo user and the server refuses to make one.
// These stories get a server of their own, started with the demo switched off.
const test = base.extend<object, { journalWithoutDemo: RunningJournal }>({
  journalWithoutDemo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const logFile = path.join(ROOT, 'test-results', 'e2e-server-without-demo.log');
      const journal = await startJournal({ google: false, logFile, env: { DEMO_ENABLED: 'false' } });
      await use(journal);
      await journal.stop();
    },
    // A server of its own starts in seconds, but far slower on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ journalWithoutDemo }, use) => {
    await use(journalWithoutDemo.baseURL);
  },
});

test('with DEMO_ENABLED=false no page offers the demo user, and the server makes none', async ({ page }) => {
  // The landing page, even once it has said Google is not configured.
  await page.goto('/');
  await expectLandingPage(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  // The update prompt's live region (decision 0355) is a status too, empty until a new version waits.
  await expect(page.getByRole('status').filter({ hasText: 'Google sign-in' })).toHaveText(
    'Google sign-in is not configured on this server.',
  );
  await expect(page.getByRole('button', { name: 'Continue as Demo User' })).toHaveCount(0);
  await picture(page, 'demo-disabled--landing.png', { fullPage: true });
  await expectNoSeriousA11yViolations(page, 'demo-disabled: landing with sign-in notice');

  // The join page's sign-in prompt.
  await page.goto('/join/someInviteCode1');
  await expect(page.getByRole('heading', { name: "You've been invited to a collective" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'demo-disabled: join sign-in prompt');
  await expect(page.getByRole('button', { name: 'Continue as Demo User' })).toHaveCount(0);

  // /test-auth.
  await page.goto('/test-auth');
  await expect(page.getByRole('button', { name: 'Check Auth Status' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Google OAuth' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Demo Session' })).toHaveCount(0);

  // And the API says no to a script that asks anyway.
  const token = ((await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string })
    .csrfToken;
  const res = await page.request.post('/api/auth/demo-session', { headers: { 'x-csrf-token': token } });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('The demo user is turned off on this server');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
