import { expect, expectNoSeriousA11yViolations, screenshotsOf } from './fixtures';
import { inviteCode, joinInOwnBrowser, person, postJson, signInHome, test } from './support/collectives';
import { unique, uploadTrack } from './support/playlists';

// Issue 26, listening data (decision 0395): Ana, a member of Bo's collective, plays his track from
// the shared playlist long enough to count (half of a 2-second track); she finds it in Recently
// played, and Bo sees on the track's page that it was played once, by one person of that collective.

const shot = screenshotsOf('plays');

const ana = person('ana-plays', 'Ana', 'Listener');
const bo = person('bo-plays', 'Bo', 'Owner');

test('a play in a collective shows in the listener’s Recently played and the owner’s counts', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');

  // Bo: a short track in a playlist shared into his collective.
  await signInHome(page, journal, bo);
  const trackName = unique('Bass Sketch');
  const trackId = await uploadTrack(page, trackName, 2);
  const bandName = unique('Band');
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: bandName });
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Demos') });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const code = await inviteCode(page, collective.id);

  // Before anyone listens, Bo's page says so.
  await page.goto(`/track/${trackId}`);
  await expect(page.getByTestId('track-play-counts')).toContainText('Nobody else has played this yet');

  // Ana joins and plays the track to the end from the collective's playlist.
  const a = await joinInOwnBrowser(browser, baseURL, journal, ana, code);
  await a.page.goto(`/collective/${collective.id}/playlist/${playlist.id}`);
  const counted = a.page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === `/api/tracks/${trackId}/plays` && res.request().method() === 'POST',
  );
  // Repeat (all) is the player's default: a one-track queue would loop, and each loop of a 2-second
  // track is a listen of its own. Repeat off (all → one → off), so she hears it once.
  const player = a.page.getByRole('region', { name: 'Player' });
  await player.getByRole('button', { name: 'Repeat: all' }).click();
  await player.getByRole('button', { name: 'Repeat: this track' }).click();
  await expect(player.getByRole('button', { name: 'Repeat: off' })).toBeVisible();
  await a.page.getByRole('listitem').filter({ hasText: trackName }).hover();
  await a.page.getByRole('button', { name: `Play ${trackName}` }).click();
  expect((await counted).status()).toBe(204);

  // Her Recently played, from the journal's sidebar (the rail's journal button leads there).
  await a.page.getByRole('button', { name: 'Your Journal' }).click();
  await a.page
    .getByRole('navigation', { name: 'Journal' })
    .getByRole('button', { name: 'Recently played' })
    .click();
  await expect(a.page).toHaveURL(/\/recent$/);
  await expect(a.page.getByRole('heading', { level: 1, name: 'Recently played' })).toBeVisible();
  const row = a.page.getByTestId('recent-track').filter({ hasText: trackName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Bo Owner');
  await expect(row).toContainText('less than a minute ago');
  await expectNoSeriousA11yViolations(a.page, 'Recently played');
  await shot(a.page, 'recently-played');

  // Bo's track page: one play, one person, one of his collective's members.
  await page.reload();
  const counts = page.getByTestId('track-play-counts');
  await expect(counts).toContainText('Played once · 1 person');
  await expect(counts.getByRole('list', { name: 'Listeners by collective' })).toHaveText(
    `${bandName}: 1 person`,
  );
  await expectNoSeriousA11yViolations(page, 'Track page with play counts');
  await shot(page, 'owner-counts');

  // Ana may not read Bo's counts.
  const refused = await a.page.request.get(`/api/tracks/${trackId}/plays`);
  expect(refused.status()).toBe(404);
  await a.context.close();
});
