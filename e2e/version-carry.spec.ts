import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { CompareSnapshot } from '../src/client/features/compare/compare-clock';
import type { TrackCommentThread } from '../src/shared/schemas/track-comments';
import { expect, expectNoSeriousA11yViolations, screenshotsOf } from './fixtures';
import { inviteCode, joinInOwnBrowser, person, postJson, signInHome, test } from './support/collectives';
import { mediaDir, writeTake } from './support/media';
import { csrfHeader, unique } from './support/playlists';

// Issue 44, the loop closed: Ana, a member, comments on v1 of Bo's take at 0:05; Bo uploads v2,
// whose music starts 0.7 s sooner. Once v2 is processed, Ana's comment is on v2 at 0:04.3 ("from
// v1"), her inbox says "v2 … answers your comment" and opens the A/B comparison of v2 and v1 at that
// moment; she approves v2 for the collective, and Bo exports the open comments as REAPER markers.

const shot = screenshotsOf('version-carry');
const ana = person('ana-carry', 'Ana', 'Carry');
const bo = person('bo-carry', 'Bo', 'Carry');
const MOMENT = 5;
const SHIFT = 0.7;

const feedback = (page: Page) => page.getByTestId('track-feedback');
const bell = (page: Page) =>
  page.getByRole('navigation', { name: 'Collectives' }).getByTestId('notifications-bell');
const snapshot = (page: Page) =>
  page.evaluate(() =>
    (window as { __journalCompare?: { snapshot: () => CompareSnapshot } }).__journalCompare?.snapshot(),
  );

