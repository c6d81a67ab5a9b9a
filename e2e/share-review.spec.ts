import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeWav } from './support/media';
import { api, uploadProcessed } from './support/shares';

// Issue 45, review links (decisions 0710-0719): the owner makes a review link for "mastering
// engineer"; a signed-out guest opens it, gives a name once and comments at 0:12; the owner's open
// track page shows it live under "Guests", marked as a guest's, with its marker on the waveform.

const shot = screenshotsOf('share-review');

test('a signed-out guest comments at 0:12 through a review link, and the owner sees it live under Guests', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Mix Three ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir('review-'), `${name}.wav`, 20);
  const baseURL = test.info().project.use.baseURL ?? '';

  // --- The owner uploads a track and makes a review link for the mastering engineer.
  await signInAsDemo(page);
  const { trackId } = await uploadProcessed(page, file, name);
  const link = await api(page, 'POST', '/api/shares', {
    trackId,
    kind: 'review',
    recipient: 'mastering engineer',
  });
  expect(link.status).toBe(201);
  // The owner keeps their track's page open.
  await page.goto(`/track/${trackId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Guests' })).toHaveCount(0);

  // --- A guest, signed out, opens the link, gives a name and comments at 0:12.
  const guestContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.45.0.12' },
  });
  const guest = await guestContext.newPage();
  expect((await guest.goto(`/s/${link.body.token}`))?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  const comments = guest.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet.')).toBeVisible();
  const form = comments.getByRole('form', { name: 'New comment' });
  await form.getByLabel('Your name').fill('Mia');
  await form.getByLabel('Comment at').fill('0:12');
  await form.getByLabel('Your comment').fill('The kick is too loud here');
  await form.getByRole('button', { name: 'Add a comment at 0:12' }).click();
  const thread = comments.getByRole('list', { name: 'Comment threads' }).getByRole('listitem').first();
  await expect(thread).toContainText('The kick is too loud here');
  await expect(thread.getByRole('button', { name: 'Play from 0:12' })).toBeVisible();
  // The name is remembered by the link's cookie: not asked again, even after a reload.
  await guest.reload();
  await expect(comments.getByText('Commenting as')).toBeVisible();
  await expect(comments.getByLabel('Your name')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Mia at 0:12: The kick is too loud here' })).toBeVisible();
  await shot(guest, '1-guest-commented');
  await comments.getByRole('list', { name: 'Comment threads' }).scrollIntoViewIfNeeded();
  await shot(guest, '1b-guest-thread');
  await expectNoSeriousA11yViolations(guest, 'share-review: guest page with a comment');

  // --- The owner's open page shows it live, in the link's group, marked as a guest's.
  const guests = page.getByRole('region', { name: 'Guests' });
  await expect(guests).toBeVisible({ timeout: 10_000 });
  const group = guests.getByRole('region', { name: 'mastering engineer' });
  await expect(group).toContainText('The kick is too loud here');
  await expect(group.getByText('guest', { exact: true })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Play from 0:12' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mia at 0:12: The kick is too loud here' })).toBeVisible();

  // --- The owner replies; the guest reads it under the owner's name.
  await group.getByRole('button', { name: 'Reply' }).click();
  await group.getByLabel('Your reply to the guest').fill('Lowered it in the next mix');
  await group.getByRole('button', { name: 'Reply' }).click();
  await expect(group.getByRole('list', { name: 'Replies' })).toContainText('Lowered it in the next mix');
  await expect(group.getByLabel('Your reply to the guest')).toHaveCount(0);
  await shot(page, '2-owner-guests');
  await expectNoSeriousA11yViolations(page, 'share-review: owner track page with Guests');
  await guest.reload();
  await expect(comments.getByRole('list', { name: 'Replies' })).toContainText('Lowered it in the next mix');
  await guestContext.close();
});
