import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type LocalOidcProvider, type OidcTestUser, startOidcProvider } from '../../../test/oidc-provider';
import { loadConfig } from '../../config';
import { userIdentities, users } from '../../db/schema';

// Issue 41, item 2 (decision 0530): ADMIN_USERS named emails, and the email of an ID token was
// stored without looking at email_verified, so a token claiming an admin's address made an admin.
// Each attack below is a token the local issuer signs, as a lax (or hostile-tenant) issuer would.

const BOSS = 'boss@example.com';
const CHIEF = 'chief@example.com';
// Subjects are compared as sent: this one differs from its lower-case spelling.
const SUBJECT = 'Keycloak|Admin-42';
let provider: LocalOidcProvider;
let t: TestApp;
/** The same database behind an app that keeps sessions for an hour (ACCESS_CACHE_SECONDS). */
let cached: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider();
  const oidc = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret };
  // Through the environment's parser, as an operator writes it: any case, spaces after commas.
  const { adminUsers } = loadConfig({ ADMIN_USERS: `Boss@Example.com, ${CHIEF}, sub:${SUBJECT}` });
  t = await buildTestApp({ config: { oidc, adminUsers } });
  cached = await buildTestApp({
    sharedDatabase: t.database,
    config: { oidc, adminUsers, accessCacheSeconds: 3600 },
  });
});
afterAll(async () => {
  await cached.close();
  await t.close();
  await provider.stop();
});

/** A Google-style sign-in through the local issuer, whose ID token carries exactly `claims`. */
async function signInWith(claims: OidcTestUser, app: TestApp = t) {
  provider.setUser(claims);
  const browser = app.client();
  const started = await browser.get('/api/supabase/auth');
  const answer = await fetch(new URL(started.headers.location as string), { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') as string);
  const done = await browser.get(callback.pathname + callback.search);
  expect(done.statusCode).toBe(302);
  browser.resetCsrf();
  const me = await browser.get('/api/auth/user');
  expect(me.statusCode).toBe(200);
  return { browser, me: me.json() as { id: string; email: string | null; isAdmin: boolean } };
}

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('admin rights need a verified email (issue 41)', () => {
  it.each([
    ['says email_verified: false', { email_verified: false }],
    ['has no email_verified', {}],
    ['says email_verified: "true" (a string)', { email_verified: 'true' as unknown as boolean }],
  ])("a token for an admin's address that %s makes no admin", async (_, verification) => {
    const { browser, me } = await signInWith({ sub: 'lax-issuer|mallory', email: BOSS, ...verification });
    expect(me).toMatchObject({ email: BOSS, isAdmin: false });
    expect((await browser.get('/api/admin/people')).statusCode).toBe(404);
    expect((await rowOf(me.id))?.emailVerified).toBe(false);
  });

  it('the verified owner of the address takes it from the unverified holder and is the admin', async () => {
    const mallory = await signInWith({ sub: 'lax-issuer|mallory', email: BOSS, email_verified: false });
    const boss = await signInWith({ sub: 'google|boss', email: BOSS, email_verified: true });
    expect(boss.me).toMatchObject({ email: BOSS, isAdmin: true });
    const people = await boss.browser.get('/api/admin/people?q=mallory');
    expect(people.statusCode).toBe(200);
    expect((await rowOf(mallory.me.id))?.email).toBeNull();
    expect((await mallory.browser.get('/api/auth/user')).json()).toMatchObject({
      email: null,
      isAdmin: false,
    });
  });

  it('a sub: entry names the account of that subject at the configured issuer, whatever its email', async () => {
    const { browser, me } = await signInWith({
      sub: SUBJECT,
      email: 'ops@lax.example',
      email_verified: false,
    });
    expect(me.isAdmin).toBe(true);
    const listed = await browser.get('/api/admin/people?q=ops@lax.example');
    expect(listed.statusCode).toBe(200);
    // The console says the address is nobody's word but the person's own.
    expect(listed.json().people).toMatchObject([{ id: me.id, isAdmin: true, emailVerified: false }]);
  });

  it('a sub: entry names neither the subject spelled in another case nor the subject at another issuer', async () => {
    const otherCase = await signInWith({ sub: SUBJECT.toLowerCase(), email: 'x@lax.example' });
    expect(otherCase.me.isAdmin).toBe(false);
    expect((await otherCase.browser.get('/api/admin/people')).statusCode).toBe(404);

    // An account made by another issuer this instance once used (OIDC_ISSUER changed since).
    const [elsewhere] = await t.db.insert(users).values({ firstName: 'Elsewhere' }).returning();
    await t.db
      .insert(userIdentities)
      .values({ issuer: 'https://old-issuer.example', subject: SUBJECT, userId: elsewhere!.id });
    const client = await t.signedInAs(elsewhere!.id);
    expect((await client.get('/api/auth/user')).json().isAdmin).toBe(false);
    expect((await client.get('/api/admin/people')).statusCode).toBe(404);
    const [own] = await t.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, provider.issuer), eq(userIdentities.subject, SUBJECT)));
    expect(own?.userId).not.toBe(elsewhere!.id);
  });

  it('an admin whose email changes to one another account holds keeps the address, not the rights', async () => {
    const first = await signInWith({ sub: 'google|chief', email: CHIEF, email_verified: true });
    expect(first.me.isAdmin).toBe(true);
    await t.db.insert(users).values({ email: 'taken@example.com', emailVerified: true });
    const again = await signInWith({ sub: 'google|chief', email: 'taken@example.com', email_verified: true });
    expect(again.me).toMatchObject({ id: first.me.id, email: CHIEF, isAdmin: false });
    expect((await again.browser.get('/api/admin/people')).statusCode).toBe(404);
  });

  it("a sign-in whose email is no longer verified ends admin rights at once, in the person's other sessions too", async () => {
    const earlier = await signInWith({ sub: 'google|boss', email: BOSS, email_verified: true }, cached);
    // Read (and kept for the next hour) by this instance's access cache.
    expect((await earlier.browser.get('/api/admin/people')).statusCode).toBe(200);
    const later = await signInWith({ sub: 'google|boss', email: BOSS, email_verified: false }, cached);
    expect(later.me).toMatchObject({ id: earlier.me.id, email: BOSS, isAdmin: false });
    expect((await earlier.browser.get('/api/admin/people')).statusCode).toBe(404);
    expect((await earlier.browser.get('/api/auth/user')).json().isAdmin).toBe(false);
  });
});