test('a member’s comment on v1 follows the take to v2, her inbox opens the comparison there, she approves, the owner exports markers', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const dir = mediaDir('version-carry-');

  await signInHome(page, journal, bo);
  const trackName = unique('Night Bus');
  const created = await page.request.post('/api/tracks', {
    headers: await csrfHeader(page),
    multipart: {
      name: trackName,
      audio: {
        name: 'v1.wav',
        mimeType: 'audio/wav',
        buffer: readFileSync(writeTake(dir, 'v1.wav', { lead: 1.0, seconds: 12 })),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const trackId = ((await created.json()) as { id: number }).id;
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: unique('Carry Room') });
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Takes') });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const code = await inviteCode(page, collective.id);
  const playlistUrl = `/collective/${collective.id}/playlist/${playlist.id}`;
  const commentsApi = `/api/collectives/${collective.id}/tracks/${trackId}/comments`;

  // Ana, in her own browser, comments on v1 at 0:05.
  const a = await joinInOwnBrowser(browser, baseURL, journal, ana, code);
  const original = await postJson<{ id: number }>(a.page, commentsApi, {
    content: 'The bass drops out here',
    atSeconds: MOMENT,
  });
  await a.page.goto(playlistUrl);
  await expect(bell(a.page)).toHaveAccessibleName('Notifications');

  // Bo uploads v2: the same music 0.7 s sooner.
  const second = await page.request.post(`/api/tracks/${trackId}/versions`, {
    headers: await csrfHeader(page),
    multipart: {
      file: {
        name: 'v2.flac',
        mimeType: 'audio/flac',
        buffer: readFileSync(writeTake(dir, 'v2.flac', { lead: 0.3, seconds: 12 })),
      },
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  // Once v2 is processed, the comment is on v2 at its moment − 0.7 s, carried from v1.
  let carried: TrackCommentThread | undefined;
  await expect
    .poll(
      async () => {
        const res = await a.page.request.get(`${commentsApi}?version=2`);
        const list = res.ok() ? ((await res.json()) as TrackCommentThread[]) : [];
        carried = list.find((c) => c.carriedFromCommentId === original.id);
        return carried?.carriedFrom ?? null;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(1);
  console.log(`carried to ${carried?.atSeconds}`);
  expect(Math.abs((carried?.atSeconds ?? 0) - (MOMENT - SHIFT))).toBeLessThan(0.05);

  // Ana hears of it live, and her inbox entry opens the comparison at her comment's moment.
  await expect(bell(a.page)).toHaveAccessibleName(/Notifications, \d+ unread/, { timeout: 15_000 });
  await bell(a.page).click();
  const entry = a.page.getByTestId('notification').filter({ hasText: 'answers your comment' });
  await expect(entry).toContainText(`v2 of “${trackName}” answers your comment`);
  await expectNoSeriousA11yViolations(a.page, 'version-carry: 1-inbox');
  await shot(a.page, '1-inbox');
  await entry.click();
  await expect(a.page).toHaveURL(new RegExp(`${playlistUrl}\\?track=${trackId}&compare=2,1&t=4\\.[23]`));
  const panel = a.page.getByRole('region', { name: 'Compare' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Version in slot A' })).toHaveValue('2');
  await expect(panel.getByRole('combobox', { name: 'Version in slot B' })).toHaveValue('1');
  // Both slots stand at the comment: v2 at ~4.3 s, v1 (0.7 s later in its file) at ~5.0 s.
  await expect
    .poll(async () => (await snapshot(a.page))?.slots.A.time ?? -1, { timeout: 15_000 })
    .toBeGreaterThan(4.15);
  const s = await snapshot(a.page);
  expect(s?.slots.A.time ?? 0).toBeLessThan(4.35);
  expect(Math.abs((s?.slots.B.time ?? 0) - (s?.slots.A.time ?? 0) - SHIFT)).toBeLessThan(0.05);

  // The thread shows on v2 "from v1", leading back to the original.
  const thread = feedback(a.page).getByTestId('comment-thread').filter({ hasText: 'from v1' });
  await expect(thread).toContainText('The bass drops out here');
  await expect(thread).toContainText('0:04');
  await expectNoSeriousA11yViolations(a.page, 'version-carry: 2-compare-at-comment');
  await shot(a.page, '2-compare-at-comment');
  await thread.getByRole('button', { name: 'from v1: show the original' }).click();
  await expect(feedback(a.page).locator(`[data-comment-id="${original.id}"]`)).toHaveClass(/ring-2/);

  // She approves v2 for the collective.
  await feedback(a.page).getByRole('button', { name: 'Approve' }).click();
  await expect(feedback(a.page).getByText(/: Approved$/)).toBeVisible();
  await shot(a.page, '3-approved');

  // Bo exports v2's open comments as REAPER markers: Ana's, at its moment on v2.
  await page.goto(playlistUrl);
  await page.getByRole('button', { name: `Comments on ${trackName}` }).click();
  await feedback(page).getByRole('button', { name: 'To do' }).click();
  await expect(feedback(page).getByTestId('todo-item'))
    .toHaveCount(1)
    .catch(async (err: unknown) => {
      // Seen once in CI (stop 67) and never again here: say what the list and the server said.
      const todo = feedback(page).getByTestId('version-todo');
      const api = await page.request.get(`${commentsApi}?version=2`);
      console.log(
        `to-do list: ${await todo.getAttribute('aria-label').catch(() => 'absent')} / ` +
          `${await todo.innerText().catch(() => '')}\nthe server, v2: ${api.status()} ${await api.text()}`,
      );
      throw err;
    });
  await expect(feedback(page).getByTestId('todo-item')).toContainText('from v1');
  await expectNoSeriousA11yViolations(page, 'version-carry: 4-owner-todo');
  await shot(page, '4-owner-todo');
  await feedback(page).getByRole('button', { name: 'Export markers' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'REAPER markers (.csv)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/ v2 comments\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('#,Name,Start,End,Length');
  expect(lines).toHaveLength(2);
  const [id, name, start, end] = lines[1]!.split(',');
  expect([id, name, end]).toEqual(['M1', 'Ana Carry: The bass drops out here', '']);
  expect(Math.abs(Number(start) - (carried?.atSeconds ?? 0))).toBeLessThanOrEqual(0.001);

  await a.context.close();
});
