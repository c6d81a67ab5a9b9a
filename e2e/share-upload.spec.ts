import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeWav } from './support/media';

// Issue 45, upload requests (decisions 0730-0737): the owner makes an upload link in "Request
// files…"; a signed-out browser sends a file with its name and sees it in "What you sent"; the
// owner's journal shows the track "Received from …".

const shot = screenshotsOf('share-upload');

test('an upload link receives a file from a signed-out browser into the owner’s journal', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const fileName = `Stems ${suffix}`;
  const file = writeWav(mediaDir('share-upload-'), `${fileName}.wav`, 3);
  const baseURL = test.info().project.use.baseURL ?? '';

  // --- The owner makes an upload link from the journal.
  await signInAsDemo(page);
  await page.getByRole('button', { name: 'Request files…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request files' });
  await dialog.getByLabel('Who is it for? (optional)').fill('mastering engineer');
  await dialog.getByLabel('Message on the page (optional)').fill('Please send the stems of the EP');
  await dialog.getByLabel('Most files').fill('3');
  await dialog.getByRole('button', { name: 'Create upload link' }).click();
  const url = await dialog.getByLabel('Your upload link is ready').inputValue();
  const token = url.split('/s/')[1] ?? '';
  expect(url).toBe(`${baseURL}/s/${token}`);
  const linkRow = dialog.getByTestId('upload-link').filter({ hasText: url });
  await expect(linkRow).toContainText('0 of 3 files');
  await shot(page, '0-request-files-dialog');
  await expectNoSeriousA11yViolations(page, 'share-upload: Request files dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // --- A signed-out browser opens the link and sends a file with its name.
  const guestContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.45.0.9' },
  });
  const guest = await guestContext.newPage();
  expect((await guest.goto(`/s/${token}`))?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: /asks for your files/ })).toBeVisible();
  await expect(guest.getByText('Please send the stems of the EP')).toBeVisible();
  await expect(guest.getByTestId('upload-link-caps')).toHaveText('3 of 3 files left · 2 GB left');
  await guest.getByLabel('Your name').fill('Grace Hopper');
  await guest.getByTestId('upload-link-file-input').setInputFiles(file);
  const sent = guest.getByTestId('upload-link-sent');
  await expect(sent).toContainText(`${fileName}.wav`, { timeout: 20_000 });
  await expect(guest.getByTestId('upload-link-caps')).toHaveText(/^2 of 3 files left/);
  await shot(guest, '1-guest-sent');
  await expectNoSeriousA11yViolations(guest, 'share-upload: guest page after sending');
  // The same browser, coming back, still sees what it sent; its name is remembered.
  await guest.reload();
  await expect(guest.getByTestId('upload-link-sent')).toContainText(`${fileName}.wav`);
  await expect(guest.getByLabel('Your name')).toHaveValue('Grace Hopper');
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.waitForTimeout(300);
  await shot(guest, '2-guest-phone');
  await expectNoSeriousA11yViolations(guest, 'share-upload: guest page @390x844');
  await guestContext.close();

  // --- The owner's journal has the track, private, saying where it came from.
  await page.reload();
  const row = page.getByTestId('track-row').filter({ hasText: fileName });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('visibility-badge')).toHaveAttribute('data-visibility', 'private');
  await expect(row.getByTestId('track-received')).toHaveText(
    'Received from Grace Hopper via link “mastering engineer”',
  );
  await shot(page, '3-owner-journal');
  await row.getByRole('link', { name: fileName }).click();
  await expect(page.getByTestId('track-received')).toHaveText(
    'Received from Grace Hopper via link “mastering engineer”',
  );
  // The link's list counts what it received.
  await page.goto('/');
  await page.getByRole('button', { name: 'Request files…' }).click();
  await expect(page.getByRole('dialog').getByTestId('upload-link').filter({ hasText: url })).toContainText(
    '1 of 3 files',
  );
});
