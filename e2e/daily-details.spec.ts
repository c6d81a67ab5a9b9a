import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { postJson } from './support/collectives';
import { csrfHeader, setTrackVisibility, unique, uploadTrack } from './support/playlists';

// Issue 42, item 7 (decision 0590): the invite link on one line, a public playlist that says why
// it lists fewer tracks than it holds, and bulk delete with Undo.

const shot = screenshotsOf('daily-details');

/** The box of a locator, which must be on screen. */
async function box(locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test('the invite link stays on one line, its end in view, at 1280 px and in a narrow column', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemo(page);
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: unique('Tape Club') });
  await page.goto(`/collective/${collective.id}/invites`);
  await page.getByRole('button', { name: 'Invite many people' }).click();
  const url = page.getByTestId('invite-url');
  await expect(url).toHaveCount(1);
  const whole = (await url.getAttribute('title')) ?? '';
  expect(whole).toMatch(/\/join\/[A-Za-z0-9_-]{16}$/);
  expect(await url.textContent()).toBe(whole);
  for (const width of [1280, 820]) {
    await page.setViewportSize({ width, height: 800 });
    const lineHeight = await url.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect((await box(url)).height, `${width} px`).toBeLessThanOrEqual(lineHeight + 1);
    // The code's end is on screen, not cut: what tells one link from another.
    const end = url.locator('span').last();
    expect(await end.textContent()).toBe(whole.slice(-8));
    const endBox = await box(end);
    expect(endBox.x + endBox.width).toBeLessThanOrEqual(width);
    // The whole row fits: Revoke is on screen, not behind a scroll.
    const revoke = page.getByRole('button', { name: /^Revoke / });
    const revokeBox = await box(revoke);
    expect(revokeBox.x + revokeBox.width).toBeLessThanOrEqual(width);
    expect(
      await revoke.evaluate((el) => {
        const scroller = el.closest('.overflow-x-auto');
        return scroller ? scroller.scrollWidth <= scroller.clientWidth + 1 : true;
      }),
    ).toBe(true);
    await shot(page, `1-invite-link-${width}`);
  }
  await expectNoSeriousA11yViolations(page, 'daily-details: 1-invite-link');
});

test('a visitor of a public playlist of private tracks reads why it lists fewer', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const shown = unique('Harbour Lights');
  const ids = [await uploadTrack(page, shown), await uploadTrack(page, unique('Private Take'))];
  ids.push(await uploadTrack(page, unique('Private Take')));
  await setTrackVisibility(page, ids[0] ?? 0, 'public');
  const name = unique('Ferry Songs');
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name });
  for (const trackId of ids) await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  const published = await page.request.patch(`/api/playlists/${playlist.id}`, {
    headers: await csrfHeader(page),
    data: { isPublic: true },
  });
  expect(published.status()).toBe(200);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/playlist/${playlist.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText(/^• 1 track$/)).toBeVisible();
  await expect(visitor.getByText('2 tracks are private and not shown.')).toBeVisible();
  await expect(visitor.getByText(shown)).toBeVisible();
  await expect(visitor.getByText('Private Take')).toHaveCount(0);
  await shot(visitor, '2-public-playlist-hidden-tracks');
  await expectNoSeriousA11yViolations(visitor, 'daily-details: 2-public-playlist-hidden-tracks');
  await visitor.context().close();
});

test('bulk delete hides the rows, Undo brings them back, and only after 10 s is anything deleted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAsDemo(page);
  const [a, b] = [unique('Undo Me A'), unique('Undo Me B')];
  for (const name of [a, b]) await uploadTrack(page, name);
  await page.reload();
  const bulkPosts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/tracks/bulk'))
      bulkPosts.push(req.postData() ?? '');
  });
  const deleteBoth = async () => {
    for (const name of [a, b]) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page
      .getByRole('region', { name: 'Selected tracks' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('You can undo this for 10 seconds.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete 2 tracks' }).click();
  };

  await deleteBoth();
  await expect(page.getByText(a)).toHaveCount(0);
  await expect(page.getByText(b)).toHaveCount(0);
  await expect(page.getByText('2 tracks deleted', { exact: true })).toBeVisible();
  await page.waitForTimeout(400); // the toast's entry animation
  await shot(page, '3-deleted-with-undo');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(a)).toBeVisible();
  await expect(page.getByText(b)).toBeVisible();
  await page.waitForTimeout(11_000);
  expect(bulkPosts).toEqual([]);

  await deleteBoth();
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/tracks/bulk'), { timeout: 15_000 });
  await page.waitForTimeout(5_000);
  expect(bulkPosts).toEqual([]);
  await sent;
  await expect.poll(() => bulkPosts.length).toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Music Journal' })).toBeVisible();
  await expect(page.getByText(a)).toHaveCount(0);
  await expect(page.getByText(b)).toHaveCount(0);
});
