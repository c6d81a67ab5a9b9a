import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postJson } from './support/collectives';
import {
  PHONE,
  PHONE_CONTEXT,
  patchJson,
  phoneShots,
  signedOutPhone,
  signInAsDemoOnPhone,
} from './support/phone';
import { setTrackVisibility, unique } from './support/playlists';
import { expectTapTargets } from './support/tap-targets';

// Issue 25, "In your pocket" (decision 0365): at 390 × 844 with touch, the player bar stays put
// whatever is swiped, a dialog opened by a tap raises no keyboard, the journal's first screen shows
// tracks under a compact upload bar, every control takes taps over 44 × 44 px, and the lock screen
// shows artwork: for a track with no cover and no avatar, a cover drawn from its waveform.

// The equipment pages, invites and a collective's settings: e2e/phone-pages.spec.ts.

test.use(PHONE_CONTEXT);

const shot = phoneShots('phone');

/** A finger dragged from `from` to `to` in small steps, as the DevTools protocol's touch events. */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 12; step++) {
    const point = { x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Swipes that start on the top bar (both ways) and on the player bar, and a wheel over the top bar:
 * the document never scrolls and the player bar's bottom stays on the screen's.
 */
async function expectPlayerBarPut(page: Page) {
  const top = 28;
  await swipe(page, { x: 200, y: top }, { x: 200, y: 500 });
  await swipe(page, { x: 200, y: top + 20 }, { x: 200, y: 1 });
  await swipe(page, { x: 60, y: PHONE.height - 30 }, { x: 60, y: 150 });
  await page.mouse.move(200, top);
  await page.mouse.wheel(0, 600);
  // A tap during the fling a swipe starts only stops the fling (no click): let it run out.
  await page.waitForTimeout(1_500);
  const where = await page.evaluate(() => ({
    scrollY: window.scrollY,
    documentHeight: document.documentElement.scrollHeight,
    barBottom: document.querySelector('section[aria-label="Player"]')?.getBoundingClientRect().bottom,
  }));
  expect(where).toEqual({ scrollY: 0, documentHeight: PHONE.height, barBottom: PHONE.height });
}

async function demoTracks(page: Page): Promise<Array<{ id: number; name: string }>> {
  const res = await page.request.get('/api/tracks');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Array<{ id: number; name: string }>;
}

test('on a phone the journal shows tracks first, the player bar stays put and Edit Track raises no keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsDemoOnPhone(page);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);

  // The compact upload bar, and the first row whole above the player bar.
  const zone = page.getByTestId('upload-drop-zone');
  await expect(zone).toHaveAttribute('data-variant', 'compact');
  await expect(zone.getByRole('button', { name: 'Browse Files' })).toBeVisible();
  const first = await page.getByTestId('track-row').first().boundingBox();
  const bar = await page.getByRole('region', { name: 'Player' }).boundingBox();
  expect(first && bar && first.y + first.height <= bar.y).toBe(true);
  await shot(page, '1-journal');

  await expectPlayerBarPut(page);
  await shot(page, '2-after-swipes');

  // Edit Track by a tap: the dialog has the focus, not the name field (no keyboard over it).
  const row = page.getByTestId('track-row').first();
  const dialog = page.getByRole('dialog', { name: 'Edit Track' });
  // On a loaded machine a tap now and then opens nothing: the trace shows the touch sent on the
  // button's box and no dialog after it (once in CI at load 8, once in 8 runs beside three busy
  // processes; why Chromium made no click of it is not pinned down). As a person would, tap again
  // while no dialog has opened.
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await row.getByRole('button', { name: 'Edit track' }).tap({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const focused = await page.evaluate(() => ({
    tag: document.activeElement?.tagName,
    role: document.activeElement?.getAttribute('role'),
  }));
  expect(focused).toEqual({ tag: 'DIV', role: 'dialog' });
  await shot(page, '3-edit-track');
  await expectTapTargets(page, 'the Edit Track dialog', '[role="dialog"]');
  // A tap on the field is what brings the keyboard: then it has the focus.
  await dialog.getByLabel('Track Name').tap();
  await expect(dialog.getByLabel('Track Name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toHaveCount(0);
});

test('on a phone every control on the main screens takes taps over 44 × 44 px', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsDemoOnPhone(page);
  const tracks = await demoTracks(page);

  // The journal with tracks, a track's menu, the drawer.
  await expectTapTargets(page, 'the journal');
  const row = page.getByTestId('track-row').first();
  await row.getByRole('button', { name: 'More options' }).tap();
  await expect(page.getByRole('menu')).toBeVisible();
  await shot(page, '4-track-menu');
  await expectTapTargets(page, "a track's menu", '[role="menu"]');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  await expect(page.getByRole('dialog', { name: 'Your Music Journal' })).toBeVisible();
  await shot(page, '5-drawer');
  await expectTapTargets(page, 'the drawer', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The player bar while a track plays, and the queue.
  await row.getByRole('button', { name: /^Play / }).tap();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expectTapTargets(page, 'the player bar', 'section[aria-label="Player"]');
  await page.getByRole('button', { name: 'Queue' }).tap();
  await expect(page.getByRole('dialog', { name: 'Queue' })).toBeVisible();
  await shot(page, '6-queue');
  await expectTapTargets(page, 'the queue', '[role="dialog"]');
  await page.keyboard.press('Escape');

  // A playlist with the demo's tracks.
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Pocket Mix') });
  for (const track of tracks.slice(0, 2)) {
    await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId: track.id });
  }
  await page.goto(`/playlist/${playlist.id}`);
  await expect(page.getByRole('list', { name: 'Playlist tracks' })).toBeVisible();
  await shot(page, '7-playlist');
  await expectTapTargets(page, 'the playlist page');

  // A collective.
  const collective = await postJson<{ id: number }>(page, '/api/collectives', {
    name: unique('Pocket Club'),
  });
  await page.goto(`/collective/${collective.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, '8-collective');
  await expectTapTargets(page, 'a collective');

  // Search, in its dialog with results.
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).first().tap();
  const search = page.getByRole('dialog', { name: /search/i });
  await expect(search).toBeVisible();
  await search.getByRole('combobox', { name: 'Search' }).fill(tracks[0]?.name.split(' ')[0] ?? 'a');
  await expect(search.getByRole('option').first()).toBeVisible();
  await shot(page, '9-search');
  await expectTapTargets(page, 'search', '[role="dialog"]');
  await page.keyboard.press('Escape');

  // The profile.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, '10-profile');
  await expectTapTargets(page, 'the profile');
});

test("on a phone the lock screen shows a cover drawn from the track's waveform", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsDemoOnPhone(page);
  const row = page.getByTestId('track-row').first();
  await row.getByRole('button', { name: /^Play / }).tap();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  // The demo user has no avatar and the journal is no playlist: the generated cover.
  await expect
    .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.artwork.length ?? 0))
    .toBeGreaterThan(0);
  const artwork = await page.evaluate(() =>
    (navigator.mediaSession.metadata?.artwork ?? []).map(({ src, sizes, type }) => ({ src, sizes, type })),
  );
  expect(artwork.map((a) => [a.sizes, a.type])).toEqual([
    ['512x512', 'image/png'],
    ['256x256', 'image/png'],
    ['96x96', 'image/png'],
  ]);
  expect(artwork.every((a) => a.src.startsWith('blob:'))).toBe(true);
  // The picture itself, shown on the page for the screenshot.
  await page.evaluate((src) => {
    const img = document.createElement('img');
    img.src = src;
    img.alt = 'Generated cover';
    img.style.cssText = 'position:fixed;top:60px;left:19px;width:352px;height:352px;z-index:99';
    document.body.append(img);
  }, artwork[0]?.src ?? '');
  await expect(page.getByAltText('Generated cover')).toBeVisible();
  expect(
    await page.getByAltText('Generated cover').evaluate((img) => (img as HTMLImageElement).naturalWidth),
  ).toBe(512);
  await shot(page, '11-generated-cover');
  await page.getByAltText('Generated cover').evaluate((img) => img.remove());
});

test('on a phone the public pages keep their player bar put and their controls big enough', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoOnPhone(page);
  const [track, second] = await demoTracks(page);
  if (!track || !second) throw new Error('the demo journal has fewer than two tracks');
  await setTrackVisibility(page, track.id, 'public');
  await setTrackVisibility(page, second.id, 'public');
  await patchJson(page, '/api/user/privacy', { isPublic: true });
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: unique('Open Air') });
  for (const t of [track, second])
    await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId: t.id });
  await patchJson(page, `/api/playlists/${playlist.id}`, { isPublic: true });

  const visitor = await signedOutPhone(browser, baseURL);
  const guest = visitor.page;
  try {
    // PublicFrame: the track's page, the owner's profile, the playlist's page.
    const pages = [
      ['12-public-track', `/track/${track.id}`, 'the public track page'],
      ['13-public-profile', `/profile/${me.id}`, 'the public profile'],
      ['14-public-playlist', `/playlist/${playlist.id}`, 'the public playlist page'],
    ] as const;
    for (const [name, url, screen] of pages) {
      await guest.goto(url);
      await expect(guest.getByText(track.name).first()).toBeVisible();
      await shot(guest, name);
      await expectPlayerBarPut(guest);
      await expectTapTargets(guest, screen);
    }
  } finally {
    await visitor.context.close();
  }
});
