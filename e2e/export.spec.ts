import { readFileSync } from 'node:fs';
import { journalExportSchema } from '../src/shared/schemas/journal-export';
import { unzipEntries } from '../src/test/unzip';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { describeTrack, unique, uploadTrack } from './support/playlists';

// Issue 27, decision 0415: a person asks for a copy of their data on the profile, sees it being
// prepared, is told in the inbox when it is ready, and downloads a zip that holds their track.

const shot = screenshotsOf('export');

test('"Download my data": prepared, announced in the inbox, downloaded as a zip', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const name = unique('Exported Take');
  const trackId = await uploadTrack(page, name, 2);
  await describeTrack(page, trackId, 'Keep this one', unique('Tape Echo'));

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your data' });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Download my data' }).click();
  const link = card.getByRole('link', { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText('Available until');
  await expectNoSeriousA11yViolations(page, 'export: ready');
  await shot(page, 'ready');

  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByText('Your data export is ready — Download')).toBeVisible();
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^journal-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = await unzipEntries(readFileSync((await download.path())!));
  const journal = journalExportSchema.parse(
    JSON.parse(entries.find((e) => e.name === 'journal.json')!.data.toString()),
  );
  const track = journal.tracks.find((t) => t.id === trackId)!;
  expect(track).toMatchObject({ title: name, notes: 'Keep this one' });
  expect(entries.some((e) => e.name === track.versions.at(-1)!.file)).toBe(true);
  expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['README.txt', 'tracks.csv']));

  const activity = page.getByRole('list', { name: 'Security activity, newest first' });
  await page.reload();
  await expect(activity.getByText('Downloaded a copy of your data')).toBeVisible();
});
