import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeWav } from '../src/test/media-fixtures';
import { unzipEntries } from '../src/test/unzip';
import { test as base, expect, expectNoSeriousA11yViolations, picture, signInAsDemo } from './fixtures';
import { ROOT, type RunningJournal, startJournal } from './support/journal-server';

// Issue 23, acting on many (decisions 0275, 0276, 0298): a demo visitor with a 1,000-track journal
// filters it to one piece of gear, selects every match with Ctrl+A (most are not rendered), adds
// them to a playlist, makes them public and downloads them as a zip whose entries are the originals.

/** The view as the person sees it (the journal scrolls inside the shell, so a full-page shot misleads). */
const shot = (page: Page, name: string) => picture(page, `bulk--${name}.png`);

// A server of its own without rate limits (as the benches seed theirs): a person may upload 60
// tracks a minute, and the thousand takes come through the API. It processes no media (the takes
// stay pending, which nothing here needs): a thousand ffmpeg runs would only slow the story down.
const test = base.extend<object, { journalForBulk: RunningJournal }>({
  journalForBulk: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const logFile = path.join(ROOT, 'test-results', 'e2e-server-bulk.log');
      const journal = await startJournal({
        google: false,
        logFile,
        env: { RATE_LIMIT_PER_MINUTE: '0', MEDIA_WORKERS: '0' },
      });
      await use(journal);
      await journal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ journalForBulk }, use) => {
    await use(journalForBulk.baseURL);
  },
});
const TRACKS = 1000;
const GEAR_EVERY = 40; // 25 tracks made with the story's synth

async function csrf(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/auth/csrf-token');
  return { 'x-csrf-token': ((await res.json()) as { csrfToken: string }).csrfToken };
}

/** The bytes of take `i`: a tiny WAV, different per take (the first sample). */
function take(i: number): Buffer {
  const wav = makeWav(0.05);
  wav.writeInt16LE(i + 1, 44);
  return wav;
}

/** Uploads the takes through the API, three at a time (the server takes four of a person at once). */
async function uploadTakes(page: Page, headers: Record<string, string>, run: string): Promise<number[]> {
  const ids: number[] = new Array(TRACKS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (next < TRACKS) {
        const i = next++;
        const res = await page.request.post('/api/tracks', {
          headers,
          multipart: {
            audio: { name: `Take ${run} ${i}.wav`, mimeType: 'audio/wav', buffer: take(i) },
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        ids[i] = ((await res.json()) as { id: number }).id;
      }
    }),
  );
  return ids;
}

test('filters a 1,000-track journal to one synth, selects all matches, adds them to a playlist, makes them public and zips them', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The zip goes through a link's download (the path every browser has), not Chromium's save picker.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const run = Date.now().toString(36);
  await signInAsDemo(page);
  const headers = await csrf(page);

  const ids = await uploadTakes(page, headers, run);
  const gear = `Story Juno ${run}`;
  const tag = await page.request.post('/api/equipment', { headers, data: { name: gear } });
  const { id: gearId } = (await tag.json()) as { id: number };
  const tagged = ids.filter((_, i) => i % GEAR_EVERY === 0);
  const tagging = await page.request.post('/api/tracks/bulk', {
    headers,
    data: { ids: tagged, action: 'addEquipment', equipmentIds: [gearId] },
  });
  expect(tagging.status(), await tagging.text()).toBe(200);
  const playlistName = `Synth takes ${run}`;
  const made = await page.request.post('/api/playlists', { headers, data: { name: playlistName } });
  const { id: playlistId } = (await made.json()) as { id: number };

  // The whole journal, then the synth's takes only, through the filter bar's equipment list.
  await page.goto('/');
  const grid = page.getByRole('grid', { name: 'Your tracks' });
  await expect(grid).toBeVisible();
  const total = Number(await grid.getAttribute('aria-rowcount')) - 1;
  expect(total).toBeGreaterThanOrEqual(TRACKS);
  await page.getByRole('button', { name: /^Equipment/ }).click();
  await page.getByRole('checkbox', { name: gear }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`${tagged.length} of ${total.toLocaleString('en-US')} tracks`)).toBeVisible();
  await expect(page.getByTestId('track-row')).toHaveCount(tagged.length);
  expect(new URL(page.url()).searchParams.get('equipment')).toBe(String(gearId));

  // Ctrl+A: every match is ticked; the bar names the count.
  await page.getByRole('heading', { name: 'Your Music Journal' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  const bar = page.getByRole('region', { name: 'Selected tracks' });
  await expect(bar.getByText(`${tagged.length} selected`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all tracks' })).toBeChecked();
  await page.getByTestId('track-row').nth(6).scrollIntoViewIfNeeded();
  await shot(page, '1-all-matching-selected');
  await expectNoSeriousA11yViolations(page, 'bulk: 1-all-matching-selected');

  // Add to the playlist, then make them public: one request each, toasts with the count.
  await bar.getByRole('button', { name: 'Add to playlist' }).click();
  await page.getByRole('menuitem', { name: playlistName }).click();
  // Exact: the toast's live region may repeat it as "Notification …" for a moment.
  await expect(
    page.getByText(`${tagged.length} tracks added to the playlist`, { exact: true }),
  ).toBeVisible();
  await bar.getByRole('button', { name: 'Visibility' }).click();
  await page.getByRole('menuitem', { name: 'Make public' }).click();
  await expect(page.getByText(`${tagged.length} tracks updated`, { exact: true })).toBeVisible();

  // Download as zip: the originals, under their file names.
  const downloading = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Download as zip' }).click();
  const download = await downloading;
  const zipPath = await download.path();
  const entries = await unzipEntries(readFileSync(zipPath));
  expect(entries.map((e) => e.name).sort()).toEqual(
    tagged.map((id) => `Take ${run} ${ids.indexOf(id)}.wav`).sort(),
  );
  for (const entry of entries) {
    const i = Number(entry.name.match(/ (\d+)\.wav$/)?.[1]);
    expect(entry.data.equals(take(i)), entry.name).toBe(true);
  }

  // What the server now holds: the playlist has them, all public, the others untouched.
  const playlist = (await (await page.request.get(`/api/playlists/${playlistId}`)).json()) as {
    tracks: { id: number }[];
  };
  expect(new Set(playlist.tracks.map((t) => t.id))).toEqual(new Set(tagged));
  const publicPage = (await (
    await page.request.get(`/api/tracks?visibility=public&q=${encodeURIComponent(`Take ${run}`)}&limit=100`)
  ).json()) as { items: { id: number }[]; total: number };
  expect(publicPage.total).toBe(tagged.length);

  // Escape clears the selection; the bar goes.
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await shot(page, '2-after');
});
