import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf } from './fixtures';
import { inviteCode, joinInOwnBrowser, person, postJson, signInHome, test } from './support/collectives';
import { unique } from './support/playlists';

// Issue 12, live events and real presence (decisions 0100, 0101): Mona and Ben have the same
// collective open in two browsers. Each sees the other online; Ben sees Mona's comment appear
// without reloading; when Ben closes his tab, Mona sees him go offline.

const shot = screenshotsOf('live');

const mona = person('mona-live', 'Mona', 'Live');
const ben = person('ben-live', 'Ben', 'Live');

const membersPanel = (page: Page) => page.getByRole('complementary', { name: 'Members' });
const online = (page: Page) => membersPanel(page).getByRole('list', { name: 'Online members' });
const offline = (page: Page) => membersPanel(page).getByRole('list', { name: 'Offline members' });

test('sees another member online and their comment appear live, without a reload', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('no baseURL');

  // Mona makes a collective with a shared playlist and an invite link (through the API: the
  // collectives story walks those screens).
  await signInHome(page, journal, mona);
  const collectiveName = unique('Live Room');
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: collectiveName });
  const playlistName = unique('Open Mic');
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: playlistName });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const code = await inviteCode(page, collective.id);

  // Ben, in a browser of his own, joins and opens the collective.
  const b = await joinInOwnBrowser(browser, baseURL, journal, ben, code);
  await b.page.goto(`/collective/${collective.id}`);
  await expect(b.page.getByRole('heading', { name: playlistName })).toBeVisible();

  // Mona opens it too: both are online, to each other, with nobody reloading.
  await page.goto(`/collective/${collective.id}`);
  await expect(page.getByRole('heading', { name: playlistName })).toBeVisible();
  await b.page.evaluate(() => {
    (window as { stillSamePage?: boolean }).stillSamePage = true;
  });
  await expect(online(page).getByText(ben.name)).toBeVisible();
  await expect(online(b.page).getByText(mona.name)).toBeVisible();
  await expect(membersPanel(b.page).getByText('Online', { exact: true }).locator('..')).toHaveText('Online2');

  // Mona comments; Ben's page shows it on its own.
  await expect(b.page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const comment = `Live from the booth ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await page.getByRole('textbox', { name: 'Add a comment' }).press('Enter');
  await expect(page.getByText('Comment added', { exact: true })).toBeVisible();
  const bComments = b.page.getByRole('list', { name: 'Comments' });
  await expect(bComments.getByText(comment)).toBeVisible({ timeout: 10_000 });
  await expect(bComments.getByText('Mona Live')).toBeVisible();
  expect(await b.page.evaluate(() => (window as { stillSamePage?: boolean }).stillSamePage)).toBe(true);
  await shot(b.page, '1-comment-arrived');
  await expectNoSeriousA11yViolations(b.page, 'live: 1-comment-arrived');

  // Ben closes his browser: Mona sees him go offline.
  await b.context.close();
  await expect(offline(page).getByText(ben.name)).toBeVisible({ timeout: 10_000 });
  await expect(online(page).getByText(mona.name)).toBeVisible();
  await shot(page, '2-member-went-offline');
  await expectNoSeriousA11yViolations(page, 'live: 2-member-went-offline');
});
