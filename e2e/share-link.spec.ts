import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';
import { mediaDir, writeWav } from './support/media';
import { audioTime, seekOnWaveform } from './support/profiles';

// Issue 24, links that travel (decisions 0335, 0340): the owner makes a private link to a private
// track in its Share… dialog;
// a signed-out visitor opens /s/{token}, plays and seeks; the embed of the link plays inside an
// iframe on another origin; once revoked, the link is a 404 page with HTTP 404.

const shot = screenshotsOf('share-link');

/** A page of another origin (a second local port) that frames `src`, as a blog would. */
async function embeddingSite(src: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><title>A blog</title></head><body>
    <h1>My friend's demo</h1>
    <iframe src="${src}" width="480" height="160" title="Journal player" allow="autoplay"></iframe>
  </body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The owner's API call as the app's client makes it: the session's cookie and its CSRF token. */
function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf-token')).json();
      const res = await fetch(url, {
        method,
        // No Content-Type without a body: Fastify refuses an empty JSON body (a 400).
        headers: {
          'x-csrf-token': csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, url, body },
  );
}

const frameTime = (frame: Frame) => frame.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);

test('a signed-out visitor plays a private share link, its embed plays on another site, and revoking makes it a 404', async ({
  page,
  browser,
}) => {
  // 53 s of 60 in CI at load 8.6 beside the other worker.
  test.setTimeout(120_000);
  const name = `Attic Demo ${Date.now().toString(36)}`;
  const file = writeWav(mediaDir('share-'), `${name}.wav`, 8);
  const baseURL = test.info().project.use.baseURL ?? '';

  // --- The owner uploads a track (private, as every upload) and makes a link to it.
  await signInAsDemo(page);
  await page.getByTestId('track-file-input').setInputFiles(file);
  const row = page.getByTestId('track-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('visibility-badge')).toHaveAttribute('data-visibility', 'private');
  await expect(row.getByText('Processing…')).toHaveCount(0, { timeout: 40_000 });
  const trackId = Number((await row.getByRole('link', { name }).getAttribute('href'))?.split('/').pop());
  // Through the row's menu: "Share…", a 7-day link (the default) with a note, no download.
  await row.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(dialog.getByText('No private links yet.')).toBeVisible();
  await dialog.getByLabel('Description (optional)').fill('For the band: first mix');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel(/Your new link is ready/).inputValue();
  const token = url.split('/s/')[1] ?? '';
  expect(url).toBe(`${baseURL}/s/${token}`);
  await expect(dialog.getByTestId('share-link')).toHaveCount(1);
  await expect(dialog.getByTestId('share-link')).toContainText('Expires in 7 days');
  await shot(page, '0-share-dialog');
  await expectNoSeriousA11yViolations(page, 'share-link: Share… dialog with a new link');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // --- A stranger, signed out, opens the link: the track, its owner's note, and it plays and seeks.
  const stranger = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.24.0.7' },
  });
  const visitor = await stranger.newPage();
  const opened = await visitor.goto(`/s/${token}`);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText('For the band: first mix')).toBeVisible();
  // The tab's title is the preview's: the track's name.
  await expect(visitor).toHaveTitle(new RegExp(name));
  const listen = visitor.getByRole('region', { name: 'Listen' });
  await expect(listen.getByTestId('waveform').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await listen.getByRole('button', { name: `Play ${name}` }).click();
  await expect.poll(() => audioTime(visitor), { timeout: 10_000 }).toBeGreaterThan(0.3);
  expect(
    await visitor
      .getByTestId('audio-player')
      .evaluate((el) => new URL((el as HTMLAudioElement).src).pathname),
  ).toBe(`/api/shares/by-token/${token}/tracks/${trackId}/stream`);
  await seekOnWaveform(visitor, listen, 0.75);
  await expect.poll(() => audioTime(visitor), { timeout: 5_000 }).toBeGreaterThan(5);
  await expect(listen.getByTestId('share-time')).toContainText(/^0:0[5-8]/);
  await expect(visitor.getByRole('link', { name: /Download/ })).toHaveCount(0);
  await shot(visitor, '1-visitor-playing');
  await expectNoSeriousA11yViolations(visitor, 'share-link: /s/{token} playing @desktop');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.waitForTimeout(300);
  await shot(visitor, '2-visitor-phone');
  await expectNoSeriousA11yViolations(visitor, 'share-link: /s/{token} playing @390x844');
  await visitor
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: /^Pause/ })
    .click();

  // --- Another site frames the link's embed: it plays there too.
  const site = await embeddingSite(`${baseURL}/embed/s/${token}`);
  try {
    await visitor.setViewportSize({ width: 1280, height: 720 });
    await visitor.goto(site.url);
    const player = visitor.frameLocator('iframe[title="Journal player"]');
    await player.getByRole('button', { name: `Play ${name}` }).click();
    const frame = visitor.frames().find((f) => f.url().includes(`/embed/s/${token}`));
    if (!frame) throw new Error('the embed frame is not there');
    await expect.poll(() => frameTime(frame), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await shot(visitor, '3-embed-on-another-site');
  } finally {
    site.server.close();
  }

  // --- A playlist link lists its tracks in order and plays the one chosen (checked at both sizes).
  const playlist = await api(page, 'POST', '/api/playlists', { name: `Attic Tapes ${name.slice(-6)}` });
  expect(playlist.status).toBe(201);
  const samples = (await api(page, 'GET', '/api/tracks')).body as { id: number; name: string }[];
  const sample = samples.find((t) => t.id !== trackId);
  if (!sample) throw new Error('the demo journal has no sample track');
  for (const id of [trackId, sample.id]) {
    const added = await api(page, 'POST', `/api/playlists/${playlist.body.id}/tracks`, { trackId: id });
    expect(added.status).toBeLessThan(300);
  }
  const listLink = await api(page, 'POST', '/api/shares', { playlistId: playlist.body.id });
  expect((await visitor.goto(`/s/${listLink.body.token}`))?.status()).toBe(200);
  const rows = visitor.getByRole('list', { name: 'Tracks' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(name);
  await expect(rows.nth(1)).toContainText(sample.name);
  await rows
    .nth(0)
    .getByRole('button', { name: `Play ${name}` })
    .click();
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => audioTime(visitor), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await shot(visitor, '4-playlist-link');
  await expectNoSeriousA11yViolations(visitor, 'share-link: playlist link playing @desktop');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.waitForTimeout(300);
  await shot(visitor, '5-playlist-link-phone');
  await expectNoSeriousA11yViolations(visitor, 'share-link: playlist link @390x844');
  await visitor
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: /^Pause/ })
    .click();

  // --- The owner revokes the link in the dialog (after a confirmation), which counted its visit.
  await row.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const link = dialog.getByTestId('share-link');
  await expect(link).toContainText(/[1-9]\d* visits?/);
  await link.getByRole('button', { name: 'Revoke link' }).click();
  await link.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(dialog.getByText('No private links yet.')).toBeVisible();
  const gone = await visitor.goto(`/s/${token}`);
  expect(gone?.status()).toBe(404);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'This link does not exist or was revoked' }),
  ).toBeVisible();
  await shot(visitor, '6-revoked');
  await expectNoSeriousA11yViolations(visitor, 'share-link: revoked link');
  await stranger.close();
});
