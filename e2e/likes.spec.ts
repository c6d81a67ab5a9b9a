import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { expectNoSidewaysOverflow, PHONE_CONTEXT, phoneShots, signInAsDemoOnPhone } from './support/phone';
import { unique, uploadTrack } from './support/playlists';
import { audioTime } from './support/profiles';
import { expectTapTargets } from './support/tap-targets';

// Issue 26, likes (decision 0390): a person likes a track in their journal with its heart, opens
// Liked from the navigation, finds it there, plays it, and takes the like back: the track leaves
// Liked, and its heart in the journal is empty again.

const shot = screenshotsOf('likes');

const journalRow = (page: Page, name: string) => page.getByTestId('track-row').filter({ hasText: name });

/** Waits until the server says `trackId` plays. */
async function waitPlayable(page: Page, trackId: number) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/tracks/${trackId}`);
        return ((await res.json()) as { track?: { playable?: boolean } }).track?.playable;
      },
      { timeout: 40_000 },
    )
    .toBe(true);
}

test('likes a track in the journal, finds it in Liked from the navigation, plays it, and unlikes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const name = unique('Heartfelt Take');
  const other = unique('Not This One');
  const trackId = await uploadTrack(page, name, 3);
  await uploadTrack(page, other, 1.5);
  await waitPlayable(page, trackId);
  await page.reload();

  // The heart in the row: pressed at once, and still pressed after a reload (the server kept it).
  const heart = journalRow(page, name).getByRole('button', { name: 'Like' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // The heart turns at once (optimistic); the reload below must come after the server answered,
  // or it aborts the like on its way (CI, stop 74: the reload cancelled the CSRF token's fetch).
  const likeSaved = page.waitForResponse(
    (res) =>
      res.request().method() === 'PUT' && new URL(res.url()).pathname === `/api/tracks/${trackId}/like`,
  );
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect((await likeSaved).ok()).toBe(true);
  await expect(journalRow(page, other).getByRole('button', { name: 'Like' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.reload();
  await expect(journalRow(page, name).getByRole('button', { name: 'Like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page, 'likes: journal with a liked track');

  // Liked, from the sidebar's navigation.
  await page.getByRole('navigation', { name: 'Journal' }).getByRole('button', { name: 'Liked' }).click();
  await expect(page).toHaveURL(/\/liked$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Liked' })).toBeVisible();
  const liked = page.getByRole('list', { name: 'Liked tracks' });
  await expect(liked.getByRole('listitem')).toHaveCount(1);
  await expect(liked.getByRole('link', { name })).toBeVisible();
  await expect(liked.getByText(other)).toHaveCount(0);

  // It plays from here, with the existing player.
  await liked.getByRole('button', { name: `Play ${name}` }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByText(name)).toBeVisible();
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expectNoSeriousA11yViolations(page, 'likes: liked page playing');
  await shot(page, 'liked-playing');

  // Unliked here: it leaves Liked, and the journal's heart is empty again.
  await liked.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText('No liked tracks yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'likes: empty liked page');
  await shot(page, 'liked-empty');
  await page.getByRole('navigation', { name: 'Journal' }).getByRole('button', { name: 'Journal' }).click();
  await expect(journalRow(page, name).getByRole('button', { name: 'Like' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test.describe('on a phone', () => {
  test.use(PHONE_CONTEXT);

  test('the heart of a journal row and the Liked page take taps over 44 × 44 px', async ({ page }) => {
    test.setTimeout(90_000);
    const phoneShot = phoneShots('likes-phone');
    await signInAsDemoOnPhone(page);
    const row = page.getByTestId('track-row').first();
    const title = (await row.getByRole('link').first().textContent()) ?? '';
    const heart = row.getByRole('button', { name: 'Like' });
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expectTapTargets(page, 'the journal with a liked track');
    await phoneShot(page, '1-journal');

    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page
      .getByRole('dialog', { name: 'Your Music Journal' })
      .getByRole('button', { name: 'Liked' })
      .tap();
    await expect(page).toHaveURL(/\/liked$/);
    const liked = page.getByRole('list', { name: 'Liked tracks' });
    await expect(liked.getByRole('link', { name: title })).toBeVisible();
    await expectTapTargets(page, 'Liked');
    await expectNoSidewaysOverflow(page, 'Liked');
    await expectNoSeriousA11yViolations(page, 'likes: liked page on a phone');
    await phoneShot(page, '2-liked');
  });
});
