import {
  expect,
  expectLandingPage,
  expectNoSeriousA11yViolations,
  googleUser,
  screenshotsOf,
  signInAsDemo,
  signInWithGoogle,
  test,
} from './fixtures';
import { confirmDeleteAccount, openDeleteAccount } from './support/own-data';

// Issue 27, decision 0420: a person deletes their account from the profile, lands on the landing
// page, and the same Google account signing in again is a new, empty person.

const shot = screenshotsOf('leave');

test('deletes the account from the profile; the same Google account then signs up afresh', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const person = googleUser({ sub: `${googleUser().sub}-leave` });
  await signInWithGoogle(page, person);
  const before = (await (await page.request.get('/api/auth/user')).json()) as { id: string };

  const dialog = await openDeleteAccount(page);
  await expect(dialog).toContainText('the comments you wrote');
  await expect(dialog).toContainText('Collectives you own pass to their longest-standing admin');
  await expect(dialog).toContainText('Download my data');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/To confirm, type/).fill('nope');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/To confirm, type/).fill('delete');
  await expect(confirm).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'leave: the confirmation');
  await shot(page, 'confirm');

  await confirm.click();
  await expectLandingPage(page);
  await expect(page.getByText('Your account was deleted').first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await shot(page, 'landing');

  await signInWithGoogle(page, person);
  const after = (await (await page.request.get('/api/auth/user')).json()) as {
    id: string;
    username: string | null;
  };
  expect(after.id).not.toBe(before.id);
  expect((await (await page.request.get('/api/tracks')).json()) as unknown[]).toEqual([]);
});

test('a demo visitor deletes their demo account and is back on the landing page', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsDemo(page);
  const dialog = await openDeleteAccount(page);
  await expect(dialog.getByText('To confirm, type “delete”')).toBeVisible();
  await confirmDeleteAccount(page, dialog, 'DELETE');
});
