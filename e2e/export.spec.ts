import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { downloadExport, requestExport } from './support/own-data';
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

  const { link } = await requestExport(page);
  await expectNoSeriousA11yViolations(page, 'export: ready');
  await shot(page, 'ready');

  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByText('Your data export is ready — Download')).toBeVisible();
  await page.keyboard.press('Escape');

  const { fileName, entries, journal } = await downloadExport(page, link);
  expect(fileName).toMatch(/^journal-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const track = journal.tracks.find((t) => t.id === trackId)!;
  expect(track).toMatchObject({ title: name, notes: 'Keep this one' });
  expect(entries.some((e) => e.name === track.versions.at(-1)!.file)).toBe(true);
  expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['README.txt', 'tracks.csv']));

  const activity = page.getByRole('list', { name: 'Security activity, newest first' });
  await page.reload();
  await expect(activity.getByText('Downloaded a copy of your data')).toBeVisible();
});
