import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_ID_PATTERN } from '../../../shared/profile-path';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../../test/build-test-app';
import { DEFAULT_OIDC_USER, type LocalOidcProvider, startOidcProvider } from '../../../test/oidc-provider';
import { userIdentities, users } from '../../db/schema';
import { SIGN_IN_BINDING_COOKIE } from './sign-in-handoff';

let provider: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider();
  t = await buildTestApp({
    config: {
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => provider.setUser(DEFAULT_OIDC_USER));

/** The user an identity of the local provider belongs to (decision 0201). */
async function userIdOf(subject: string): Promise<string | undefined> {
  const [row] = await t.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, provider.issuer), eq(userIdentities.subject, subject)));
  return row?.userId;
}

/** Starts sign-in like the browser does and lets the provider answer; returns the callback path. */
async function authorize(browser: TestClient, start = '/api/supabase/auth'): Promise<string> {
  const started = await browser.get(start);
  expect(started.statusCode).toBe(302);
  const authorizeUrl = new URL(started.headers.location as string);
  expect(authorizeUrl.origin).toBe(new URL(provider.issuer).origin);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/auth/callback`);
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') as string);
  expect(callback.pathname).toBe('/api/auth/callback');
  return callback.pathname + callback.search;
}

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  it('reports Google sign-in as enabled', async () => {
    expect((await t.client().get('/api/auth/config')).json()).toEqual({
      googleEnabled: true,
      demoEnabled: true,
    });
  });

  it('signs in, creates the user from the ID token claims, and lands on /?auth=success', async () => {
    const browser = t.client();
    const callback = await authorize(browser);
    const done = await browser.get(callback);
    expect(done.statusCode).toBe(302);
    const landing = new URL(done.headers.location as string, TEST_PUBLIC_URL);
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.get('auth')).toBe('success');

    const me = await browser.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    // An internal id, never the subject (decision 0200); the identity names the user (0201).
    expect(me.json().id).toMatch(USER_ID_PATTERN);
    expect(await userIdOf(DEFAULT_OIDC_USER.sub)).toBe(me.json().id);
    expect(me.json()).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://example.com/ada.png',
      claims: { isDemo: false },
    });
  });

  it('updates email, names and picture on a later sign-in, keeping the username', async () => {
    const id = (await userIdOf(DEFAULT_OIDC_USER.sub)) as string;
    await t.db.update(users).set({ username: 'countess' }).where(eq(users.id, id));
    provider.setUser({ ...DEFAULT_OIDC_USER, email: 'ada@analytical.engine', given_name: 'Augusta' });
    const browser = t.client();
    await browser.get(await authorize(browser));
    const me = (await browser.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      id,
      email: 'ada@analytical.engine',
      firstName: 'Augusta',
      username: 'countess',
    });
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, id))).toHaveLength(1);
  });

  it('signs in a new account whose email another account holds, without that email (decision 0023)', async () => {
    await t.db
      .insert(users)
      .values({ id: 'earlier-account', email: 'shared@example.com', firstName: 'Earlier' });
    provider.setUser({ sub: 'google-oauth2|newcomer', email: 'shared@example.com', given_name: 'New' });
    for (const attempt of ['first sign-in', 'second sign-in']) {
      const browser = t.client();
      const done = await browser.get(await authorize(browser));
      expect(done.statusCode, attempt).toBe(302);
      expect(new URL(done.headers.location as string, TEST_PUBLIC_URL).searchParams.get('auth')).toBe(
        'success',
      );
      expect((await browser.get('/api/auth/user')).json(), attempt).toMatchObject({
        id: await userIdOf('google-oauth2|newcomer'),
        email: null,
        firstName: 'New',
      });
    }
    const [earlier] = await t.db.select().from(users).where(eq(users.id, 'earlier-account'));
    expect(earlier?.email).toBe('shared@example.com');
  });

  it("keeps a person's email when their Google email changes to one another account holds", async () => {
    // Verified by its own provider: an unverified holder gives the address up (decision 0530).
    await t.db.insert(users).values({ id: 'holder', email: 'held@example.com', emailVerified: true });
    const browser = t.client();
    await browser.get(await authorize(browser));
    provider.setUser({ ...DEFAULT_OIDC_USER, email: 'held@example.com', given_name: 'Augusta Ada' });
    const again = t.client();
    expect((await again.get(await authorize(again))).statusCode).toBe(302);
    expect((await again.get('/api/auth/user')).json()).toMatchObject({
      id: await userIdOf(DEFAULT_OIDC_USER.sub),
      email: DEFAULT_OIDC_USER.email,
      firstName: 'Augusta Ada',
    });
  });

  it('keeps ?pendingInvite through the round trip and lands on /join/{code}', async () => {
    const browser = t.client();
    const callback = await authorize(browser, '/api/supabase/auth?pendingInvite=abc123XYZ');
    const done = await browser.get(callback);
    const landing = new URL(done.headers.location as string, TEST_PUBLIC_URL);
    expect(landing.pathname).toBe('/join/abc123XYZ');
    expect(landing.searchParams.get('auth')).toBe('success');
  });

  it('drops a pendingInvite that is not an invite code (no open redirect)', async () => {
    const browser = t.client();
    const callback = await authorize(browser, '/api/supabase/auth?pendingInvite=%2F%2Fevil.example.com');
    const done = await browser.get(callback);
    expect(new URL(done.headers.location as string, TEST_PUBLIC_URL).pathname).toBe('/');
  });

  it('refuses a callback whose state does not match, with a clear page and no session', async () => {
    const browser = t.client();
    const callback = new URL(await authorize(browser), TEST_PUBLIC_URL);
    callback.searchParams.set('state', 'forged-state');
    const res = await browser.get(callback.pathname + callback.search);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Sign-in failed');
    expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses an ID token whose nonce does not match', async () => {
    const browser = t.client();
    const callback = await authorize(browser);
    provider.forceNextNonce('someone-elses-nonce');
    const res = await browser.get(callback);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sign-in failed');
    expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a callback in a browser that never started sign-in (and a replayed one)', async () => {
    const browser = t.client();
    const callback = await authorize(browser);
    const stranger = await t.client().get(callback);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('Sign-in failed');
    expect((await browser.get(callback)).statusCode).toBe(302);
    expect((await browser.get(callback)).statusCode).toBe(400);
  });

  it('finishes through manual-session when the session cookie did not stick', async () => {
    const browser = t.client();
    const done = await browser.get(await authorize(browser));
    const handoff = new URL(done.headers.location as string, TEST_PUBLIC_URL).searchParams.get('handoff');
    expect(handoff).toBeTruthy();
    // The same browser without its session cookie: it still holds the sign-in binding.
    const binding = browser.cookies.get(SIGN_IN_BINDING_COOKIE);
    expect(binding).toBeTruthy();
    const sessionLost = t.client();
    sessionLost.cookies.set(SIGN_IN_BINDING_COOKIE, binding!);
    const res = await sessionLost.post('/api/auth/manual-session', { handoff });
    expect(res.statusCode).toBe(200);
    expect((await sessionLost.get('/api/auth/user')).json()).toMatchObject({
      id: await userIdOf(DEFAULT_OIDC_USER.sub),
    });
  });

  it("refuses a hand-off token from the attacker's own redirect in a victim's browser (login CSRF)", async () => {
    const attacker = t.client();
    const done = await attacker.get(await authorize(attacker));
    const handoff = new URL(done.headers.location as string, TEST_PUBLIC_URL).searchParams.get('handoff');
    expect(handoff).toBeTruthy();
    // The victim opens /?auth=success&handoff=… and the client posts it, from the victim's cookie jar
    // (signed out, or in the middle of a sign-in of their own).
    const victim = t.client();
    await authorize(victim);
    const res = await victim.post('/api/auth/manual-session', { handoff });
    expect(res.statusCode).toBe(401);
    expect((await victim.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sets the binding cookie httpOnly and only for /api/auth, for a quarter of an hour', async () => {
    const browser = t.client();
    const started = await browser.get('/api/supabase/auth');
    const cookie = started.cookies.find((c) => c.name === SIGN_IN_BINDING_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 900 });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
  });
});
