import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { OidcTestUser } from '../../src/test/oidc-provider';
import { test as base, chooseOidcUser, expectJournalShell } from '../fixtures';
import { ROOT, type RunningJournal, startJournal } from './journal-server';

// Helpers of the collectives story (e2e/collectives.spec.ts) and of stories with several people.
//
// Each sign-in chooses its person with a cookie the local issuer reads (chooseOidcUser, decision
// 0153), so these stories run on the shared server of global-setup like the others. Without it
// (E2E_BASE_URL naming a server started elsewhere) a worker starts a server and issuer of its own.

/** The shared server as a RunningJournal: its issuer runs in the Playwright runner's process. */
function sharedJournal(baseURL: string, issuer: string): RunningJournal {
  const elsewhere = () => {
    throw new Error(
      'The shared story server chooses the OIDC user per sign-in: use signInAs or chooseOidcUser',
    );
  };
  return {
    baseURL,
    dataDir: '',
    oidc: {
      issuer,
      clientId: '',
      clientSecret: '',
      setUser: elsewhere,
      forceNextNonce: elsewhere,
      stop: async () => {},
    },
    stop: async () => {},
  };
}

export const test = base.extend<object, { journalWithPeople: RunningJournal }>({
  journalWithPeople: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const { E2E_BASE_URL: shared, E2E_OIDC_ISSUER: issuer } = process.env;
      if (shared && issuer) {
        await use(sharedJournal(shared, issuer));
        return;
      }
      const logFile = path.join(ROOT, 'test-results', 'e2e-server-collectives.log');
      const journal = await startJournal({ logFile });
      await use(journal);
      await journal.stop();
    },
    // A server of its own starts in seconds, but far slower on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ journalWithPeople }, use) => {
    await use(journalWithPeople.baseURL);
  },
});

export interface Person {
  claims: OidcTestUser;
  /** The display name the app shows: first and last name, as they have no username. */
  name: string;
}

/** A person of their own: each call has a new subject, so no other story (or run) signs in as them. */
export function person(id: string, firstName: string, lastName: string): Person {
  const own = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    claims: {
      sub: `google-oauth2|${id}-${own}`,
      email: `${id}@example.com`,
      given_name: firstName,
      family_name: lastName,
    },
    name: `${firstName} ${lastName}`,
  };
}

/** A fresh browser context (its own cookies and storage) for one person. */
export async function browserFor(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}

/**
 * Clicks 'Sign in with Google' on whatever page shows it (landing page or join prompt) as `who`:
 * the local issuer approves at once and the callback brings the browser back.
 */
export async function signInAs(page: Page, journal: RunningJournal, who: Person): Promise<void> {
  if (!journal.oidc) throw new Error('this server has no OIDC issuer');
  await chooseOidcUser(page, who.claims, journal.oidc.issuer);
  const callback = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/callback', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await callback;
}

/** Signs in from the landing page and waits for the journal shell. */
export async function signInHome(page: Page, journal: RunningJournal, who: Person): Promise<void> {
  await page.goto('/');
  await signInAs(page, journal, who);
  await expectJournalShell(page);
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/auth/csrf-token');
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { 'x-csrf-token': csrfToken };
}

/** POSTs JSON through the page's session, as the app does (CSRF header included). */
export async function postJson<T>(page: Page, url: string, data: unknown, status = 201): Promise<T> {
  const res = await page.request.post(url, { headers: await csrfHeaders(page), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** A new invite link's code, made through `page`'s session (the collective's owner or an admin). */
export async function inviteCode(page: Page, collectiveId: number, type: 'single' | 'multi' = 'single') {
  return (await postJson<{ code: string }>(page, `/api/collectives/${collectiveId}/invite-links`, { type }))
    .code;
}

/** `who`, in a browser of their own, signed in and joined through the invite `code`. */
export async function joinInOwnBrowser(
  browser: Browser,
  baseURL: string,
  journal: RunningJournal,
  who: Person,
  code: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const own = await browserFor(browser, baseURL);
  await signInHome(own.page, journal, who);
  await postJson(own.page, `/api/invite/${code}/join`, undefined, 200);
  return own;
}
