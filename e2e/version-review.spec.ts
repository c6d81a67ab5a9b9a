import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf } from './fixtures';
import { inviteCode, joinInOwnBrowser, person, postJson, signInHome, test } from './support/collectives';
import { unique, uploadTrack } from './support/playlists';

// Issue 44, first half: Bo marks his take In review; Ana, a member, approves it for the collective;
// Bo's row shows the verdict and the open threads, he ticks one off with a note in the To do view
// and downloads the rest as REAPER markers.

const shot = screenshotsOf('version-review');
const ana = person('ana-review', 'Ana', 'Review');
const bo = person('bo-review', 'Bo', 'Review');

const feedback = (page: Page) => page.getByTestId('track-feedback');

test('a version in review, approved by a member; its to-do list resolves with a note and exports markers', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');

  await signInHome(page, journal, bo);
  const trackName = unique('Hats Study');
  const trackId = await uploadTrack(page, trackName, 8);
  const collective = await postJson<{ id: number }>(page, '/api/collectives', {
    name: unique('Review Room'),
  });
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Takes') });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const code = await inviteCode(page, collective.id);
  const playlistUrl = `/collective/${collective.id}/playlist/${playlist.id}`;
  const commentsApi = `/api/collectives/${collective.id}/tracks/${trackId}/comments`;

  // Ana joins and leaves two comments: a moment and a range.
  const a = await joinInOwnBrowser(browser, baseURL, journal, ana, code);
  await postJson(a.page, commentsApi, { content: 'Hats too loud', atSeconds: 2 });
  await postJson(a.page, commentsApi, { content: 'Intro drags', atSeconds: 3, endSeconds: 5.25 });

  // Bo says the take is in review.
  await page.goto(playlistUrl);
  await page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  await feedback(page).getByRole('combobox', { name: 'Your status of version 1' }).selectOption('in_review');
  await expect(feedback(page).getByText(/by Bo Review/)).toBeVisible();

  // Ana reads it and approves for the collective.
  await a.page.goto(playlistUrl);
  await a.page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  await expect(feedback(a.page).getByText('In review')).toBeVisible();
  await feedback(a.page).getByRole('button', { name: 'Approve' }).click();
  await expect(feedback(a.page).getByText(/: Approved$/)).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, 'version-review: 1-member-approves');
  await shot(a.page, '1-member-approves');

  // Bo's row in the playlist: the verdict and two open threads.
  await page.reload();
  const row = page.getByRole('listitem').filter({ hasText: trackName });
  await expect(row.getByTestId('review-row')).toHaveText('Approved2 open');

  // His To do view: tick "Hats too loud" off with a note.
  await page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  await feedback(page).getByRole('button', { name: 'To do' }).click();
  await expect(feedback(page).getByTestId('todo-item')).toHaveCount(2);
  await feedback(page).getByRole('checkbox', { name: 'Resolve Ana Review at 0:02' }).check();
  await feedback(page)
    .getByLabel('Note for Ana Review at 0:02 (optional)')
    .fill('fixed in v2: lowered the hats');
  await expectNoSeriousA11yViolations(page, 'version-review: 2-todo-resolving');
  await shot(page, '2-todo-resolving');
  await feedback(page).getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(feedback(page).getByTestId('todo-item')).toHaveCount(1);
  await expect(row.getByTestId('review-row')).toHaveText('Approved1 open');

  // The thread shows who resolved it and the note.
  await feedback(page).getByRole('button', { name: 'Comments', exact: true }).click();
  await feedback(page).getByRole('button', { name: 'Show 1 resolved' }).click();
  await expect(feedback(page).getByTestId('comment-resolution')).toHaveText(
    'Resolved by Bo Review: fixed in v2: lowered the hats',
  );

  // The rest as REAPER markers: the open range only, as a region, times in seconds.
  await feedback(page).getByRole('button', { name: 'To do' }).click();
  await feedback(page).getByRole('button', { name: 'Export markers' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'REAPER markers (.csv)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/ v1 comments\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toBe('#,Name,Start,End,Length\r\nR1,Ana Review: Intro drags,3.000,5.250,2.250\r\n');

  await a.context.close();
});
