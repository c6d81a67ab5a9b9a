import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, picture, signInAsDemo, test } from './fixtures';
import { postJson } from './support/collectives';
import { describeTrack, unique, uploadTrack } from './support/playlists';

// Spec section 2 (Shell layout) on a phone: the rail and the playlists sidebar do not fit, so the
// top bar's menu button opens the same sidebar as a drawer, with Create Collective and, in a
// collective, the members.

// Sheets slide in; 'disabled' shows them where they come to rest rather than on their way.
const shot = (page: Page, name: string) =>
  picture(page, `mobile--${name}.png`, { fullPage: true, animations: 'disabled' });

/** A toast's text (exact, so the screen-reader copy of the notification does not match too). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function openDrawer(page: Page, title: string) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('on a phone the menu opens the sidebar: creates a playlist and a collective from it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The shared sign-in fixture looks for the desktop sidebar, so shrink the window afterwards.
  await signInAsDemo(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('complementary', { name: 'Playlists' })).toBeHidden();

  // The journal's sidebar, in a drawer.
  let drawer = await openDrawer(page, 'Your Music Journal');
  await expect(drawer.getByRole('region', { name: 'My Playlists' })).toBeVisible();
  await expect(drawer.getByRole('switch', { name: 'Public Profile' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Create Collective' })).toBeVisible();
  await shot(page, '1-drawer');
  await expectNoSeriousA11yViolations(page, 'mobile: 1-drawer');

  // Create a playlist from it and land on its page, the drawer put away.
  const name = unique('Bus Ride');
  await drawer.getByRole('button', { name: 'Create Playlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Playlist' });
  await create.getByLabel('Playlist Name').fill(name);
  await shot(page, '2-create-playlist');
  await expectNoSeriousA11yViolations(page, 'mobile: 2-create-playlist');
  await create.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/playlist\/\d+$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(toast(page, 'Playlist created successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Opened again, the drawer lists it as the current page.
  drawer = await openDrawer(page, 'Your Music Journal');
  const row = drawer.getByRole('link', { name });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'page');
  await shot(page, '3-playlist-listed');
  await expectNoSeriousA11yViolations(page, 'mobile: 3-playlist-listed');

  // Going elsewhere from the drawer closes it.
  await drawer.getByRole('button', { name: 'Journal' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Drop your tracks here')).toBeVisible();

  // Create Collective from the drawer opens the new collective, whose sidebar the drawer then shows.
  const collective = unique('Pocket Club');
  drawer = await openDrawer(page, 'Your Music Journal');
  await drawer.getByRole('button', { name: 'Create Collective' }).click();
  const createCollective = page.getByRole('dialog', { name: 'Create Collective' });
  await createCollective.getByLabel('Name').fill(collective);
  await createCollective.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/collective\/\d+$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  drawer = await openDrawer(page, collective);
  await expect(drawer.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Invite Members' })).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'Member Playlists' })).toContainText('No playlists yet');
  await shot(page, '4-collective-drawer');
  await expectNoSeriousA11yViolations(page, 'mobile: 4-collective-drawer');

  // Its members, in a sheet from the right: the creator, as owner.
  await drawer.getByRole('button', { name: 'Members (1)' }).click();
  const members = page.getByRole('dialog', { name: 'Members' });
  await expect(members.getByRole('img', { name: 'Owner' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: collective })).toHaveCount(0);
  await shot(page, '5-members');
  await expectNoSeriousA11yViolations(page, 'mobile: 5-members');
  await members.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Invite Members from the drawer goes to the invites page.
  drawer = await openDrawer(page, collective);
  await drawer.getByRole('button', { name: 'Invite Members' }).click();
  await page.waitForURL(/\/collective\/\d+\/invites$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** The element's box, which must exist. */
async function box(locator: import('@playwright/test').Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element on screen').not.toBeNull();
  return b as NonNullable<typeof b>;
}

// Issue 13, Phones: invites as cards, tags and dates under the journal titles, and titles given
// the room they need in the player and the collective heading (decision 0114).
test('on a phone the journal, the player, a collective and its invites use the width they have', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  await page.setViewportSize({ width: 390, height: 844 });

  // A journal row: the kit and the date on a second line under the title.
  const name = unique('Harbour Sunrise');
  const kit = unique('Juno');
  const trackId = await uploadTrack(page, name);
  await describeTrack(page, trackId, 'Long take', kit);
  await page.goto('/');
  const row = page.getByTestId('track-row').filter({ hasText: name });
  const second = row.getByTestId('track-row-second-line');
  await expect(second.getByRole('link', { name: kit })).toBeVisible();
  await expect(second).toContainText(/(\w+ \d{1,2}, |\d{1,2} \w+ )\d{4}/);
  const title = row.getByText(name, { exact: true });
  expect((await box(second)).y).toBeGreaterThan((await box(title)).y);
  await second.scrollIntoViewIfNeeded();
  await shot(page, '6-journal-second-line');
  await expectNoSeriousA11yViolations(page, 'mobile: 6-journal-second-line');

  // The player: the whole title shows (two lines at most), in more than half the width.
  await row.getByRole('button', { name: `Play ${name}` }).click();
  const playerTitle = page.getByTestId('player-title');
  await expect(playerTitle).toHaveText(name);
  expect((await box(playerTitle)).width).toBeGreaterThan(180);
  expect(await playerTitle.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await shot(page, '7-player-title');
  await expectNoSeriousA11yViolations(page, 'mobile: 7-player-title');

  // A collective with a long name: the heading wraps over the width instead of being cut.
  const collectiveName = unique('Harbour Night Sessions Collective');
  const collective = await postJson<{ id: number }>(page, '/api/collectives', { name: collectiveName });
  await page.goto(`/collective/${collective.id}`);
  const heading = page.getByRole('heading', { level: 1, name: collectiveName });
  await expect(heading).toBeVisible();
  expect((await box(heading)).width).toBeGreaterThan(240);
  expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await shot(page, '8-collective-heading');
  await expectNoSeriousA11yViolations(page, 'mobile: 8-collective-heading');

  // Manage Invites: a card per link, the link on one line, Uses and the switch on screen.
  await page.goto(`/collective/${collective.id}/invites`);
  await page.getByRole('button', { name: 'Invite one person' }).click();
  await expect(toast(page, 'Single-use invite link generated')).toBeVisible();
  await page.getByRole('button', { name: 'Invite many people' }).click();
  await expect(toast(page, 'Multi-use invite link generated')).toBeVisible();
  const cards = page.getByTestId('invite-link');
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    const url = card.getByTestId('invite-url');
    const lineHeight = await url.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect((await box(url)).height).toBeLessThanOrEqual(lineHeight + 1);
    const cardBox = await box(card);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
    for (const part of [
      card.getByRole('switch'),
      card.getByRole('button', { name: 'Copy link' }),
      card.getByText(/^\d+(\/\d+)?$/),
    ]) {
      const b = await box(part);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
  }
  await shot(page, '9-invites-cards');
  await expectNoSeriousA11yViolations(page, 'mobile: 9-invites-cards');
});
