import {
  expect,
  expectNoSeriousA11yViolations,
  googleUser,
  screenshotsOf,
  signInWithGoogle,
  storyAddress,
  test,
} from './fixtures';

// Issue 27, decision 0410: the same person signed in on a laptop and a phone sees both on the
// profile, signs the phone out from the laptop, and the phone is signed out at once.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const shot = screenshotsOf('sessions');

test('signs another device out from "Where you\'re signed in"', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const person = googleUser();
  await signInWithGoogle(page, person);
  const phone = await browser.newContext({
    baseURL,
    userAgent: PHONE_UA,
    extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.44' },
  });
  try {
    const phonePage = await phone.newPage();
    await signInWithGoogle(phonePage, person);

    await page.goto('/profile');
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const mine = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(mine).toContainText(`${storyAddress(test.info()).split('.').slice(0, 3).join('.')}.0/24`);
    const theirs = sessions.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS 17.5' });
    await expect(theirs).toContainText('192.0.2.0/24');
    const activity = page.getByRole('list', { name: 'Security activity, newest first' });
    await expect(activity.getByText('Signed in with Google')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'sessions: two devices');
    // The app's frame scrolls inside: bring the two cards into view for the picture.
    await page.getByRole('region', { name: 'Security activity' }).scrollIntoViewIfNeeded();
    await shot(page, 'two-devices');

    await theirs.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }).click();
    await theirs.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(activity.getByText('Signed out Safari 17 on iOS 17.5')).toBeVisible();
    expect((await phonePage.request.get('/api/auth/user')).status()).toBe(401);
    await phonePage.reload();
    await expect(phonePage.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await page.getByRole('region', { name: 'Security activity' }).scrollIntoViewIfNeeded();
    await shot(page, 'signed-out-phone');
  } finally {
    await phone.close();
  }
});
