import {
  expect,
  expectNoSeriousA11yViolations,
  googleUser,
  screenshotsOf,
  signInWithGoogle,
  test,
} from './fixtures';
import { STORY_ADMIN_EMAIL } from './support/journal-server';

// Issue 28, decision 0445: an instance admin (named by ADMIN_USERS) suspends a member from /admin;
// the member is signed out at once and, signing in again, is told "This account is suspended".

const shot = screenshotsOf('admin');

test('an admin suspends a member; the member is signed out and cannot sign in', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and two Google sign-ins: slow on a busy machine.
  test.setTimeout(240_000);
  const member = googleUser({
    firstName: 'Mallory',
    lastName: 'Member',
    email: `mallory-${Date.now()}@example.com`,
  });
  await signInWithGoogle(page, member);

  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    // A fixed subject: a retried story signs the same admin account in again.
    await signInWithGoogle(
      admin,
      googleUser({
        sub: 'google-oauth2|story-admin',
        email: STORY_ADMIN_EMAIL,
        firstName: 'Ava',
        lastName: 'Admin',
      }),
    );
    // Admin is in the sidebar for admins only.
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await admin.getByRole('button', { name: 'Admin' }).first().click();
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();

    await admin.getByRole('searchbox', { name: 'Search people' }).fill('Mallory Member');
    const row = admin.getByRole('listitem', { name: 'Mallory Member' });
    await expect(row).toHaveCount(1);
    await expectNoSeriousA11yViolations(admin, 'admin: people');
    await shot(admin, 'people');

    await row.getByRole('button', { name: 'Suspend' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Suspend Mallory Member?' });
    await dialog.getByLabel(/Reason/).fill('Spam in comments');
    await shot(admin, 'suspend-dialog');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(row).toContainText('Suspended: Spam in comments');
    await expect(row.getByRole('button', { name: 'Unsuspend' })).toBeVisible();
    await shot(admin, 'suspended');

    // The member is signed out at once…
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    // …and signing in again is refused with the message.
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'This account is suspended' })).toBeVisible();
    await expect(
      page.getByText('This account is suspended. Contact the people who run this Journal.'),
    ).toBeVisible();
    await shot(page, 'member-refused');
  } finally {
    await adminContext.close();
  }
});
