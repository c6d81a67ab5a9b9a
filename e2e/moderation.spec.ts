import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { unique, uploadTrack } from './support/playlists';
import { tagTrack } from './support/profiles';

// Issue 28, decision 0450: one musician blocks another from their public profile and unblocks them
// from their own; then changes a piece of kit and reads its edit history.

const shot = screenshotsOf('moderation');

async function claimUsernameAndGoPublic(page: Page, username: string) {
  const csrf = (await (await page.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': csrf.csrfToken };
  expect((await page.request.patch('/api/user/profile', { headers, data: { username } })).ok()).toBe(true);
  expect((await page.request.patch('/api/user/privacy', { headers, data: { isPublic: true } })).ok()).toBe(
    true,
  );
}

test('blocks someone from their profile, unblocks them from one’s own; reads a kit’s edit history', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await otherContext.newPage();
  await signInAsDemo(other);
  const name = `loud.${Date.now().toString(36)}`;
  await claimUsernameAndGoPublic(other, name);

  // --- Block, after a dialog that says what it does.
  await page.goto(`/profile/${name}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block ${name}?` });
  await expect(dialog.getByText(/no longer be able to mention you/)).toBeVisible();
  await shot(page, '1-block-dialog');
  await expectNoSeriousA11yViolations(page, 'moderation: 1-block-dialog');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();

  // --- Blocked people, in one's own profile.
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Blocked people' });
  await expect(card.getByText(name)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, '2-blocked-people');
  await card.getByRole('button', { name: `Unblock ${name}` }).click();
  await expect(card.getByText('You have not blocked anyone.')).toBeVisible();
  await otherContext.close();

  // --- The kit's edit history.
  const trackId = await uploadTrack(page, unique('Tape loop'), 2);
  const kit = unique('Four-track');
  const kitId = await tagTrack(page, trackId, kit);
  await page.goto(`/equipment/${kitId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit equipment' });
  await form.getByLabel('Description').fill('Cassette, four tracks, pitch control.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cassette, four tracks, pitch control.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit history' }).click();
  const history = page.getByRole('region', { name: 'Edit history' });
  await expect(
    history.getByText('Description: empty → “Cassette, four tracks, pitch control.”'),
  ).toBeVisible();
  // Not an admin: nothing to revert.
  await expect(history.getByRole('button', { name: 'Revert' })).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await shot(page, '3-edit-history');
  await expectNoSeriousA11yViolations(page, 'moderation: 3-edit-history');
});
