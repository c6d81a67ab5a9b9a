import { createHash } from 'node:crypto';
import path from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { OIDC_USER_COOKIE, type OidcTestUser, oidcUserCookie } from '../src/test/oidc-provider';
import { expectNoSeriousA11yViolations } from './support/axe';
import { describeFailure, startWatching } from './support/page-problems';
import { picture } from './support/pictures';

export { expect, expectNoSeriousA11yViolations, picture };

/** `shot(page, 'name')` leaves e2e/screenshots/<story>--<name>.png, the whole page. */
export const screenshotsOf =
  (story: string) =>
  (page: Page, name: string): Promise<void> =>
    picture(page, `${story}--${name}.png`, { fullPage: true });

/**
 * The person `signInWithGoogle(page)` signs in as: Ada's name and address. Her subject is the
 * story's own (`googleUser().sub`, decision 0153), so stories running side by side never share an
 * account; GOOGLE_USER.sub is the local provider's default (DEFAULT_OIDC_USER).
 */
export const GOOGLE_USER = {
  sub: 'google-oauth2|ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
} as const;

export interface GooglePerson {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A short digest of the running story's id: the same within a story, different between stories. */
function storyKey(info: TestInfo = base.info()): string {
  return createHash('sha256').update(info.testId).digest('hex').slice(0, 10);
}

/** Ada with this story's own subject (or `person`'s claims unchanged when given). */
export function googleUser(person?: Partial<GooglePerson>): GooglePerson {
  return { ...GOOGLE_USER, sub: `${GOOGLE_USER.sub}-${storyKey()}`, ...person };
}

/**
 * Chooses who the local issuer signs this page's browser in as, from its next sign-in on: a cookie
 * it reads at its authorize step (src/test/oidc-provider.ts), set for the issuer's address (the
 * shared server's, from global-setup, unless another is named).
 */
export async function chooseOidcUser(
  page: Page,
  claims: OidcTestUser,
  issuer = process.env.E2E_OIDC_ISSUER,
): Promise<void> {
  if (!issuer) throw new Error('No OIDC issuer to choose the user at (E2E_OIDC_ISSUER is not set)');
  await page.context().addCookies([{ name: OIDC_USER_COOKIE, value: oidcUserCookie(claims), url: issuer }]);
}

/**
 * An address of this story's own (10.x.y.z), sent as X-Forwarded-For by its browser context: the
 * story servers trust 127.0.0.1 as a proxy (TRUST_PROXY), so the per-address limits (20 demo
 * accounts an hour, signed-out requests a minute) count each story apart (decision 0153).
 */
export function storyAddress(info: TestInfo): string {
  const digest = createHash('sha256').update(info.testId).digest();
  return `10.${digest[0]}.${digest[1]}.${Math.max(1, digest[2] ?? 1)}`;
}

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
 * /api/auth/callback → /?auth=success → journal shell. As `person` (default: Ada with this
 * story's own subject, `googleUser()`).
 */
export async function signInWithGoogle(page: Page, person: GooglePerson = googleUser()): Promise<void> {
  // Against a server started elsewhere (E2E_BASE_URL alone) its issuer's own user signs in.
  if (process.env.E2E_OIDC_ISSUER) {
    await chooseOidcUser(page, {
      sub: person.sub,
      email: person.email,
      // Google vouches for its accounts' addresses; the admin story's admin is named by one (0530).
      email_verified: true,
      given_name: person.firstName,
      family_name: person.lastName,
    });
  }
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
 * Every story speaks from an address of its own (storyAddress), keeps a screenshot of where it
 * ended, pass or fail, under e2e/screenshots/; and a story
 * that passed has its end state checked by axe at both window sizes (the explicit calls inside the
 * stories check the states on the way).
 */
export const test = base.extend<{
  endStateScreenshot: undefined;
  endStateA11y: undefined;
  pageProblems: undefined;
}>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': storyAddress(testInfo) });
  },
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
        // Layout switches (drawer vs sidebar) happen on resize: the media query's change event
        // renders synchronously before the next frame's callbacks (useMediaQuery is
        // useSyncExternalStore), so two frames later the new layout is drawn, and the axe helper
        // then waits for the transitions it started (decision 0435, candidate 2).
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        await expectNoSeriousA11yViolations(page, `${title} @${size.width}x${size.height}`);
      }
    },
    { auto: true },
  ],
  // A failed story's account of its browsers (support/page-problems.ts), attached as
  // 'page-problems': scripts/test.mjs prints it, as CI keeps no screenshots or traces.
  pageProblems: [
    async ({ browser, page }, use, testInfo) => {
      const stop = startWatching(browser, page);
      await use(undefined);
      stop();
      if (testInfo.status === testInfo.expectedStatus) return;
      const body = await describeFailure(testInfo);
      await testInfo.attach('page-problems', { body, contentType: 'text/plain' });
    },
    { auto: true },
  ],
  endStateScreenshot: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      const file = `${slug(path.basename(testInfo.file, '.spec.ts'))}--${slug(testInfo.title)}.png`;
      await picture(page, file, { fullPage: true }).catch((error: unknown) => {
        console.warn(`[e2e] could not save ${file}: ${String(error)}`);
      });
    },
    { auto: true },
  ],
});
