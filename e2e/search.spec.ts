import type { Page } from '@playwright/test';
import { expect, screenshotsOf, signInAsDemo, test } from './fixtures';

// Issue 13, search: ⌘K / Ctrl+K opens one search over the journal; results are grouped, the arrows
// move through them and Enter plays a track straight from its result or opens anything else's page.
// The demo account's sample tracks, gear and playlist are what is found.

const shot = screenshotsOf('search');

const audioPaused = (page: Page) =>
  page.getByTestId('audio-player').evaluate((el) => (el as HTMLAudioElement).paused);

/** The demo's sample tracks are processed in the background: wait until they play. */
async function samplesReady(page: Page) {
  await expect(page.getByTestId('track-row').filter({ hasText: 'Lantern Walk' })).toBeVisible();
  await expect(page.getByText('Processing…')).toHaveCount(0, { timeout: 60_000 });
}

test('⌘K, a misspelt name and Enter play the track; the arrows reach gear, Enter opens its page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page);
  await samplesReady(page);
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  const field = page.getByRole('combobox', { name: 'Search' });
  await expect(field).toBeFocused();
  await field.fill('lantern wlak');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('group', { name: 'Tracks' })).toContainText('Lantern Walk');
  await expect(results.getByRole('option', { name: /Lantern Walk/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await shot(page, 'typo-found');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Player' })).toContainText('Lantern Walk');
  await expect.poll(() => audioPaused(page), { timeout: 15_000 }).toBe(false);

  // Ctrl+K again: a word of the notes finds the track, its gear finds the equipment page.
  await page.keyboard.press('ControlOrMeta+k');
  await field.fill('celesta');
  await expect(results.getByRole('group', { name: 'Equipment' })).toContainText('Celesta Patch');
  await expect(results.getByRole('group', { name: 'Tracks' })).toContainText('Slow Tide');
  await expect(results.getByRole('group', { name: 'Tracks' })).toContainText('Morning Light');
  await shot(page, 'groups');
  // Down through the tracks to the first equipment result.
  const trackCount = await results.getByRole('group', { name: 'Tracks' }).getByRole('option').count();
  for (let i = 0; i < trackCount; i++) await page.keyboard.press('ArrowDown');
  const gear = results.getByRole('group', { name: 'Equipment' });
  await expect(gear.getByRole('option', { name: /Celesta Patch/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/equipment\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Celesta Patch' })).toBeVisible();

  // Escape closes without choosing.
  await page.getByRole('button', { name: 'Search' }).click();
  await field.fill('sunday');
  await expect(results.getByRole('group', { name: 'Playlists' })).toContainText('Sunday Sketches');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/equipment\/\d+$/);
});

test('on a phone the top bar’s search opens the same dialog, and a playlist result opens it', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Search' }).click();
  const field = page.getByRole('combobox', { name: 'Search' });
  await field.fill('sketch');
  const option = page.getByRole('option', { name: /Sunday Sketches/ });
  await expect(option).toBeVisible();
  const box = await page.getByRole('dialog').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await shot(page, 'phone');
  await option.click();
  await expect(page).toHaveURL(/\/playlist\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Sunday Sketches' })).toBeVisible();
});
