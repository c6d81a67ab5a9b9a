import type { Page } from '@playwright/test';

const READER_PATH = '/__story-clipboard-reader';

/**
 * What the app put on the clipboard. The app's own pages cannot read it: its Permissions-Policy
 * denies clipboard-read to every document it serves (decision 0244), as it should. So the story
 * reads it from a blank page of the same origin that the browser context serves itself, without
 * the app's headers; the permission is granted to that origin.
 */
export async function readClipboard(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const context = page.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await context.route(`${origin}${READER_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>clipboard</title>' }),
  );
  const reader = await context.newPage();
  try {
    await reader.goto(`${origin}${READER_PATH}`);
    await reader.bringToFront();
    return await reader.evaluate(() => navigator.clipboard.readText());
  } finally {
    await reader.close();
    await page.bringToFront();
  }
}
