import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

export { expect, expectNoSeriousA11yViolations };

/** Where each story leaves a picture of its end state (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

/** The ID-token claims the local OIDC provider signs in with (DEFAULT_OIDC_USER in src/test/oidc-provider.ts). */
export const GOOGLE_USER = {
  sub: 'google-oauth2|ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
} as const;

/** Waits until the signed-in journal shell is on screen (spec section 2, Shell layout). */
export async function expectJournalShell(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Your Journal' })).toBeVisible();
  await expect(page.getByText('Your Music Journal').first()).toBeVisible();
  await expect(page.getByText('No track selected')).toBeVisible();
  await expect(page.getByText('Choose a track to play')).toBeVisible();
}

/** Waits until the signed-out landing page is on screen (spec section 1). */
export async function expectLandingPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Journal', exact: true })).toBeVisible();
  await expect(page.getByText('Experimental community platform for music lovers IYKYK')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
}

/**
 * Signs in as the demo user the way a tester would: /test-auth → 'Create Demo Session', which goes
 * to /?auth=success after 1.5 s and on to the journal shell.
 */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/test-auth');
  await page.getByRole('button', { name: 'Create Demo Session' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await expectJournalShell(page);
}

/**
 * Signs in through the real OpenID Connect flow against the local issuer (standing in for Google):
 * landing page → 'Sign in with Google' → /api/supabase/auth → issuer (auto-approves) →
 * /api/auth/callback → /?auth=success → journal shell.
 */
export async function signInWithGoogle(page: Page): Promise<void> {
  await page.goto('/');
  const callback = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/callback', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await callback;
  await expectJournalShell(page);
  expect(new URL(page.url()).pathname).toBe('/');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** The two window sizes the issue checks every screen at (desktop and phone). */
const A11Y_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * Every story keeps a screenshot of where it ended, pass or fail, under e2e/screenshots/; and a story
 * that passed has its end state checked by axe at both window sizes (the explicit calls inside the
 * stories check the states on the way).
 */
export const test = base.extend<{ endStateScreenshot: undefined; endStateA11y: undefined }>({
  endStateA11y: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      if (!/^https?:/.test(page.url())) return;
      // Two resizes and two axe runs: time of their own, not taken from what the story had left.
      testInfo.setTimeout(testInfo.timeout + 20_000);
      const original = page.viewportSize();
      const title = `${path.basename(testInfo.file, '.spec.ts')}: end of "${testInfo.title}"`;
      // The size the story ended at first, then the other one.
      const sizes = original?.width === A11Y_SIZES[1].width ? [...A11Y_SIZES].reverse() : A11Y_SIZES;
      for (const size of sizes) {
        await page.setViewportSize(size);
        // Layout switches (drawer vs sidebar) happen on resize; let them settle before looking.
        await page.waitForTimeout(300);
        await expectNoSeriousA11yViolations(page, `${title} @${size.width}x${size.height}`);
      }
    },
    { auto: true },
  ],
  endStateScreenshot: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = `${slug(path.basename(testInfo.file, '.spec.ts'))}--${slug(testInfo.title)}.png`;
      const target = path.join(SCREENSHOT_DIR, file);
      await page.screenshot({ path: target, fullPage: true }).catch((error: unknown) => {
        console.warn(`[e2e] could not save ${target}: ${String(error)}`);
      });
    },
    { auto: true },
  ],
});
