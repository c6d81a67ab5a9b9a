import { expect, signInAsDemo, test } from './fixtures';

// Decision 0515: hovering a button with a tooltip loads the tooltip's module, which replaces the
// plain button. If it arrived while the button was pressed, the new element got the release and
// the click never happened: "New playlist" opened nothing, in CI and for anyone on a slow link.
// Here the module is held back until the press has begun. The worker is kept out so that the
// request reaches the story's route.

test.use({ serviceWorkers: 'block' });

test('a click whose press meets the tooltip module’s arrival still opens the dialog', async ({ page }) => {
  await signInAsDemo(page);
  let letThrough: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  let requested = false;
  await page.route(/\/assets\/tooltip-radix-[^/]+\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  const button = page
    .getByRole('region', { name: 'My Playlists' })
    .getByRole('button', { name: 'New playlist' });
  const box = await button.boundingBox();
  if (!box) throw new Error('New playlist has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => requested).toBe(true);
  await page.mouse.down();
  letThrough();
  // The module is in and would have replaced the button by now.
  await page.waitForResponse(/\/assets\/tooltip-radix-[^/]+\.js$/);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.mouse.up();
  await expect(page.getByLabel('Playlist Name')).toBeVisible();
  // The tooltip took over once the press ended.
  await page.keyboard.press('Escape');
  await button.hover();
  await expect(page.getByRole('tooltip', { name: 'New playlist' })).toBeVisible();
});
