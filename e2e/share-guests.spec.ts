import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeWav } from './support/media';
import { seekOnWaveform } from './support/profiles';
import { nextEnd, playedPast, positionBeforeSeek, uploadProcessed } from './support/shares';

// Issue 45's story, whole: the owner makes a review link with a password for "mastering engineer"
// in the Share… dialog; a signed-out browser unlocks it, plays 90 % of the track with a seek and
// comments at 0:12; the owner, whose track page is open, sees the comment arrive live under
// "Guests", and the Share… dialog says "mastering engineer: heard 90 %". Then an upload link
// receives a file from another signed-out browser. Each part has its own detailed story
// (share-password, share-review, share-listens, share-upload); this one proves they work together.

const shot = screenshotsOf('share-guests');
const PASSWORD = 'engineer-2026';

test('a password review link: unlocked, heard 90 % with a seek, commented at 0:12, seen live by the owner; an upload link receives a file', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Master Candidate ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir('share-guests-'), `${name}.wav`, 20);
  const baseURL = test.info().project.use.baseURL ?? '';

  // --- The owner uploads a 20 s track and, on its page, makes the engineer's review link.
  await signInAsDemo(page);
  const { trackId } = await uploadProcessed(page, file, name);
  await page.goto(`/track/${trackId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Track options' }).first().click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${name}”` });
  // The pill's label, as a person clicks it (its radio is visually hidden).
  await dialog.getByRole('group', { name: 'Kind' }).getByText('Review', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Review' })).toBeChecked();
  await dialog.getByLabel('Who is it for? (optional)').fill('mastering engineer');
  await dialog.getByLabel('Password (optional)').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel(/Your new link is ready/).inputValue();
  const token = url.split('/s/')[1] ?? '';
  expect(url).toBe(`${baseURL}/s/${token}`);
  await expect(dialog.getByTestId('share-link')).toContainText('mastering engineer');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Nobody has commented yet: no Guests section on the owner's open page.
  await expect(page.getByRole('region', { name: 'Guests' })).toHaveCount(0);

  // --- The engineer, signed out, unlocks the link with its password.
  const engineerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.45.1.1' },
  });
  const engineer = await engineerContext.newPage();
  expect((await engineer.goto(`/s/${token}`))?.status()).toBe(200);
  await expect(
    engineer.getByRole('heading', { level: 1, name: 'This link is protected by a password' }),
  ).toBeVisible();
  expect(await engineer.content()).not.toContain(name);
  await engineer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await engineer.getByRole('button', { name: 'Open' }).click();
  await expect(engineer.getByRole('heading', { level: 1, name })).toBeVisible();

  // --- Plays 0-8 s, seeks to the middle and plays to the end: 18 of 20 seconds heard.
  const listen = engineer.getByRole('region', { name: 'Listen' });
  await expect(listen.getByTestId('waveform').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await listen.getByRole('button', { name: `Play ${name}` }).click();
  await playedPast(engineer, 8);
  const ended = nextEnd(engineer);
  // Where the seek left from: on a loaded machine the click lands later than 8 s.
  const seekedFrom = positionBeforeSeek(engineer);
  await seekOnWaveform(engineer, listen, 0.5);
  const from = await seekedFrom;
  await ended;
  // The player repeats by default: pausing ends the listening.
  await listen.getByRole('button', { name: `Pause ${name}` }).click();

  // --- Comments at 0:12 with a name given once.
  const comments = engineer.getByRole('region', { name: 'Comments' });
  const form = comments.getByRole('form', { name: 'New comment' });
  await form.getByLabel('Your name').fill('Mia');
  await form.getByLabel('Comment at').fill('0:12');
  await form.getByLabel('Your comment').fill('The low end swells here');
  await form.getByRole('button', { name: 'Add a comment at 0:12' }).click();
  await expect(comments.getByRole('list', { name: 'Comment threads' })).toContainText(
    'The low end swells here',
  );
  await shot(engineer, '0-engineer-commented');
  await expectNoSeriousA11yViolations(engineer, 'share-guests: the engineer’s page after commenting');

  // --- The owner's open page shows it live, under Guests, in the engineer's link group.
  const guests = page.getByRole('region', { name: 'Guests' });
  await expect(guests).toBeVisible({ timeout: 10_000 });
  const group = guests.getByRole('region', { name: 'mastering engineer' });
  await expect(group).toContainText('The low end swells here');
  await expect(group.getByText('guest', { exact: true })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Play from 0:12' })).toBeVisible();

  // --- The Share… dialog says how far the engineer heard: 0 s to the seek, and 10 s to the end of
  // 20 s (about 90 %); reports and the seek's pixel may move it by a few percent.
  await page.getByRole('button', { name: 'Track options' }).first().click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const listeners = page
    .getByRole('dialog', { name: `Share “${name}”` })
    .getByRole('list', { name: 'Listeners' });
  await expect(listeners).toContainText(/mastering engineer: heard \d+ %/, { timeout: 15_000 });
  const heard = Number(/heard (\d+) %/.exec((await listeners.textContent()) ?? '')?.[1]);
  const expected = ((from + 10) / 20) * 100;
  expect(from).toBeGreaterThan(8);
  expect(
    Math.abs(heard - expected),
    `heard ${heard} %, expected about ${expected.toFixed(1)} %`,
  ).toBeLessThanOrEqual(3);
  await listeners.scrollIntoViewIfNeeded();
  await shot(page, '1-owner-dialog-heard');
  await expectNoSeriousA11yViolations(page, 'share-guests: the owner’s dialog with the engineer’s listen');
  await page.keyboard.press('Escape');
  await engineerContext.close();

  // --- An upload link receives a file from another signed-out browser.
  await page.goto('/');
  await page.getByRole('button', { name: 'Request files…' }).click();
  const request = page.getByRole('dialog', { name: 'Request files' });
  await request.getByLabel('Who is it for? (optional)').fill('drummer');
  await request.getByRole('button', { name: 'Create upload link' }).click();
  const uploadUrl = await request.getByLabel('Your upload link is ready').inputValue();
  await page.keyboard.press('Escape');
  const stems = `Drum Stem ${Date.now().toString(36)}`;
  const stemFile = writeWav(mediaDir('share-guests-up-'), `${stems}.wav`, 2);
  const drummerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.45.1.2' },
  });
  const drummer = await drummerContext.newPage();
  expect((await drummer.goto(new URL(uploadUrl).pathname))?.status()).toBe(200);
  await drummer.getByLabel('Your name').fill('Sam');
  await drummer.getByTestId('upload-link-file-input').setInputFiles(stemFile);
  await expect(drummer.getByTestId('upload-link-sent')).toContainText(`${stems}.wav`, { timeout: 20_000 });
  await shot(drummer, '2-drummer-sent');
  await drummerContext.close();
  await page.reload();
  const received = page.getByTestId('track-row').filter({ hasText: stems });
  await expect(received).toBeVisible({ timeout: 20_000 });
  await expect(received.getByTestId('track-received')).toHaveText('Received from Sam via link “drummer”');
});
