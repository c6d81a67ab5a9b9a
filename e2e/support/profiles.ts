import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { mediaDir } from './media';

// Helpers of the profiles story (e2e/profiles.spec.ts).

async function csrfToken(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/csrf-token');
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** Creates (or finds) equipment named `name` and tags it on the track, through the API. */
export async function tagTrack(page: Page, trackId: number, name: string): Promise<number> {
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const created = await page.request.post('/api/equipment', { headers, data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const tagged = await page.request.post(`/api/tracks/${trackId}/equipment`, {
    headers,
    data: { equipmentTagId: id },
  });
  expect(tagged.status(), await tagged.text()).toBe(201);
  return id;
}

/** Where the app's one <audio> element is, in seconds. */
export const audioTime = (page: Page) =>
  page.getByTestId('audio-player').evaluate((el) => (el as HTMLAudioElement).currentTime);

/** Clicks `fraction` of the way along the player's waveform (drawn from the server's peaks): a seek. */
export async function seekOnWaveform(page: Page, player: Locator, fraction: number) {
  const waveform = player.getByTestId('waveform');
  // Measured and clicked together, again if the waveform was drawn anew in between (a re-render).
  await expect(async () => {
    await expect(waveform.locator('canvas').first()).toBeVisible({ timeout: 1_000 });
    const box = await waveform.boundingBox({ timeout: 1_000 });
    if (!box) throw new Error('the waveform has no box');
    await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  }).toPass({ timeout: 15_000 });
}

/** A square PNG in `color` made by ffmpeg, as a photo from someone's phone would be. */
export function squarePng(color: string, name: string): { name: string; mimeType: string; buffer: Buffer } {
  const file = path.join(mediaDir('image-'), name);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:s=400x400`,
    '-frames:v',
    '1',
    file,
  ]);
  return { name, mimeType: 'image/png', buffer: readFileSync(file) };
}
