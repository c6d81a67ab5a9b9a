import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { type JournalExport, journalExportSchema } from '../../src/shared/schemas/journal-export';
import { type UnzippedEntry, unzipEntries } from '../../src/test/unzip';
import { expectLandingPage } from '../fixtures';

// Set-ups of the own-your-data stories (issue 27): export.spec.ts, leave.spec.ts, own-your-data.spec.ts.

/** The profile's card titled `title`, scrolled into view. */
export async function profileCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole('region', { name: title });
  await card.scrollIntoViewIfNeeded();
  return card;
}

/**
 * On the profile, "Download my data" and the wait until the copy is ready: answers the card and its
 * download link.
 */
export async function requestExport(page: Page): Promise<{ card: Locator; link: Locator }> {
  await page.goto('/profile');
  const card = await profileCard(page, 'Your data');
  await card.getByRole('button', { name: 'Download my data' }).click();
  const link = card.getByRole('link', { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText('Available until');
  return { card, link };
}

export interface DownloadedExport {
  /** Where the zip was saved, under the name the browser was given (journal-export-….zip). */
  path: string;
  fileName: string;
  entries: UnzippedEntry[];
  /** journal.json, checked against the export's own schema. */
  journal: JournalExport;
}

/** Clicks the ready export's link and opens what the browser saved. */
export async function downloadExport(page: Page, link: Locator): Promise<DownloadedExport> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  // Saved under its own name, as a person's browser would (Playwright's copy is a bare uuid).
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'journal-export-')), download.suggestedFilename());
  await download.saveAs(saved);
  const entries = await unzipEntries(readFileSync(saved));
  const journalEntry = entries.find((e) => e.name === 'journal.json');
  expect(journalEntry, 'the zip holds journal.json').toBeTruthy();
  const journal = journalExportSchema.parse(JSON.parse(journalEntry!.data.toString()));
  return { path: saved, fileName: download.suggestedFilename(), entries, journal };
}

/** The profile's "Delete my account" opened: answers its confirmation dialog. */
export async function openDeleteAccount(page: Page): Promise<Locator> {
  await page.goto('/profile');
  const card = await profileCard(page, 'Delete my account');
  await card.getByRole('button', { name: 'Delete my account' }).click();
  return page.getByRole('alertdialog', { name: 'Delete your account?' });
}

/** Types `word` (the username or "delete") into the dialog, confirms, and waits for the landing page. */
export async function confirmDeleteAccount(page: Page, dialog: Locator, word: string): Promise<void> {
  await dialog.getByLabel(/To confirm, type/).fill(word);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectLandingPage(page);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
}
