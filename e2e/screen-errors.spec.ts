import { expect, expectNoSeriousA11yViolations, screenshotsOf, signInAsDemo, test } from './fixtures';

// Decision 0515: a screen or dialog whose code cannot be fetched (a dropped connection) says so,
// and the rest of the app stays usable, instead of a blank window. The worker is kept out, so the
// chunks come from the network, where the story cuts them off.

const shot = screenshotsOf('screen-errors');

test.use({ serviceWorkers: 'block' });

test('a screen whose code cannot be fetched shows a card in the page area; the shell stays and leads on', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.route(/\/assets\/recent-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  const journalNav = page.getByRole('navigation', { name: 'Journal' });
  await journalNav.getByRole('button', { name: 'Recently played' }).click();

  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Something went wrong');
  await expect(alert).toContainText(
    'Part of Journal could not be loaded. Check your connection, then reload the page.',
  );
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your Journal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'screen error card');
  await shot(page, 'chunk-failed');

  // Another address clears it: the journal shows again.
  await journalNav.getByRole('button', { name: 'Journal' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('track-row').first()).toBeVisible();

  // Reload fetches it afresh (the connection is back).
  await page.unroute(/\/assets\/recent-page-[^/]+\.js$/);
  await journalNav.getByRole('button', { name: 'Recently played' }).click();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently played' })).toBeVisible();
});

test('a dialog whose code cannot be fetched says so in a toast, and opens at the next try', async ({
  page,
}) => {
  await signInAsDemo(page);
  const chunk = /\/assets\/create-playlist-dialog-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  const myPlaylists = page.getByRole('region', { name: 'My Playlists' });
  await myPlaylists.getByRole('button', { name: 'New playlist' }).click();
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  await expect(
    toasts.getByText('Could not open this: check your connection, then reload the page.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your Journal' })).toBeVisible();
  await shot(page, 'dialog-failed');

  await page.unroute(chunk);
  await myPlaylists.getByRole('button', { name: 'New playlist' }).click();
  await expect(page.getByLabel('Playlist Name')).toBeVisible();
});
