import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeEncodedTone, writeUndecodableWav } from './support/media';
import { audioTime, seekOnWaveform } from './support/profiles';

// Issue 10: every upload plays. Formats browsers do not all play (AIFF) come back as a rendition,
// FLAC streams as uploaded; both draw a waveform, play and seek. The queue steps over a track whose
// processing failed; Space pauses; the Media Session names what plays (lock screens, media keys).

const shot = screenshotsOf('player');

const audio = (page: Page) => page.getByTestId('audio-player');
const audioPaused = (page: Page) => audio(page).evaluate((el) => (el as HTMLAudioElement).paused);
const sessionTitle = (page: Page) => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null);
const sessionState = (page: Page) => page.evaluate(() => navigator.mediaSession.playbackState);

const row = (page: Page, name: string): Locator => page.getByTestId('track-row').filter({ hasText: name });

async function upload(page: Page, file: string, name: string) {
  await page.getByTestId('track-file-input').setInputFiles(file);
  await expect(row(page, name)).toBeVisible({ timeout: 20_000 });
}

/** Waits until the row has left "Processing…" (the journal polls while anything is pending). */
async function processed(page: Page, name: string) {
  await expect(row(page, name).getByText('Processing…')).toHaveCount(0, { timeout: 60_000 });
}

test('an AIFF and a FLAC upload play with a waveform, seek, pause on Space and name the Media Session', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const aiffName = `Tape Memo ${run}`;
  const flacName = `Lossless Take ${run}`;
  const dir = mediaDir('player-');
  const aiff = writeEncodedTone(dir, `${aiffName}.aiff`, 20);
  const flac = writeEncodedTone(dir, `${flacName}.flac`, 20);

  await signInAsDemo(page);
  await upload(page, aiff, aiffName);
  await upload(page, flac, flacName);
  await processed(page, aiffName);
  await processed(page, flacName);
  await expect(row(page, aiffName)).not.toContainText('Could not process');

  const player = page.getByRole('region', { name: 'Player' });
  for (const [name, served] of [
    [aiffName, 'audio/mp4'],
    [flacName, 'audio/flac'],
  ] as const) {
    // This track's own requests: the one played before may end meanwhile and the queue move on.
    const href = await row(page, name).getByRole('link', { name }).getAttribute('href');
    const trackApi = `/api/tracks/${href?.split('/').pop()}`;
    const streamed = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `${trackApi}/stream` && res.status() < 300,
    );
    const peaks = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `${trackApi}/waveform` && res.status() === 200,
    );
    await row(page, name)
      .getByRole('button', { name: `Play ${name}` })
      .click();
    // AIFF is served as its rendition (AAC in M4A), FLAC as uploaded.
    expect((await streamed).headers()['content-type']).toBe(served);
    await expect(player.getByText(name)).toBeVisible();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => sessionTitle(page)).toBe(name);
    await expect.poll(() => sessionState(page)).toBe('playing');

    // The waveform is drawn from the server's peaks; clicking 75% along it seeks there.
    const waveformReply = (await (await peaks).json()) as { duration: number; peaks: number[] };
    expect(waveformReply.peaks.length).toBeGreaterThanOrEqual(500);
    expect(waveformReply.duration).toBeCloseTo(20, 0);
    await seekOnWaveform(page, player, 0.75);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(13);
    await expect.poll(() => audioTime(page)).toBeLessThan(19);
    // Back near the start at once: from 75% the 20 s track ends within 5 s, and the screenshot and
    // the axe pass below can take longer on a busy machine (the queue then moves on and the
    // waveform is drawn anew for the next track).
    await seekOnWaveform(page, player, 0.1);
    await expect.poll(() => audioTime(page)).toBeLessThan(10);
    await shot(page, `playing-${name === aiffName ? 'aiff' : 'flac'}`);
    await expectNoSeriousA11yViolations(page, `player: playing-${name === aiffName ? 'aiff' : 'flac'}`);
  }

  // Space pauses and resumes (focus is on the page, not in a text field), the FLAC still playing.
  await expect(player.getByText(flacName)).toBeVisible();
  await seekOnWaveform(page, player, 0.1);
  await expect.poll(() => audioTime(page)).toBeLessThan(10);
  await page.locator('body').focus();
  await page.mouse.click(5, 5);
  await page.keyboard.press('Space');
  await expect.poll(() => audioPaused(page)).toBe(true);
  await expect.poll(() => sessionState(page)).toBe('paused');
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect.poll(() => audioPaused(page)).toBe(false);
});

test('the queue steps over a track whose processing failed', async ({ page }) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const first = `Opening ${run}`;
  const broken = `Broken Take ${run}`;
  const last = `Closing ${run}`;
  const dir = mediaDir('queue-');

  await signInAsDemo(page);
  // Newest first in the journal: Opening, Broken Take, Closing.
  await upload(page, writeEncodedTone(dir, `${last}.mp3`, 8), last);
  await upload(page, writeUndecodableWav(dir, `${broken}.wav`), broken);
  await upload(page, writeEncodedTone(dir, `${first}.mp3`, 8), first);
  await expect(row(page, broken)).toContainText('Could not process', { timeout: 60_000 });
  await processed(page, first);
  await processed(page, last);
  await expect(row(page, broken).getByRole('button', { name: `Play ${broken}` })).toBeDisabled();
  await shot(page, 'failed-row');
  await expectNoSeriousA11yViolations(page, 'player: failed-row');

  const player = page.getByRole('region', { name: 'Player' });
  await row(page, first)
    .getByRole('button', { name: `Play ${first}` })
    .click();
  await expect.poll(() => sessionTitle(page)).toBe(first);

  // Next goes past the failed track to the one after it.
  await player.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => sessionTitle(page)).toBe(last);
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
  // Previous does too, the other way.
  await player.getByRole('button', { name: 'Previous' }).click();
  await expect.poll(() => sessionTitle(page)).toBe(first);

  // Auto-advance at the end of a track steps over it as well. Seek once the new source's metadata
  // is in: right after Previous the element's duration is still NaN, and NaN is no time to seek to.
  await expect
    .poll(() => audio(page).evaluate((el) => Number.isFinite((el as HTMLAudioElement).duration)), {
      timeout: 15_000,
    })
    .toBe(true);
  await audio(page).evaluate((el) => {
    const media = el as HTMLAudioElement;
    media.currentTime = Math.max(0, media.duration - 0.5);
  });
  await expect.poll(() => sessionTitle(page), { timeout: 15_000 }).toBe(last);
  await expect.poll(() => audioPaused(page), { timeout: 10_000 }).toBe(false);
  await shot(page, 'skipped');
  await expectNoSeriousA11yViolations(page, 'player: skipped');
});
