import { PIECES, pieceTake } from '../src/test/fingerprint-audio';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInWithGoogle, test } from './fixtures';
import { csrfHeader, uploadTrack } from './support/playlists';

// Issue 47, decisions 0832–0834: a musician uploads the same take again as an MP3, cut a little
// shorter; the journal says it sounds like the take they have and stacks it as its new version.

const shot = screenshotsOf('similar-takes');

test('an upload that sounds like a take you have is stacked onto it as a new version', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithGoogle(page);
  // Another track, so the journal shows the compact upload bar with its file input.
  await uploadTrack(page, 'Night Bus');
  const harbour = await page.request.post('/api/tracks', {
    headers: await csrfHeader(page),
    multipart: {
      name: 'Harbour',
      audio: { name: 'Harbour.wav', mimeType: 'audio/wav', buffer: pieceTake(PIECES.first) },
    },
  });
  expect(harbour.status()).toBe(201);
  await page.goto('/');
  await expect(page.getByTestId('track-row')).toHaveCount(2);

  await page.getByTestId('track-file-input').setInputFiles({
    name: 'Harbour (bounce).mp3',
    mimeType: 'audio/mpeg',
    buffer: pieceTake(PIECES.first, { extension: 'mp3', trimSeconds: 2 }),
  });
  const summary = page.getByRole('region', { name: 'Upload summary' });
  const line = summary
    .getByRole('list', { name: 'Uploads that sound like your takes' })
    .getByRole('listitem');
  await expect(line).toContainText('Harbour (bounce).mp3');
  await expect(line).toContainText(/Sounds like “Harbour” \((9\d|100)\s%\)/);
  await expect(page.getByTestId('track-row')).toHaveCount(3);
  await shot(page, '1-sounds-like');
  await expectNoSeriousA11yViolations(page, 'similar-takes: 1-sounds-like');

  await line.getByRole('button', { name: 'Stack as a new version of “Harbour”' }).click();
  // The toast's live region may repeat it for a moment: the first is the toast.
  await expect(
    page.getByText('Stacked as a new version of “Harbour”', { exact: true }).first(),
  ).toBeVisible();
  await expect(summary).toHaveCount(0);
  // The bounce is Harbour's version 2 now, not a track of its own.
  await expect(page.getByTestId('track-row')).toHaveCount(2);
  await expect(page.getByTestId('track-row').filter({ hasText: 'Harbour (bounce)' })).toHaveCount(0);
  await expect(page.getByTestId('track-row').filter({ hasText: 'Harbour' })).toContainText('v2');
  await shot(page, '2-stacked');
});
