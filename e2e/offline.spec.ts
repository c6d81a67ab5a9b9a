import type { BrowserContext, Page, Route } from '@playwright/test';
import { makeWav } from '../src/test/media-fixtures';
import { expect, screenshotsOf, signInAsDemo, test } from './fixtures';
import { postJson } from './support/collectives';
import { unique, uploadTrack } from './support/playlists';
import { audioTime } from './support/profiles';

// Issue 25, offline listening (decision 0360): on a phone, "Available offline" on a playlist stores
// its track; with no network the app still opens (the service worker's shell), shows "Offline",
// lists the journal as last seen, plays and seeks the downloaded track from Cache Storage and marks
// the other "Not available offline"; back online, a new version of the track replaces its download,
// and a track deleted meanwhile leaves Downloaded.

// Chromium's offline emulation does not reach a service worker's own fetches (microsoft/playwright
// #2311): with its network events on, the worker's requests are aborted here as a lost network.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
test.use({ hasTouch: true, serviceWorkers: 'allow' });

const shot = screenshotsOf('offline');

const workerOffline = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();

async function setOffline(context: BrowserContext, offline: boolean) {
  if (offline) await context.route('**', workerOffline);
  else await context.unroute('**', workerOffline);
  await context.setOffline(offline);
}

/** The page's own API call, with the session's cookie and CSRF token. */
function api(page: Page, method: string, url: string) {
  return page.evaluate(
    async ({ method, url }) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf-token')).json();
      const res = await fetch(url, { method, headers: { 'x-csrf-token': csrfToken } });
      return res.status;
    },
    { method, url },
  );
}

/** Its owner uploads `file` as the track's next version, then waits until it is processed. */
async function uploadVersion(page: Page, trackId: number, file: Buffer, version: number) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string;
  };
  const res = await page.request.post(`/api/tracks/${trackId}/versions`, {
    headers: { 'x-csrf-token': csrfToken },
    multipart: { file: { name: `v${version}.wav`, mimeType: 'audio/wav', buffer: file } },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const { track } = (await (await page.request.get(`/api/tracks/${trackId}`)).json()) as {
          track: { version: number; processing: { state: string } };
        };
        return `${track.version} ${track.processing.state}`;
      },
      // As waitPlayable: on a busy machine the media job waits behind the other stories' jobs.
      { timeout: 40_000 },
    )
    .toBe(`${version} ready`);
}

/** Waits until the server made a playable rendition of `trackId`. */
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

test('a playlist made available offline plays and seeks with no network; a new version replaces its download, a deleted track leaves it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  await page.setViewportSize({ width: 390, height: 844 });

  // Two short tracks, one of them in a playlist.
  const kept = unique('Pocket Demo');
  const other = unique('Left Behind');
  const keptId = await uploadTrack(page, kept, 8);
  const otherId = await uploadTrack(page, other, 8);
  await waitPlayable(page, keptId);
  await waitPlayable(page, otherId);
  const playlistName = unique('Commute');
  const { id: playlistId } = await postJson<{ id: number }>(page, '/api/playlists', { name: playlistName });
  await postJson(page, `/api/playlists/${playlistId}/tracks`, { trackId: keptId });

  // The journal once, so it is kept "as last seen"; the worker controls the page from here on.
  await page.goto('/');
  await expect(page.getByTestId('track-row').filter({ hasText: other })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);

  // "Available offline" on the playlist, until it says "Downloaded".
  await page.goto(`/playlist/${playlistId}`);
  await expect(page.getByRole('heading', { name: playlistName })).toBeVisible();
  // The stream held back a moment on its way, to see the progress.
  const slowStream = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  };
  await context.route(/\/api\/tracks\/\d+\/stream$/, slowStream);
  await page.getByRole('button', { name: 'Available offline' }).click();
  await expect(page.getByRole('button', { name: /^Downloading/ })).toBeVisible();
  await shot(page, '1-playlist-downloading');
  await expect(page.getByRole('button', { name: 'Downloaded' })).toBeVisible({ timeout: 20_000 });
  await context.unroute(/\/api\/tracks\/\d+\/stream$/, slowStream);
  await shot(page, '2-playlist-downloaded');

  // The Downloaded page, from the drawer: the track, its size, the storage estimate.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Downloaded' }).click();
  await expect(page.getByRole('heading', { name: 'Downloaded', level: 1 })).toBeVisible();
  await expect(page.getByTestId('downloaded-track').filter({ hasText: kept })).toBeVisible();
  await expect(page.getByTestId('downloaded-playlist').filter({ hasText: playlistName })).toBeVisible();
  await expect(page.getByText(/This device: .* used of/)).toBeVisible();
  await shot(page, '3-downloaded');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, '3-downloaded-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // Back to the journal (its tracks processed), give the persister its moment, go offline.
  await page.goto('/');
  await expect(page.getByTestId('track-row').filter({ hasText: kept })).toBeVisible();
  await expect(page.getByText('Processing…')).toHaveCount(0, { timeout: 40_000 });
  await page.waitForTimeout(2500);
  await setOffline(context, true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible({ timeout: 15_000 });
  const keptRow = page.getByTestId('track-row').filter({ hasText: kept });
  const otherRow = page.getByTestId('track-row').filter({ hasText: other });
  await expect(keptRow).toBeVisible();
  await expect(otherRow.getByText('Not available offline')).toBeVisible();
  await expect(keptRow.getByText('Not available offline')).toHaveCount(0);
  await shot(page, '4-offline-journal');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, '4-offline-journal-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // Truly offline, the worker too: what was not downloaded cannot be fetched through it.
  const reached = await page.evaluate(
    (url) =>
      fetch(url).then(
        () => true,
        () => false,
      ),
    `/api/tracks/${otherId}/stream`,
  );
  expect(reached).toBe(false);

  // The downloaded track plays, from the worker's cache, and seeks.
  const fromCache = page.waitForResponse((res) => res.url().endsWith(`/api/tracks/${keptId}/stream`));
  await keptRow.getByRole('button', { name: `Play ${kept}` }).click();
  expect((await fromCache).fromServiceWorker()).toBe(true);
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await page.getByTestId('audio-player').evaluate((el) => {
    (el as HTMLAudioElement).currentTime = 5;
  });
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(5.3);
  await shot(page, '5-offline-playing');

  // Back online, its owner uploads a longer version: the next start downloads it in place.
  await setOffline(context, false);
  const v2 = makeWav(12);
  await uploadVersion(page, keptId, v2, 2);
  await page.goto('/downloads');
  const keptDownload = page.getByTestId('downloaded-track').filter({ hasText: kept });
  await expect(keptDownload.getByTestId('track-version')).toHaveText('v2', { timeout: 20_000 });
  const cachedLength = await page.evaluate(
    async (url) =>
      (await (await caches.open('journal-offline-media-v1')).match(url))?.headers.get('content-length'),
    `/api/tracks/${keptId}/stream`,
  );
  expect(Number(cachedLength)).toBe(v2.length);
  await shot(page, '6-refreshed');

  // Then the downloaded track is deleted elsewhere; the next start syncs it away.
  expect(await api(page, 'DELETE', `/api/tracks/${keptId}`)).toBe(200);
  await page.goto('/downloads');
  await expect(page.getByRole('heading', { name: 'Downloaded', level: 1 })).toBeVisible();
  await expect(page.getByTestId('downloaded-track').filter({ hasText: kept })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('downloaded-playlist').filter({ hasText: playlistName })).toContainText(
    '0 of 0',
  );
  await shot(page, '7-synced');
});
