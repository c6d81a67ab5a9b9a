import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent, UserSession } from '../../../shared/schemas/sessions';
import { buildTestApp, type TestApp, TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { type LocalOidcProvider, startOidcProvider } from '../../../test/oidc-provider';
import { sessions } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';
import { DrizzleSessionStore } from '../../plugins/session-store';

// Decision 0410: where a person is signed in, ending a session (at once, on every instance), "sign
// out everywhere else", and the security log those write to.

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let provider: LocalOidcProvider;
let one: TestApp;
let two: TestApp;
let people = 0;

beforeAll(async () => {
  provider = await startOidcProvider();
  const oidc = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret };
  one = await buildTestApp({ config: { oidc } });
  two = await buildTestApp({ sharedDatabase: one.database, config: { oidc } });
});
afterAll(async () => {
  await two.close();
  await one.close();
  await provider.stop();
});

/** A new person for each test (the provider signs the next browsers in as them). */
function newPerson() {
  people += 1;
  provider.setUser({ sub: `google|sessions-${people}`, email: `sessions${people}@example.com` });
}

/** Signs a browser in with Google, its callback coming with this user agent from this address. */
async function signInWithGoogle(userAgent: string, remoteAddress: string, app: TestApp = one) {
  const browser = app.client();
  const started = await browser.get('/api/supabase/auth');
  const answer = await fetch(new URL(started.headers.location as string), { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') as string);
  const done = await browser.request('GET', callback.pathname + callback.search, {
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(done.statusCode).toBe(302);
  browser.resetCsrf();
  return browser;
}

/** The session id inside a signed cookie (`<sid>.<signature>`): the secret no reply may carry. */
const sidOf = (client: TestClient) => {
  const cookie = decodeURIComponent(client.cookies.get(SESSION_COOKIE) ?? '');
  return cookie.slice(0, cookie.lastIndexOf('.'));
};
/** The same browser (its cookie) talking to another instance. */
const sameSessionOn = (app: TestApp, client: TestClient) => {
  const other = new TestClient(app.app);
  other.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE) ?? '');
  return other;
};
const userIdOf = async (client: TestClient) => (await client.get('/api/auth/user')).json().id as string;
const sessionsOf = async (client: TestClient) => {
  const res = await client.get('/api/user/sessions');
  expect(res.statusCode).toBe(200);
  return { list: res.json<UserSession[]>(), body: res.body };
};
const eventsOf = async (client: TestClient) => {
  const res = await client.get('/api/user/security-events');
  expect(res.statusCode).toBe(200);
  return res.json<SecurityEvent[]>();
};

describe('GET /api/user/sessions', () => {
  it('lists the person\'s sessions: browser, system, network, times, "this device"; never a session id', async () => {
    newPerson();
    const laptop = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInWithGoogle(SAFARI_IPHONE, '2001:db8:1234:5678::1');
    newPerson();
    const stranger = await signInWithGoogle(CHROME_ANDROID, '198.51.100.9');

    const { list, body } = await sessionsOf(laptop);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      browser: 'Firefox 132',
      os: 'Windows 10',
      network: '203.0.113.0/24',
      signedInAt: expect.any(String),
      lastActiveAt: expect.any(String),
      current: true,
    });
    expect(list[1]).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.5',
      network: '2001:db8:1234::/48',
      current: false,
    });
    for (const client of [laptop, phone, stranger]) expect(body).not.toContain(sidOf(client));
    expect(body).not.toContain('203.0.113.7');
    // Seen from the phone, the phone is this device.
    const fromPhone = (await sessionsOf(phone)).list;
    expect(fromPhone.map((s) => [s.browser, s.current])).toEqual([
      ['Safari 17', true],
      ['Firefox 132', false],
    ]);
  });

  it('needs a session: 401 signed out', async () => {
    expect((await one.client().get('/api/user/sessions')).statusCode).toBe(401);
    expect((await one.client().get('/api/user/security-events')).statusCode).toBe(401);
  });
});

