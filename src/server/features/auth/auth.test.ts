import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PROBE_HEADER } from '../../../shared/constants';
import { USER_ID_PATTERN } from '../../../shared/profile-path';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';
import { pruneExpiredSessions } from '../../plugins/session-store';
import { createHandoff, SIGN_IN_BINDING_COOKIE } from './sign-in-handoff';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /api/auth/user', () => {
  it('answers 401 with a JSON error when signed out', async () => {
    const res = await t.client().get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Not signed in' });
  });

  it("answers the client's probe (x-auth-probe: 1) 204 when signed out, and the user when signed in", async () => {
    const probe = { headers: { [AUTH_PROBE_HEADER]: '1' } };
    const out = await t.client().request('GET', '/api/auth/user', probe);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const client = await t.signedInClient({ firstName: 'Ada' });
    const me = await client.request('GET', '/api/auth/user', probe);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: client.userId, firstName: 'Ada' });
    // Any other value is no probe: the spec's 401.
    const other = await t
      .client()
      .request('GET', '/api/auth/user', { headers: { [AUTH_PROBE_HEADER]: 'yes' } });
    expect(other.statusCode).toBe(401);
  });

  it('returns the signed-in user with email and claims.isDemo', async () => {
    const client = await t.signedInClient({ firstName: 'Grace', email: 'grace@example.com' });
    const res = await client.get('/api/auth/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: client.userId,
      email: 'grace@example.com',
      firstName: 'Grace',
      isPublic: false,
      claims: { isDemo: false, sub: client.userId },
    });
  });
});

