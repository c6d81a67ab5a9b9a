import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { makeWav } from '../../src/test/media-fixtures';
import { mediaDir } from './media';

// Helpers of the playlists story (e2e/playlists.spec.ts).

/** A name no other story (nor an earlier run against the same server) has used. */
export function unique(name: string): string {
  return `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/auth/csrf-token');
  return { 'x-csrf-token': ((await res.json()) as { csrfToken: string }).csrfToken };
}

/** Gives a track notes and one piece of (new) equipment through the API. */
export async function describeTrack(page: Page, trackId: number, notes: string, kit: string): Promise<void> {
  const headers = await csrfHeader(page);
  const patched = await page.request.patch(`/api/tracks/${trackId}`, { headers, data: { notes } });
  expect(patched.ok(), await patched.text()).toBe(true);
  const created = await page.request.post('/api/equipment', { headers, data: { name: kit } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const tagged = await page.request.post(`/api/tracks/${trackId}/equipment`, {
    headers,
    data: { equipmentTagId: id },
  });
  expect(tagged.ok(), await tagged.text()).toBe(true);
}

/** Uploads a short WAV into the signed-in user's journal through the API, as the browser would. */
export async function uploadTrack(page: Page, name: string, seconds = 1.5): Promise<number> {
  const res = await page.request.post('/api/tracks', {
    headers: await csrfHeader(page),
    multipart: {
      name,
      audio: { name: `${name}.wav`, mimeType: 'audio/wav', buffer: makeWav(seconds) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** PATCH /api/tracks/{id} { visibility } as the signed-in page (decision 0140). */
export async function setTrackVisibility(page: Page, trackId: number, visibility: 'private' | 'public') {
  const res = await page.request.patch(`/api/tracks/${trackId}`, {
    headers: await csrfHeader(page),
    data: { visibility },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A 600x400 red PNG made by ffmpeg, as a user's photo would be. */
export function coverPng(): { name: string; mimeType: string; buffer: Buffer } {
  const file = path.join(mediaDir('cover-'), 'cover.png');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=600x400',
    '-frames:v',
    '1',
    file,
  ]);
  return { name: 'cover.png', mimeType: 'image/png', buffer: readFileSync(file) };
}

export const trackList = (page: Page): Locator => page.getByRole('list', { name: 'Playlist tracks' });

/** The titles of the playlist page's rows, top to bottom (a row's first paragraph is its title). */
export async function rowTitles(page: Page): Promise<string[]> {
  return trackList(page)
    .locator(':scope > li')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent ?? ''));
}

export function row(page: Page, title: string): Locator {
  return trackList(page).locator(':scope > li').filter({ hasText: title });
}

/** Drags a row by its handle onto another row with the mouse, in small steps as a hand would. */
export async function dragRow(page: Page, from: string, to: string): Promise<void> {
  const handle = row(page, from).getByRole('button', { name: 'Drag to reorder' });
  const source = await handle.boundingBox();
  const target = await row(page, to).boundingBox();
  if (!source || !target) throw new Error(`no box for ${from} or ${to}`);
  const x = source.x + source.width / 2;
  await page.mouse.move(x, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, source.y + source.height / 2 + 8, { steps: 4 });
  await page.mouse.move(x, target.y + target.height / 2 + (target.y > source.y ? 6 : -6), { steps: 12 });
  await page.mouse.up();
}