describe('DELETE /api/user/sessions/{id}', () => {
  it('ends another session: its cookie gets 401 at once, here and on another instance, and its streams close', async () => {
    newPerson();
    const laptop = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInWithGoogle(SAFARI_IPHONE, '192.0.2.44');
    // The phone is in use on both instances, one of them caching who it is (decision 0066).
    const cached = await buildTestApp({ sharedDatabase: one.database, config: { accessCacheSeconds: 60 } });
    try {
      const phoneOnCached = sameSessionOn(cached, phone);
      expect((await phoneOnCached.get('/api/auth/user')).statusCode).toBe(200);
      const phoneOnTwo = sameSessionOn(two, phone);
      expect((await phoneOnTwo.get('/api/auth/user')).statusCode).toBe(200);
      const stream = await openEventStream(cached.app, { cookie: phone.cookieHeader() });
      await stream.next('ready');

      const phoneId = (await sessionsOf(laptop)).list.find((s) => !s.current)!.id;
      const res = await laptop.delete(`/api/user/sessions/${phoneId}`);
      expect(res.statusCode).toBe(204);

      expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
      expect((await phoneOnTwo.get('/api/auth/user')).statusCode).toBe(401);
      expect(await stream.next('streamClosed')).toEqual({ reason: 'sessionEnded' });
      await stream.untilEnded();
      expect((await phoneOnCached.get('/api/auth/user')).statusCode).toBe(401);
      // The one who ended it stays signed in.
      expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
      expect((await sessionsOf(laptop)).list.map((s) => s.browser)).toEqual(['Firefox 132']);

      const [revoked] = await eventsOf(laptop);
      expect(revoked).toMatchObject({
        kind: 'session_revoked',
        detail: {
          browser: 'Safari 17',
          os: 'iOS 17.5',
          network: '192.0.2.0/24',
          by: { browser: null, os: null, network: '127.0.0.0/24' },
        },
      });
    } finally {
      await cached.close();
    }
  });

  it('a revoked session stays ended: a request of it still in flight does not write its row back', async () => {
    newPerson();
    const laptop = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInWithGoogle(SAFARI_IPHONE, '192.0.2.44');
    const [row] = await one.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(phone)));
    const phoneId = (await sessionsOf(laptop)).list.find((s) => !s.current)!.id;
    expect((await laptop.delete(`/api/user/sessions/${phoneId}`)).statusCode).toBe(204);
    // The phone's request loaded its session before; its reply saves it touched, hours after sign-in.
    const later = Date.now() + 2 * 60 * 60 * 1000;
    const touched = { ...row!.sess, lastSeenAt: later, signedInAt: Date.now() - 2 * 60 * 60 * 1000 };
    await new Promise((resolve, reject) =>
      new DrizzleSessionStore(one.db).set(sidOf(phone), touched, (err) =>
        err ? reject(err) : resolve(null),
      ),
    );
    expect(
      await one.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(phone))),
    ).toEqual([]);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
  });

  it("this device's own id signs it out and clears the cookie", async () => {
    newPerson();
    const laptop = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    const own = (await sessionsOf(laptop)).list[0]!;
    const sid = sidOf(laptop);
    const userId = await userIdOf(laptop);
    const res = await laptop.delete(`/api/user/sessions/${own.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(await one.db.select().from(sessions).where(eq(sessions.sid, sid))).toEqual([]);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(401);
    const [event] = await eventsOf(await one.signedInAs(userId));
    expect(event).toMatchObject({
      kind: 'session_revoked',
      detail: { ownSession: true, browser: 'Firefox 132' },
    });
  });

  it("someone else's session, an unknown id: 404, nothing ends; a malformed id: 400", async () => {
    newPerson();
    const mine = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    newPerson();
    const theirs = await signInWithGoogle(CHROME_ANDROID, '198.51.100.9');
    const theirId = (await sessionsOf(theirs)).list[0]!.id;
    expect((await mine.delete(`/api/user/sessions/${theirId}`)).statusCode).toBe(404);
    expect((await mine.delete('/api/user/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await mine.delete('/api/user/sessions/not-a-uuid')).statusCode).toBe(400);
    expect((await theirs.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a request without the CSRF token (403), ending nothing', async () => {
    newPerson();
    const laptop = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInWithGoogle(SAFARI_IPHONE, '192.0.2.44');
    const phoneId = (await sessionsOf(laptop)).list.find((s) => !s.current)!.id;
    const forged = await laptop.request('DELETE', `/api/user/sessions/${phoneId}`, { csrf: false });
    expect(forged.statusCode).toBe(403);
    const others = await laptop.request('POST', '/api/user/sessions/sign-out-others', { csrf: false });
    expect(others.statusCode).toBe(403);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(200);
  });
});

describe('POST /api/user/sessions/sign-out-others', () => {
  it('ends every other session of the person, on every instance; this one and other people stay', async () => {
    newPerson();
    const laptop = await signInWithGoogle(FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInWithGoogle(SAFARI_IPHONE, '192.0.2.44', two);
    const tablet = await signInWithGoogle(CHROME_ANDROID, '198.51.100.9');
    newPerson();
    const someoneElse = await signInWithGoogle(CHROME_ANDROID, '198.51.100.9');

    const res = await laptop.post('/api/user/sessions/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });
    expect((await sessionsOf(laptop)).list).toEqual([expect.objectContaining({ current: true })]);
    for (const app of [one, two]) {
      for (const client of [phone, tablet]) {
        expect((await sameSessionOn(app, client).get('/api/auth/user')).statusCode).toBe(401);
      }
      expect((await sameSessionOn(app, someoneElse).get('/api/auth/user')).statusCode).toBe(200);
    }
    const [event] = await eventsOf(laptop);
    expect(event).toMatchObject({ kind: 'other_sessions_revoked', detail: { count: 2 } });
  });
});
