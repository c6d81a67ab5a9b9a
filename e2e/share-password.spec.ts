import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeWav } from './support/media';
import { audioTime } from './support/profiles';
import { uploadProcessed } from './support/shares';

// Issue 45, a review link with a password (decisions 0700-0705): the owner makes one for "mastering
// engineer" in the Share… dialog; a signed-out browser opens /s/{token}, sees only the password
// form (and a neutral page title), a wrong password is refused, the right one opens the player.

const shot = screenshotsOf('share-password');
const PASSWORD = 'mix-notes-2026';

test('the owner makes a password review link for the mastering engineer; a signed-out browser unlocks it and plays', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Locked Mix ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir('share-pw-'), `${name}.wav`, 6);
  const baseURL = test.info().project.use.baseURL ?? '';

  // --- The owner uploads a track and makes a review link with a password for the engineer.
  await signInAsDemo(page);
  const { row } = await uploadProcessed(page, file, name);
  await row.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${name}”` });
  // The pill's label, as a person clicks it: its radio is visually hidden (sr-only), and forcing a
  // check on it failed as "outside of the viewport" once the dialog had scrolled.
  await dialog.getByRole('group', { name: 'Kind' }).getByText('Review', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Review' })).toBeChecked();
  await expect(dialog.getByText('Review: guests can leave timed comments.')).toBeVisible();
  await dialog.getByLabel('Who is it for? (optional)').fill('mastering engineer');
  await dialog.getByLabel('Password (optional)').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel(/Your new link is ready/).inputValue();
  const token = url.split('/s/')[1] ?? '';
  expect(url).toBe(`${baseURL}/s/${token}`);
  const link = dialog.getByTestId('share-link');
  await expect(link).toHaveCount(1);
  await expect(link).toContainText('mastering engineer');
  await expect(link).toContainText('Review');
  await expect(link).toContainText('Password');
  await shot(page, '0-dialog');
  await expectNoSeriousA11yViolations(page, 'share-password: Share… dialog with a password link');
  await link.getByRole('button', { name: 'Edit link' }).click();
  await expect(link.getByRole('button', { name: 'Close commenting' })).toBeVisible();
  await shot(page, '1-dialog-editor');
  await expectNoSeriousA11yViolations(page, 'share-password: the link editor');
  await page.keyboard.press('Escape');

  // --- A signed-out browser opens the link: only the password form, nothing of the track.
  const guest = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.45.0.9' } });
  const visitor = await guest.newPage();
  const opened = await visitor.goto(`/s/${token}`);
  expect(opened?.status()).toBe(200);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'This link is protected by a password' }),
  ).toBeVisible();
  await expect(visitor).toHaveTitle(/A private link on Journal/);
  expect(await visitor.content()).not.toContain(name);
  await shot(visitor, '2-password-form');
  await expectNoSeriousA11yViolations(visitor, 'share-password: the password form');

  // A wrong password is refused and said so.
  const field = visitor.getByLabel('Password', { exact: true });
  await field.fill('not-the-password');
  await visitor.getByRole('button', { name: 'Open' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('That password is not right');
  await shot(visitor, '3-wrong-password');
  await expectNoSeriousA11yViolations(visitor, 'share-password: a wrong password');

  // The right one opens the player, which plays through the link.
  await field.fill(PASSWORD);
  await field.press('Enter');
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const listen = visitor.getByRole('region', { name: 'Listen' });
  await listen.getByRole('button', { name: `Play ${name}` }).click();
  await expect.poll(() => audioTime(visitor), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await shot(visitor, '4-unlocked-playing');
  await expectNoSeriousA11yViolations(visitor, 'share-password: unlocked and playing');
  // The unlock holds in this browser: a reload opens the track at once.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await guest.close();
});
