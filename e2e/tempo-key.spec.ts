import path from 'node:path';
import { expect, picture, signInWithGoogle, test } from './fixtures';
import { PHONE_CONTEXT } from './support/phone';
import { csrfHeader, unique, uploadTrack } from './support/playlists';

// Issue 47: the owner sets a take's tempo and key; the journal row shows them as badges, marked as
// the owner's, on a desktop and on a phone, and the filter's tempo range finds the take.

const SHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'tempo-key');

test('the owner sets a tempo and key; the row shows them and the tempo filter finds the take', async ({
  page,
  browser,
}) => {
  await signInWithGoogle(page);
  const headers = await csrfHeader(page);
  const groove = unique('Night Drive Groove, Take 07 with a long name');
  const id = await uploadTrack(page, groove);
  await uploadTrack(page, unique('Unmeasured sketch'));
  const patched = await page.request.patch(`/api/tracks/${id}`, {
    headers,
    data: { bpm: 92.5, musicalKey: 'Am' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const row = page.getByTestId('track-row').filter({ hasText: groove });
  await expect(row.getByTestId('track-bpm')).toHaveText('92.5 BPM (set by you)');
  await expect(row.getByTestId('track-key')).toHaveText('A minor (set by you)');
  await picture(page, path.join(SHOTS, 'desktop.png'));

  await page.goto('/?bpmFrom=90&bpmTo=95&key=A+minor');
  await expect(page.getByTestId('track-row')).toHaveCount(1);
  await expect(page.getByTestId('track-row')).toContainText(groove);

  const phone = await browser.newContext({
    ...PHONE_CONTEXT,
    storageState: await page.context().storageState(),
  });
  const onPhone = await phone.newPage();
  await onPhone.goto('/');
  const phoneRow = onPhone.getByTestId('track-row').filter({ hasText: groove });
  await expect(phoneRow.getByTestId('track-bpm')).toBeVisible();
  // The badges stay inside the screen: the row does not scroll sideways.
  const overflow = await onPhone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await picture(onPhone, path.join(SHOTS, 'phone.png'));
  await phone.close();
});
