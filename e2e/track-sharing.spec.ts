import { expect, screenshotsOf, signInAsDemo, test } from './fixtures';
import { readClipboard } from './support/clipboard';
import { mediaDir, writeWav } from './support/media';

// Issue 13, sharing per track (decisions 0140-0144): uploads are private, the same file again asks
// "keep both?", Edit Track makes one public, Copy link puts /track/{id} on the clipboard, and a
// signed-out visitor opens the public one and gets Track Not Found for the private one.

const shot = screenshotsOf('track-sharing');

test('copies a track link and opens it signed out: public plays, private is not found', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Night Bus ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir(), `${name}.wav`, 3);
  await signInAsDemo(page);
  const baseURL = test.info().project.use.baseURL ?? '';
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  // --- Uploads are private, and the upload bar says so: the demo journal holds sample tracks, so
  // it is the one-line bar, whose Browse Files button carries the note (decision 0310).
  await expect(page.getByRole('button', { name: 'Browse Files' })).toHaveAccessibleDescription(
    /New tracks are private: only you see them until you make them public in Edit Track\.$/,
  );
  await page.getByTestId('track-file-input').setInputFiles(file);
  const rows = page.getByTestId('track-row').filter({ hasText: name });
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('visibility-badge')).toHaveAttribute('data-visibility', 'private');

  // --- The same file again: asked, and Keep both makes a second track.
  await page.getByTestId('track-file-input').setInputFiles(file);
  const ask = page.getByRole('alertdialog');
  await expect(ask.getByRole('heading', { name: `You already have \u201c${name}\u201d` })).toBeVisible();
  await shot(page, '1-duplicate-asked');
  await ask.getByRole('button', { name: 'Keep both' }).click();
  await expect(rows).toHaveCount(2);
  // And once more, cancelled: still two.
  await page.getByTestId('track-file-input').setInputFiles(file);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(rows).toHaveCount(2);

  // --- Edit Track: make the first row public.
  const publicRow = rows.nth(0);
  await publicRow.getByRole('button', { name: 'Edit track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Track' });
  await expect(dialog.getByRole('radio', { name: /^Private/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Public/ }).check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(publicRow.getByTestId('visibility-badge')).toHaveAttribute('data-visibility', 'public');
  const privateRow = rows.nth(1);
  await expect(privateRow.getByTestId('visibility-badge')).toHaveAttribute('data-visibility', 'private');

  // --- Copy link from each row's menu; the title links to the same page.
  const copyFrom = async (row: typeof publicRow, item: string) => {
    await row.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    return readClipboard(page);
  };
  const publicLink = await copyFrom(publicRow, 'Copy link');
  await expect(page.getByText('Anyone with the link can open it.', { exact: true })).toBeVisible();
  expect(publicLink).toMatch(new RegExp(`^${baseURL}/track/\\d+$`));
  const publicPath = new URL(publicLink).pathname;
  await expect(publicRow.getByRole('link', { name })).toHaveAttribute('href', publicPath);
  await shot(page, '2-public-link-copied');
  const privateLink = await copyFrom(privateRow, 'Copy link (private)');
  await expect(
    page.getByText('This track is private: only people who can already see it can open the link.', {
      exact: true,
    }),
  ).toBeVisible();
  expect(privateLink).not.toBe(publicLink);
  await shot(page, '3-private-link-copied');

  // --- Signed out, in another browser context: the public link plays, the private one is not found.
  const stranger = await browser.newContext({ baseURL });
  const visitor = await stranger.newPage();
  await visitor.goto(publicLink);
  await expect(visitor.getByRole('article', { name })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
  await visitor.getByRole('button', { name: `Play ${name}` }).click();
  await expect(visitor.getByRole('region', { name: 'Player' }).getByText(name)).toBeVisible();
  await expect
    .poll(() => visitor.getByTestId('audio-player').evaluate((el) => (el as HTMLAudioElement).currentTime), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.3);
  await shot(visitor, '4-public-signed-out');
  await visitor.goto(privateLink);
  await expect(visitor.getByRole('heading', { name: 'Track Not Found' })).toBeVisible();
  await expect(visitor.getByText("This track doesn't exist or isn't shared with you.")).toBeVisible();
  await shot(visitor, '5-private-not-found');
  await stranger.close();
});
