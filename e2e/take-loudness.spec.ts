import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoSeriousA11yViolations, screenshotsOf } from './fixtures';
import { person, signInHome, test } from './support/collectives';
import { mediaDir } from './support/media';
import { csrfHeader, unique } from './support/playlists';

// Issue 47, what the take is (helper C): Lu uploads a loud bounce whose true peak sits just under
// full scale. Once processed, her track page tells her how loud it is, that its peak may clip once
// a service encodes it, and how much Spotify and the others turn it down. She switches the
// waveform to the spectrogram, which stays her choice after a reload, and looks at it on a phone.

const shot = screenshotsOf('take-loudness');
const lu = person('lu-loudness', 'Lu', 'Loudness');

/** A loud chord-ish bounce: a 220 Hz tone with a high partial, peaks about −0.5 dBFS. */
function loudBounce(): Buffer {
  const file = path.join(mediaDir('loudness-'), 'loud-bounce.wav');
  const tone = '0.8*sin(2*PI*220*t)+0.15*sin(2*PI*1760*t)*(0.5+0.5*sin(2*PI*2*t))';
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${tone}':s=44100:d=12`,
    file,
  ]);
  return readFileSync(file);
}

test('a loud take tells how the platforms play it, and shows its spectrogram', async ({
  page,
  journalWithPeople: journal,
}) => {
  test.setTimeout(120_000);
  await signInHome(page, journal, lu);
  const name = unique('Loud Bounce');
  const created = await page.request.post('/api/tracks', {
    headers: await csrfHeader(page),
    multipart: { name, audio: { name: 'loud-bounce.wav', mimeType: 'audio/wav', buffer: loudBounce() } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/track/${id}`);
  const loudness = page.getByRole('region', { name: 'Loudness' });
  await expect(loudness).toBeVisible({ timeout: 60_000 });
  await expect(loudness.getByText(/^True peak −0\.\d dBTP: may clip after encoding$/)).toBeVisible();
  await expect(loudness.getByText(/^Spotify turns this down \d+\.\d dB$/)).toBeVisible();
  await expect(loudness.getByText(/^Apple Music turns this down \d+\.\d dB$/)).toBeVisible();
  await expect(loudness.getByText('Range', { exact: true })).toBeVisible();
  await loudness.scrollIntoViewIfNeeded();
  await shot(page, '1-loudness');

  // The spectrogram instead of the bars: the picture loads, and the seek slider is still there.
  await page.getByRole('button', { name: 'Spectrogram' }).click();
  const picture = page.getByRole('img', {
    name: `Spectrogram of ${name}: time left to right, pitch upwards`,
  });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  await expect(page.getByRole('slider', { name: `Seek in ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'take-loudness: spectrogram and loudness');
  await shot(page, '2-spectrogram');

  // Remembered on this device.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Spectrogram' })).toHaveAttribute('aria-pressed', 'true');
  await expect(picture).toBeVisible();

  // On a phone the same page keeps everything in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(loudness).toBeVisible();
  await shot(page, '3-phone');
  await loudness.scrollIntoViewIfNeeded();
  await shot(page, '4-phone-loudness');
});
