import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeMp3, writeWav } from './support/media';

// Spec sections 2 and 4 (Journal, Edit Track dialog, Player bar): a musician uploads two real
// recordings, listens, seeks and skips between them, tags the kit, edits and deletes a track.

const shot = screenshotsOf('journal');

const audioTime = (page: Page) =>
  page.getByTestId('audio-player').evaluate((el) => (el as HTMLAudioElement).currentTime);

/** Slows uploads down (Chrome DevTools network emulation) so the progress bars can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

test('uploads two recordings, plays, seeks and skips, tags the kit, edits and deletes a track', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Names unique to this run, in case another story's demo user uploads too.
  const run = Date.now().toString(36);
  const wavName = `Morning Sketch ${run}`;
  const mp3Name = `Evening Loop ${run}`;
  const dir = mediaDir();
  const wav = writeWav(dir, `${wavName}.wav`, 5);
  const mp3 = writeMp3(dir, `${mp3Name}.mp3`, 5);

  await signInAsDemo(page);
  await expect(page.getByText('Drop your tracks here')).toBeVisible();
  await expect(page.getByText('Supports MP3, WAV, M4A formats, multiple files')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Browse Files' })).toBeVisible();

  // Upload both at once through the file input; each shows a progress bar while it travels.
  await throttleUploads(page, 40 * 1024);
  await page.getByTestId('track-file-input').setInputFiles([wav, mp3]);
  await expect(page.getByRole('progressbar', { name: `Uploading ${wavName}.wav` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Uploading ${mp3Name}.mp3` })).toBeVisible();
  await shot(page, '1-uploading');
  await expectNoSeriousA11yViolations(page, 'journal: 1-uploading');
  // (Only the upload bars go: the journal's storage bar stays.)
  await expect(page.getByRole('progressbar', { name: /^Uploading / })).toHaveCount(0, { timeout: 30_000 });
  await throttleUploads(page, null);
  // The storage line follows the uploads: the server's default quota is 10 GiB.
  await expect(page.getByText(/^\d+(\.\d)? (B|KB|MB) of 10 GB used$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Storage used' })).toBeVisible();

  const row = (name: string): Locator => page.getByTestId('track-row').filter({ hasText: name });
  await expect(row(wavName)).toBeVisible();
  await expect(row(mp3Name)).toBeVisible();
  // Durations measured by the server from the audio itself.
  await expect(row(wavName)).toContainText('0:05');
  await expect(row(mp3Name)).toContainText('0:05');
  await expect(row(wavName).getByRole('button', { name: 'Click to add Notes and Tags' })).toBeVisible();
  await shot(page, '2-uploaded');
  await expectNoSeriousA11yViolations(page, 'journal: 2-uploaded');

  // The sort choice changes the date column and survives a reload.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Date Created' }).click();
  await expect(page.getByRole('columnheader', { name: 'Date Created' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Date Created' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Date Uploaded' }).click();
  await expect(page.getByRole('columnheader', { name: 'Date Added' })).toBeVisible();

  // Both uploads processed first: a track still processing is stepped over by Next and Previous,
  // and which one is depends on when its job ends on a busy machine (the queue serves every story).
  for (const name of [wavName, mp3Name]) {
    await expect(row(name)).not.toContainText('Processing', { timeout: 60_000 });
  }

  // Play the WAV: the real audio element advances and the bar names the track.
  const player = page.getByRole('region', { name: 'Player' });
  await row(wavName)
    .getByRole('button', { name: `Play ${wavName}` })
    .click();
  await expect(player.getByText(wavName)).toBeVisible();
  await expect(player.getByText('Your Recording')).toBeVisible();
  await expect(player.getByTestId('player-total')).toHaveText('0:05');
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await expect(row(wavName).getByRole('button', { name: `Pause ${wavName}` })).toBeVisible();

  // Seek by clicking 40% along the progress bar: 2 s into the 5 s track. Then pause: on a loaded
  // machine the last seconds could run out before Next is pressed, and the track move on by itself.
  const bar = player.getByTestId('seek-bar');
  const box = await bar.boundingBox();
  if (!box) throw new Error('the seek bar has no box');
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height / 2);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(1.9);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(player.getByTestId('player-elapsed')).toHaveText(/0:0[2-4]/);
  await expect(row(wavName).getByRole('button', { name: `Play ${wavName}` })).toBeVisible();

  // Next and previous move through the journal's order, wrapping at the ends.
  const current = async () =>
    (await page.getByTestId('track-row').and(page.locator('[data-current]')).textContent()) ?? '';
  await player.getByRole('button', { name: 'Next' }).click();
  const afterNext = await current();
  expect(afterNext).not.toContain(wavName);
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await player.getByRole('button', { name: 'Previous' }).click();
  await expect(player.getByText(wavName)).toBeVisible();

  // Pausing from the row toggles the current track.
  await row(wavName)
    .getByRole('button', { name: `Pause ${wavName}` })
    .click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  // Screenshot and axe on the player once paused: a stable state, however long axe takes.
  await shot(page, '3-playing');
  await expectNoSeriousA11yViolations(page, 'journal: 3-player');

  // Edit: create a new piece of kit, tag it, see its chip, remove it.
  const kit = `Juno ${run}`;
  await row(wavName).getByRole('button', { name: 'Edit track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Track' });
  await expect(dialog.getByLabel('Track Name')).toHaveValue(wavName);
  const tagInput = dialog.getByRole('combobox', { name: 'Tag the kit you used' });
  await tagInput.fill(kit);
  await dialog.getByRole('option', { name: `Create "${kit}"` }).click();
  await expect(page.getByText('Equipment tag has been added to the track', { exact: true })).toBeVisible();
  const tagged = dialog.getByRole('list', { name: 'Tagged equipment' });
  await expect(tagged.getByText(kit)).toBeVisible();
  // The table behind the dialog shows it too (hidden from the accessibility tree while the dialog is open).
  await expect(row(wavName).getByText(kit)).toBeVisible();
  await shot(page, '4-tagged');
  await expectNoSeriousA11yViolations(page, 'journal: 4-tagged');
  await tagged.getByRole('button', { name: `Remove ${kit}` }).click();
  await expect(
    page.getByText('Equipment tag has been removed from the track', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Tagged equipment' })).toHaveCount(0);

  // The tag now exists: searching finds it, and adding it again shows the chip in the table.
  await tagInput.fill(kit.slice(0, 4));
  await expect(dialog.getByRole('option', { name: kit })).toBeVisible();
  await shot(page, '4b-suggestions');
  await expectNoSeriousA11yViolations(page, 'journal: 4b-suggestions');
  await dialog.getByRole('option', { name: kit }).click();
  await expect(dialog.getByRole('list', { name: 'Tagged equipment' }).getByText(kit)).toBeVisible();

  // Name, notes and the sharing choice, saved together.
  const renamed = `Sunrise Sketch ${run}`;
  await dialog.getByLabel('Track Name').fill(renamed);
  await dialog.getByLabel('Notes').fill('Juno pad through the tape delay.');
  await dialog.getByRole('checkbox', { name: /Share this track/ }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Track updated', { exact: true })).toBeVisible();
  await expect(row(renamed)).toContainText('Juno pad through the tape delay.');
  await expect(row(renamed).getByRole('link', { name: kit })).toBeVisible();
  // The player bar follows the rename of the track it holds.
  await expect(player.getByText(renamed)).toBeVisible();

  // The chip's hover card previews the kit with a Go button.
  await row(renamed).getByRole('link', { name: kit }).hover();
  await expect(page.getByRole('link', { name: 'Go', exact: true })).toBeVisible();
  await shot(page, '5-edited');
  await expectNoSeriousA11yViolations(page, 'journal: 5-edited');
  await page.mouse.move(0, 0);

  // The saved values come back from the server too.
  const saved = (await (await page.request.get('/api/tracks')).json()) as Array<{
    name: string;
    notes: string | null;
    shareToEquipmentPages: boolean;
  }>;
  expect(saved.find((t) => t.name === renamed)).toMatchObject({
    notes: 'Juno pad through the tape delay.',
    shareToEquipmentPages: false,
  });

  // Delete, after confirming.
  await row(renamed).getByRole('button', { name: 'Edit track' }).click();
  await dialog.getByRole('button', { name: 'Delete Track' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    `Are you sure you want to delete "${renamed}"? This action cannot be undone.`,
  );
  await shot(page, '6-confirm-delete');
  await expectNoSeriousA11yViolations(page, 'journal: 6-confirm-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Track deleted', { exact: true })).toBeVisible();
  await expect(row(renamed)).toHaveCount(0);
  await expect(row(mp3Name)).toBeVisible();
  // It was the player's track: the bar lets go of it.
  await expect(player.getByText('No track selected')).toBeVisible();
});

test('the journal fits a phone screen', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Pocket Memo ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir(), `${name}.wav`, 3);
  // The shared sign-in fixture looks for the desktop sidebar, so shrink the window afterwards.
  await signInAsDemo(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('track-file-input').setInputFiles(file);
  const row = page.getByTestId('track-row').filter({ hasText: name });
  await expect(row).toContainText('0:03');
  await expect(row.getByRole('button', { name: 'Edit track' })).toBeVisible();
  // The volume slider is for medium screens and up (spec section 2, player bar).
  await expect(page.getByRole('slider', { name: 'Volume' })).toBeHidden();
  // Processed first: Play on a track still processing steps over it to the next playable one.
  await expect(row).not.toContainText('Processing', { timeout: 45_000 });
  await row.getByRole('button', { name: `Play ${name}` }).click();
  await expect(page.getByRole('region', { name: 'Player' }).getByText(name)).toBeVisible();
  await shot(page, 'phone');
  await expectNoSeriousA11yViolations(page, 'journal: phone');
});
