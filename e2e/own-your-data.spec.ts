import type { Page } from '@playwright/test';
import type { Track } from '../src/shared/schemas/tracks';
import {
  expect,
  expectNoSeriousA11yViolations,
  googleUser,
  picture,
  screenshotsOf,
  signInWithGoogle,
  test,
} from './fixtures';
import {
  confirmDeleteAccount,
  downloadExport,
  openDeleteAccount,
  profileCard,
  requestExport,
} from './support/own-data';
import { csrfHeader, describeTrack, unique, uploadTrack } from './support/playlists';

// Issue 27's proof, decision 0426: export, download, delete the account, sign in again as a new
// person, and bring the journal back from the downloaded zip through "Import a Journal export".

const shot = screenshotsOf('own-your-data');
const PHONE_WIDTH = { width: 375, height: 812 };

/** The profile's import card at desktop and phone width, each picture of it alone. */
async function shootCard(page: Page, state: string) {
  const card = await profileCard(page, 'Import a Journal export');
  await picture(card, `own-your-data--card-${state}.png`);
  const size = page.viewportSize()!;
  await page.setViewportSize(PHONE_WIDTH);
  await card.scrollIntoViewIfNeeded();
  await picture(card, `own-your-data--card-${state}-375.png`);
  await page.setViewportSize(size);
}

const me = async (page: Page) =>
  (await (await page.request.get('/api/auth/user')).json()) as { id: string; username: string | null };
const myTracks = async (page: Page) => (await (await page.request.get('/api/tracks')).json()) as Track[];

test('exports, downloads, deletes the account, signs up afresh and imports the zip back', async ({
  page,
}) => {
  test.setTimeout(360_000);
  // A subject of this run's own: an earlier run against the same server left its afresh account.
  const person = googleUser({ sub: `${googleUser().sub}-own-data-${Date.now().toString(36)}` });
  await signInWithGoogle(page, person);
  // A username of their own: the deletion is confirmed by typing it.
  const username = `own.${Date.now().toString(36)}`;
  const named = await page.request.patch('/api/user/profile', {
    headers: await csrfHeader(page),
    data: { username },
  });
  expect(named.status(), await named.text()).toBe(200);
  const before = await me(page);

  const title = unique('Own Data Take');
  const kit = unique('Tape Echo');
  const trackId = await uploadTrack(page, title, 2);
  await describeTrack(page, trackId, 'Keep this one', kit);

  // Export and download: a zip holding journal.json with that track, its note and its tag.
  const { link } = await requestExport(page);
  const zip = await downloadExport(page, link);
  expect(zip.fileName).toMatch(/^journal-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const exported = zip.journal.tracks.find((t) => t.id === trackId);
  expect(exported).toMatchObject({ title, notes: 'Keep this one' });
  expect(exported!.equipment.map((e) => e.name)).toEqual([kit]);
  expect(zip.entries.some((e) => e.name === exported!.versions.at(-1)!.file)).toBe(true);

  // Leave: typing the username deletes everything and signs out.
  const dialog = await openDeleteAccount(page);
  await expect(dialog.getByText(username)).toBeVisible();
  await confirmDeleteAccount(page, dialog, username);
  await shot(page, 'left');

  // The same Google account is a new person with an empty journal.
  await signInWithGoogle(page, person);
  const after = await me(page);
  expect(after.id).not.toBe(before.id);
  expect(after.username).toBeNull();
  expect(await myTracks(page)).toEqual([]);
  await expect(page.getByText(title)).toHaveCount(0);
  await shot(page, 'empty-journal');

  // Bring it back: the downloaded zip through the profile's new card.
  await page.goto('/profile');
  const card = await profileCard(page, 'Import a Journal export');
  await expect(card.getByText('No import yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'own-your-data: import card, idle');
  await shootCard(page, 'idle');
  await card.getByLabel('Journal export zip').setInputFiles(zip.path);
  await expect(card.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  const summary = card.getByText(/^Imported 1 track/);
  await expect(summary).toBeVisible({ timeout: 120_000 });
  await expect(summary).toHaveText('Imported 1 track');
  await expect(card.getByText(zip.fileName)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Choose a zip' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'own-your-data: import card, done');
  await shootCard(page, 'done');

  // The track is back with its note and its tag, on the journal itself.
  const [back] = await myTracks(page);
  expect(back).toMatchObject({ name: title, notes: 'Keep this one' });
  expect(back!.equipment.map((e) => e.name)).toEqual([kit]);
  await page.goto('/');
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText(kit).first()).toBeVisible();
  await shot(page, 'journal-back');

  // The same zip again duplicates nothing.
  await page.goto('/profile');
  const again = await profileCard(page, 'Import a Journal export');
  await again.getByLabel('Journal export zip').setInputFiles(zip.path);
  await expect(again.getByText('Imported 0 tracks · 1 track was already here')).toBeVisible({
    timeout: 120_000,
  });
  await expect(again.getByRole('heading', { name: 'Earlier imports' })).toBeVisible();
  expect(await myTracks(page)).toHaveLength(1);
  await shootCard(page, 'again');
});
