import type { Page, Route } from '@playwright/test';
import type { UserImport } from '../src/shared/schemas/imports';
import { expect, expectNoSeriousA11yViolations, picture, signInAsDemo, test } from './fixtures';
import { profileCard } from './support/own-data';
import { expectNoSidewaysOverflow } from './support/phone';

// How the profile's "Import a Journal export" card looks and reads in each of its states (decision
// 0426), at desktop and phone width. The import API's replies are played by the story (page.route)
// so every state can be held still for its picture; the real round trip through the server is
// own-your-data.spec.ts.

const PHONE_WIDTH = { width: 375, height: 812 };
const FILE = 'journal-export-2026-11-26.zip';
const base: UserImport = {
  id: '2a7d4c1e-9b3f-4e6a-8c5d-0f1e2d3c4b5a',
  state: 'queued',
  fileName: FILE,
  total: 14,
  processed: 0,
  created: { tracks: 0, versions: 0, playlists: 0, equipment: 0 },
  skipped: { tracks: 0, playlists: 0 },
  refused: [],
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
};

/** The card alone, at desktop width and at 375 px (where nothing may run off the side). */
async function shootBoth(page: Page, state: string) {
  const card = await profileCard(page, 'Import a Journal export');
  await expectNoSeriousA11yViolations(page, `import card: ${state}`);
  await picture(card, `import-card--${state}.png`);
  const size = page.viewportSize()!;
  await page.setViewportSize(PHONE_WIDTH);
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysOverflow(page, `import card: ${state}`);
  await picture(card, `import-card--${state}-375.png`);
  await page.setViewportSize(size);
}

test('the import card in each state, desktop and phone', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAsDemo(page);
  let list: UserImport[] = [];
  await page.route('**/api/user/imports', (route) => route.fulfill({ json: list }));
  // Each upload is held until the story answers it. The answer waits for that upload to have
  // reached the route: answering the previous one's (already used) resolver left the second hanging.
  type Reply = { status: number; json: unknown };
  const held: ((reply: Reply) => void)[] = [];
  let answered = 0;
  await page.route('**/api/user/import', async (route: Route) => {
    const reply = await new Promise<Reply>((resolve) => held.push(resolve));
    await route.fulfill(reply);
  });
  const release = async (reply: Reply) => {
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(answered);
    held[answered++]!(reply);
  };

  await page.goto('/profile');
  const card = await profileCard(page, 'Import a Journal export');
  await expect(card.getByText('No import yet.')).toBeVisible();
  await shootBoth(page, 'idle');

  const zip = { name: FILE, mimeType: 'application/zip', buffer: Buffer.alloc(256 * 1024, 1) };
  await card.getByLabel('Journal export zip').setInputFiles(zip);
  await expect(card.getByRole('progressbar', { name: `Uploading ${FILE}` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  await shootBoth(page, 'uploading');

  // A refusal: the server's words, and the button back.
  await release({
    status: 413,
    json: { statusCode: 413, error: 'Payload Too Large', message: 'The archive is past your storage quota' },
  });
  await expect(card.getByRole('alert')).toHaveText('The archive is past your storage quota');
  await expect(card.getByRole('button', { name: 'Choose a zip' })).toBeEnabled();
  await shootBoth(page, 'refused');

  await card.getByLabel('Journal export zip').setInputFiles(zip);
  list = [{ ...base, state: 'running', processed: 5 }];
  await release({ status: 202, json: { id: base.id, state: 'queued' } });
  const bar = card.getByRole('progressbar', { name: `Importing ${FILE}` });
  await expect(bar).toHaveAttribute('aria-valuetext', '5 of 14 tracks');
  await expect(card.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  await shootBoth(page, 'running');

  // Polled while it runs: the card moves on without a reload.
  list = [
    {
      ...base,
      state: 'done',
      processed: 14,
      created: { tracks: 12, versions: 15, playlists: 3, equipment: 4 },
      skipped: { tracks: 2, playlists: 0 },
      finishedAt: '2026-11-26T10:02:00.000Z',
    },
  ];
  await expect(card.getByText('Imported 12 tracks, 3 playlists · 2 tracks were already here')).toBeVisible({
    timeout: 15_000,
  });
  await shootBoth(page, 'done');

  list = [
    {
      ...base,
      id: '3b8e5d2f-0c4a-4f7b-9d6e-1a2b3c4d5e6f',
      state: 'failed',
      fileName: 'someone-elses-backup.zip',
      error: 'journal.json does not describe a Journal export (tracks.0.title: Required)',
      createdAt: '2026-11-26T11:00:00.000Z',
      finishedAt: '2026-11-26T11:00:01.000Z',
    },
    ...list,
  ];
  await page.reload();
  await expect(card.getByText(/does not describe a Journal export/)).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Earlier imports' })).toBeVisible();
  await shootBoth(page, 'failed');
});
