import { expect, screenshotsOf } from './fixtures';
import { inviteCode, joinInOwnBrowser, person, postJson, signInHome, test } from './support/collectives';
import { mediaDir, writeWav } from './support/media';
import { unique, uploadTrack } from './support/playlists';

// Issue 14, new versions of tracks: Vi uploads a second mix of a track from its menu in her journal,
// is told "Version 2 uploaded" and sees "v2" beside its name; the collective her playlist is shared
// into says so in its activity, with what changed; Wes, a member with the collective open, sees it
// arrive without a reload (decision 0230).

const shot = screenshotsOf('versions');
const vi = person('vi-versions', 'Vi', 'Versions');
const wes = person('wes-versions', 'Wes', 'Versions');

test('the owner uploads a new version from the menu, and the collective hears of it', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');
  await signInHome(page, journal, vi);
  const trackName = unique('Second Mix');
  const trackId = await uploadTrack(page, trackName, 2);
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: unique('Mix Room') });
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Demos') });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const code = await inviteCode(page, collective.id);

  // Wes, in a browser of his own, joins and keeps the collective open.
  const w = await joinInOwnBrowser(browser, baseURL, journal, wes, code);
  await w.page.goto(`/collective/${collective.id}`);
  const wesActivity = w.page.getByRole('list', { name: 'Activity' });
  await expect(wesActivity).toBeVisible();
  await expect(w.page.getByRole('list', { name: 'Playlist tracks' }).getByText(trackName)).toBeVisible();
  await w.page.evaluate(() => {
    (window as { stillSamePage?: boolean }).stillSamePage = true;
  });

  // In the journal, the track's menu offers its owner a new version.
  await page.goto('/');
  const row = page.getByTestId('track-row').filter({ hasText: trackName });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('track-version')).toHaveCount(0);
  await row.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Upload new version…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload new version' });
  await dialog
    .getByLabel('Audio file')
    .setInputFiles(writeWav(mediaDir('versions-'), 'second-mix-v2.wav', 3));
  await dialog.getByLabel('What changed (optional)').fill('Quieter snare, longer tail');
  await dialog.getByRole('button', { name: 'Upload version' }).click();

  await expect(page.getByText('Version 2 uploaded', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('track-version')).toHaveText('v2');
  await expect(row.getByTestId('track-version')).toBeVisible();
  await shot(page, '1-journal-v2');

  // Wes's open page gains the activity item and the tag on its own.
  await expect(wesActivity.getByText(new RegExp(`uploaded version 2 of “${trackName}”`))).toBeVisible({
    timeout: 10_000,
  });
  await expect(w.page.getByRole('list', { name: 'Playlist tracks' }).getByTestId('track-version')).toHaveText(
    'v2',
  );
  expect(await w.page.evaluate(() => (window as { stillSamePage?: boolean }).stillSamePage)).toBe(true);
  await w.context.close();

  // The collective's activity tells the members, with the note, linking to the track.
  await page.goto(`/collective/${collective.id}`);
  // The shared playlist marks the track's version too.
  await expect(page.getByRole('list', { name: 'Playlist tracks' }).getByTestId('track-version')).toHaveText(
    'v2',
  );
  const activity = page.getByRole('list', { name: 'Activity' });
  const item = activity.getByRole('link', { name: new RegExp(`uploaded version 2 of “${trackName}”`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Quieter snare, longer tail');
  await expect(item).toHaveAttribute(
    'href',
    `/collective/${collective.id}/playlist/${playlist.id}?track=${trackId}`,
  );
  await item.scrollIntoViewIfNeeded();
  await shot(page, '2-activity');
});
