import { type Browser, expect, type Page } from '@playwright/test';
import { picture } from './pictures';

// Helpers of the phone stories (e2e/phone.spec.ts, e2e/phone-pages.spec.ts; issue 25, decision 0365).

/** The phone the issue tries: 390 × 844 CSS px, with touch. */
export const PHONE = { width: 390, height: 844 };

/** What `test.use` (or a new context) needs to be that phone. */
export const PHONE_CONTEXT = { viewport: PHONE, hasTouch: true, isMobile: true } as const;

/** `shot(page, 'name')` leaves e2e/screenshots/<story>--<name>.png, the screen as the phone shows it. */
export const phoneShots =
  (story: string) =>
  (page: Page, name: string): Promise<void> =>
    picture(page, `${story}--${name}.png`, { animations: 'disabled' });

/** The demo sign-in by taps (the shared fixture looks for the desktop sidebar). */
export async function signInAsDemoOnPhone(page: Page): Promise<void> {
  await page.goto('/test-auth');
  await page.getByRole('button', { name: 'Create Demo Session' }).tap();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await expect(page.getByTestId('track-row').first()).toBeVisible();
}

/** A phone of its own (its own cookies), signed out, speaking from `address` when given. */
export async function signedOutPhone(browser: Browser, baseURL: string | undefined, address?: string) {
  const context = await browser.newContext({
    baseURL,
    ...PHONE_CONTEXT,
    extraHTTPHeaders: address ? { 'x-forwarded-for': address } : undefined,
  });
  return { context, page: await context.newPage() };
}

/** PATCH as the signed-in page, with its CSRF token. */
export async function patchJson(page: Page, url: string, data: unknown): Promise<void> {
  const token = await page.request.get('/api/auth/csrf-token');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const res = await page.request.patch(url, { headers: { 'x-csrf-token': csrfToken }, data });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Nothing on the screen is wider than the phone: not the document, not the fixed frame (decision
 * 0365; an absolute element placed by it, such as visually hidden text in a wide table, stretches
 * it even where no finger can scroll it, and focusing moves the whole app sideways), not `<main>`.
 */
export async function expectNoSidewaysOverflow(page: Page, screen: string): Promise<void> {
  const wider = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>('.app-frame, main')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.classList.contains('app-frame') ? '.app-frame' : ''}: ${el.scrollWidth} > ${el.clientWidth}`,
      ),
  );
  expect(wider, `wider than the screen on ${screen}`).toEqual([]);
}