describe('POST /api/auth/demo-session', () => {
  it('creates a demo account of its own and signs in as it', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/demo-session');
    expect(res.statusCode).toBe(200);
    const id = res.json().id as string;
    // An internal id like everyone's (decision 0200); demo accounts hold no identity (0201).
    expect(id).toMatch(USER_ID_PATTERN);
    expect(res.json()).toMatchObject({ claims: { isDemo: true, sub: id } });
    // A friendly name of its own (issue 23, decision 0285), never the shared "Demo User".
    expect(`${res.json().firstName} ${res.json().lastName}`).not.toBe('Demo User');
    const me = await client.get('/api/auth/user');
    expect(me.json()).toMatchObject({ id, claims: { isDemo: true } });
    const rows = await t.db.select().from(users).where(eq(users.id, id));
    expect(rows).toMatchObject([{ isDemo: true }]);
  });

  // Issue 9 changes this: visitors used to share one 'demo-user' account.
  it("gives a later visitor a new demo account, not the earlier visitor's", async () => {
    const first = (await t.client().post('/api/auth/demo-session')).json().id;
    const second = (await t.client().post('/api/auth/demo-session')).json().id;
    expect(second).not.toBe(first);
    expect(await t.db.select().from(users).where(eq(users.id, first))).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, second))).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('sets an httpOnly, SameSite=Lax cookie, not Secure on http', async () => {
    const res = await t.client().post('/api/auth/demo-session');
    // The reply first clears the pre-sign-in cookie, then sets the rotated one: a browser keeps the last.
    const cookie = res.cookies.filter((c) => c.name === SESSION_COOKIE && c.value !== '').at(-1);
    expect(cookie?.value).toBeTruthy();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('rotates the session id at sign-in and drops the old session row', async () => {
    const client = t.client();
    await client.fetchCsrfToken();
    const before = client.cookies.get(SESSION_COOKIE);
    expect(before).toBeDefined();
    const oldSid = before!.split('.')[0]!;
    await client.post('/api/auth/demo-session');
    const after = client.cookies.get(SESSION_COOKIE);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, oldSid))).toHaveLength(0);
  });

  it('stores the session in the sessions table with its expiry', async () => {
    const client = t.client();
    const { id } = (await client.post('/api/auth/demo-session')).json();
    const sid = client.cookies.get(SESSION_COOKIE)!.split('.')[0]!;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(row?.sess).toMatchObject({ userId: id });
    // Two weeks from now (the idle timeout), not the cookie's 30 days: see session.test.ts.
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + 13.9 * 24 * 3600 * 1000);
    expect(row!.expire.getTime()).toBeLessThanOrEqual(Date.now() + 14 * 24 * 3600 * 1000);
  });

  it('ignores expired sessions and prunes their rows', async () => {
    const client = await t.signedInClient();
    const sid = client.cookies.get(SESSION_COOKIE)!.split('.')[0]!;
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    expect(await pruneExpiredSessions(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
  });

  it('logs out: the session is destroyed and the user is signed out', async () => {
    const client = await t.signedInClient();
    const sid = client.cookies.get(SESSION_COOKIE)!.split('.')[0]!;
    const res = await client.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('a forged (unsigned) session cookie is not accepted', async () => {
    const client = await t.signedInClient();
    const sid = client.cookies.get(SESSION_COOKIE)!.split('.')[0]!;
    client.cookies.set(SESSION_COOKIE, `${sid}.forged-signature`);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('Secure cookies', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ config: { publicUrl: 'https://journal.example.com' } });
    try {
      const res = await secure.app.inject({
        method: 'GET',
        url: '/api/auth/csrf-token',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/auth/manual-session', () => {
  const BINDING = 'this-browser-started-the-sign-in-0123456789';
  /** A browser that started a sign-in (holds the binding cookie) but lost its session cookie. */
  const bindingBrowser = (binding = BINDING) => {
    const browser = t.client();
    browser.cookies.set(SIGN_IN_BINDING_COOKIE, binding);
    return browser;
  };

  it('finishes a sign-in from a one-time hand-off token, once, in the browser that started it', async () => {
    const client = await t.signedInClient();
    const handoff = await createHandoff(t.db, client.userId, BINDING);
    const browser = bindingBrowser();
    const res = await browser.request('POST', '/api/auth/manual-session', { body: { handoff } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: client.userId });
    expect((await browser.get('/api/auth/user')).json()).toMatchObject({ id: client.userId });
    // The binding has done its job: the browser is told to drop it.
    expect(res.cookies.find((c) => c.name === SIGN_IN_BINDING_COOKIE)?.value).toBe('');

    const replay = await bindingBrowser().request('POST', '/api/auth/manual-session', { body: { handoff } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a token redeemed from another cookie jar (login CSRF), and burns it', async () => {
    const attacker = await t.signedInClient();
    const handoff = await createHandoff(t.db, attacker.userId, BINDING);
    for (const victim of [t.client(), bindingBrowser('a-different-browser-binding-0123456789')]) {
      const res = await victim.post('/api/auth/manual-session', { handoff });
      expect(res.statusCode).toBe(401);
      expect((await victim.get('/api/auth/user')).statusCode).toBe(401);
    }
    // Tried from the wrong browser, the token is gone even for the right one.
    expect((await bindingBrowser().post('/api/auth/manual-session', { handoff })).statusCode).toBe(401);
  });

  it('refuses an unknown or expired token with 401', async () => {
    expect((await bindingBrowser().post('/api/auth/manual-session', { handoff: 'nope' })).statusCode).toBe(
      401,
    );
    const client = await t.signedInClient();
    const handoff = await createHandoff(t.db, client.userId, BINDING);
    await t.db.update(sessions).set({ expire: new Date(Date.now() - 1) });
    expect((await bindingBrowser().post('/api/auth/manual-session', { handoff })).statusCode).toBe(401);
  });

  it('answers 401 with no token and no session, and the current user when already signed in', async () => {
    expect((await t.client().post('/api/auth/manual-session', {})).statusCode).toBe(401);
    const client = await t.signedInClient();
    const res = await client.post('/api/auth/manual-session', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: client.userId });
  });
});

describe('without an OIDC client configured', () => {
  it('reports Google sign-in as disabled and explains on /api/supabase/auth', async () => {
    expect((await t.client().get('/api/auth/config')).json()).toEqual({
      googleEnabled: false,
      demoEnabled: true,
    });
    const res = await t.client().get('/api/supabase/auth');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Google sign-in is not configured');
  });
});
