import type { Page } from '@playwright/test';
import { expect, screenshotsOf } from './fixtures';
import {
  browserFor,
  inviteCode,
  joinInOwnBrowser,
  person,
  postJson,
  signInHome,
  test,
} from './support/collectives';
import { unique, uploadTrack } from './support/playlists';

// Issue 14, timed comments and the inbox: Ana comments at 0:03 on Bo's track; Bo, on the same
// playlist in his own browser, sees the marker appear and his bell count go up without a reload,
// follows the notification to 0:03 playing, replies and resolves. Cy, outside the collective, sees
// none of it, through the API or the screens.

const shot = screenshotsOf('comments');

const ana = person('ana-comments', 'Ana', 'Comments');
const bo = person('bo-comments', 'Bo', 'Comments');
const cy = person('cy-comments', 'Cy', 'Outside');

const feedback = (page: Page) => page.getByTestId('track-feedback');
/** The rail's bell (the phone top bar's copy is hidden at this width). */
const bell = (page: Page) =>
  page.getByRole('navigation', { name: 'Collectives' }).getByTestId('notifications-bell');

test('a timed comment reaches the track owner live, leads to its moment, and stays in the collective', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');

  // Bo: an 8-second track in a playlist shared into his collective, and an invite link.
  await signInHome(page, journal, bo);
  const trackName = unique('Snare Study');
  const trackId = await uploadTrack(page, trackName, 8);
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: unique('Mix Room') });
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Demos') });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const code = await inviteCode(page, collective.id);
  const playlistUrl = `/collective/${collective.id}/playlist/${playlist.id}`;
  const commentsApi = `/api/collectives/${collective.id}/tracks/${trackId}/comments`;

  // Ana joins in her own browser.
  const a = await joinInOwnBrowser(browser, baseURL, journal, ana, code);

  // Bo has the playlist open with the track's comments showing; his inbox is empty of unread.
  await page.goto(playlistUrl);
  await page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  await expect(feedback(page).getByText('No open comments on this track yet.')).toBeVisible();
  // Nothing unread yet (Ana's joining came through Bo's link: that entry is marked read first).
  await postJson(page, '/api/notifications/read', {}, 200);
  await page.reload();
  await page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  await page.evaluate(() => {
    (window as { stillSamePage?: boolean }).stillSamePage = true;
  });
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Ana comments at 0:03.
  await a.page.goto(playlistUrl);
  await a.page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  const words = `Snare too loud here ${Date.now().toString(36)}`;
  await feedback(a.page).getByRole('textbox', { name: 'Comment at' }).fill('0:03');
  await feedback(a.page).getByRole('textbox', { name: 'Timed comment' }).fill(words);
  await feedback(a.page).getByRole('button', { name: 'Post comment' }).click();
  await expect(feedback(a.page).getByTestId('comment-thread').getByText(words)).toBeVisible();
  // A range is dragged across the waveform into the box's start and end fields (not posted here).
  await feedback(a.page).getByRole('button', { name: 'Select a range' }).click();
  const layer = feedback(a.page).getByTestId('range-selector');
  const box = await layer.boundingBox();
  if (!box) throw new Error('no range layer');
  await a.page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
  await a.page.mouse.down();
  await a.page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
  await a.page.mouse.up();
  await expect(feedback(a.page).getByRole('textbox', { name: 'Comment at' })).toHaveValue(/^0:0[12]/);
  await expect(feedback(a.page).getByRole('textbox', { name: 'Comment until (optional)' })).toHaveValue(
    /^0:0[34]/,
  );

  // Bo: the marker appears at 0:03 and the bell counts one, without a reload.
  const marker = feedback(page).getByTestId('comment-marker');
  await expect(marker).toHaveCount(1, { timeout: 10_000 });
  await expect(marker).toHaveAttribute('data-at', '3');
  await expect(marker).toHaveAccessibleName(new RegExp(`at 0:03: ${words}`));
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(page).getByTestId('unread-count')).toHaveText('1');
  expect(await page.evaluate(() => (window as { stillSamePage?: boolean }).stillSamePage)).toBe(true);
  await marker.hover();
  await shot(page, '1-marker-and-bell');

  // He opens the inbox and follows the entry: the track plays from 0:03.
  await page.goto('/');
  await bell(page).click();
  const entry = page.getByTestId('notification').first();
  await expect(entry).toContainText(`Ana Comments commented on “${trackName}” at 0:03`);
  await shot(page, '2-inbox');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${playlistUrl}\\?track=${trackId}&t=3`));
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 10_000 });
  const [m, sec] = ((await player.getByTestId('player-elapsed').textContent()) ?? '').split(':').map(Number);
  const at = (m ?? 0) * 60 + (sec ?? 0);
  expect(at).toBeGreaterThanOrEqual(3);
  expect(at).toBeLessThan(8);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(feedback(page).getByTestId('comment-thread')).toHaveCount(1);

  // He replies and resolves: the thread folds away, for Ana too.
  const thread = feedback(page).getByTestId('comment-thread');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await thread.getByRole('textbox', { name: 'Reply' }).fill('Fixed in the next version');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByTestId('comment-reply')).toContainText('Fixed in the next version');
  await expect(feedback(a.page).getByTestId('comment-reply')).toContainText('Fixed in the next version', {
    timeout: 10_000,
  });
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(feedback(page).getByRole('button', { name: 'Show 1 resolved' })).toBeVisible();
  await expect(feedback(page).getByTestId('comment-marker')).toHaveCount(0);
  await expect(feedback(a.page).getByRole('button', { name: 'Show 1 resolved' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(bell(a.page)).toHaveAccessibleName('Notifications, 1 unread');
  await shot(page, '3-replied-and-resolved');

  // Cy, outside the collective: the API answers as if nothing were there, the screens show nothing.
  const c = await browserFor(browser, baseURL);
  await signInHome(c.page, journal, cy);
  expect((await c.page.request.get(commentsApi)).status()).toBe(404);
  const inbox = await (await c.page.request.get('/api/notifications')).json();
  expect(inbox).toEqual({ items: [], unread: 0 });
  await c.page.goto(`${playlistUrl}?track=${trackId}&t=3`);
  await expect(c.page.getByText('Collective not found')).toBeVisible();
  await expect(c.page.getByText(words)).toHaveCount(0);
  await expect(c.page.getByTestId('comment-marker')).toHaveCount(0);
  await expect(bell(c.page)).toHaveAccessibleName('Notifications');
  await shot(c.page, '4-outsider-sees-nothing');

  await a.context.close();
  await c.context.close();
});
