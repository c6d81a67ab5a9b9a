import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeWav } from './support/media';
import { seekOnWaveform } from './support/profiles';
import { api, nextEnd, playedPast, uploadProcessed } from './support/shares';

// Issue 45, listening insight (decisions 0720-0729): the owner makes a link for "mastering
// engineer"; a signed-out browser plays the track to the end with a seek that skips a tenth of it;
// the owner's Share… dialog says "mastering engineer: heard 9x %", and the track page shows the
// heat over its waveform.

const shot = screenshotsOf('share-listens');

test('a signed-out listener plays a shared track with a seek; the owner sees who heard how far', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const name = `Final Mix ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir('listens-'), `${name}.wav`, 20);
  const baseURL = test.info().project.use.baseURL ?? '';

  // --- The owner uploads a 20 s track and makes a link for the mastering engineer.
  await signInAsDemo(page);
  const { row, trackId } = await uploadProcessed(page, file, name);
  const link = await api(page, 'POST', '/api/shares', { trackId, recipient: 'mastering engineer' });
  expect(link.status).toBe(201);

  // --- A signed-out browser plays 0-8 s, seeks to the middle, and plays on to the end: 90 % heard.
  const stranger = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.45.0.9' },
  });
  const listener = await stranger.newPage();
  const reports: number[] = [];
  listener.on('request', (request) => {
    if (request.url().endsWith(`/api/shares/by-token/${link.body.token}/listens`)) reports.push(Date.now());
  });
  expect((await listener.goto(`/s/${link.body.token}`))?.status()).toBe(200);
  const listen = listener.getByRole('region', { name: 'Listen' });
  await expect(listen.getByTestId('waveform').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await listen.getByRole('button', { name: `Play ${name}` }).click();
  await playedPast(listener, 8);
  // The player repeats by default: the end is its `ended` event, then the listener pauses.
  const ended = nextEnd(listener);
  await seekOnWaveform(listener, listen, 0.5);
  await ended;
  await listen.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(listen.getByRole('button', { name: `Play ${name}` })).toBeVisible();
  await shot(listener, '0-listener-at-the-end');
  // Heartbeats every 5 s, the seek and the end: several reports, none personal but the anonymous id.
  expect(reports.length).toBeGreaterThanOrEqual(4);

  // --- The owner opens Share…: the engineer's line says how far they heard, and once.
  await row.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${name}”` });
  const listeners = dialog.getByRole('list', { name: 'Listeners' });
  await expect(listeners).toContainText(/mastering engineer: heard (8[7-9]|9[0-3]) %, once/, {
    timeout: 15_000,
  });
  await listeners.scrollIntoViewIfNeeded();
  await shot(page, '1-share-dialog-listeners');
  await page.screenshot({ path: '/tmp/share-listens-dialog.png' });
  await expectNoSeriousA11yViolations(page, 'share-listens: Share… dialog with listeners');
  await page.keyboard.press('Escape');

  // --- The track page shows the heat over the owner's waveform: one listener, the skipped part cold.
  await page.goto(`/track/${trackId}`);
  const heat = page.getByRole('img', { name: /Heard through your share links by 1 listener/ });
  await expect(heat).toBeVisible({ timeout: 15_000 });
  const opacities = await heat
    .locator('span')
    .evaluateAll((cells) => cells.map((c) => Number((c as HTMLElement).style.opacity)));
  expect(opacities).toHaveLength(100);
  expect(opacities.filter((o) => o === 0).length).toBeGreaterThanOrEqual(5);
  expect(opacities.filter((o) => o === 0).length).toBeLessThanOrEqual(15);
  await shot(page, '2-track-heat');
  await page.screenshot({ path: '/tmp/share-listens-heat.png' });
  await expectNoSeriousA11yViolations(page, 'share-listens: track page with its heat');
  await stranger.close();
});
