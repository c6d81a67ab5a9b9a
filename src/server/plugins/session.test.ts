import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { sessions } from '../db/schema';
import { SESSION_COOKIE } from './session';
import {
  ANONYMOUS_SESSION_TTL_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_MAX_AGE_MS,
  sessionExpiry,
} from './session-lifetime';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sidOf = (client: TestClient) => client.cookies.get(SESSION_COOKIE)!.split('.')[0]!;
const rowOf = async (sid: string) => (await t.db.select().from(sessions).where(eq(sessions.sid, sid)))[0];

/** Signs in through the real endpoint, so the session carries its sign-in times. */
async function demoSignIn(): Promise<TestClient> {
  const client = t.client();
  expect((await client.post('/api/auth/demo-session')).statusCode).toBe(200);
  client.resetCsrf();
  return client;
}

/** Pretends the session was signed in and last used that long ago. */
async function age(sid: string, times: { signedInAgo: number; lastSeenAgo: number }) {
  const row = await rowOf(sid);
  const sess = {
    ...row!.sess,
    signedInAt: Date.now() - times.signedInAgo,
    lastSeenAt: Date.now() - times.lastSeenAgo,
  };
  await t.db
    .update(sessions)
    .set({ sess, expire: sessionExpiry(sess) })
    .where(eq(sessions.sid, sid));
}

describe('anonymous sessions', () => {
  it('a script fetching CSRF tokens in a loop leaves only rows that are gone within the hour', async () => {
    const before = Date.now();
    for (let i = 0; i < 300; i++) {
      expect((await t.client().get('/api/auth/csrf-token')).statusCode).toBe(200);
    }
    const anonymous = await t.db
      .select({ expire: sessions.expire })
      .from(sessions)
      .where(isNull(sql`${sessions.sess}->>'userId'`));
    expect(anonymous.length).toBeGreaterThanOrEqual(300);
    for (const row of anonymous) {
      expect(row.expire.getTime()).toBeLessThanOrEqual(Date.now() + ANONYMOUS_SESSION_TTL_MS);
      expect(row.expire.getTime()).toBeGreaterThanOrEqual(before + ANONYMOUS_SESSION_TTL_MS - 1000);
    }
  });

  it('a browser keeping its cookie reuses one session row', async () => {
    const client = t.client();
    await client.get('/api/auth/csrf-token');
    const sid = sidOf(client);
    client.resetCsrf();
    await client.get('/api/auth/csrf-token');
    expect(sidOf(client)).toBe(sid);
  });
});

describe('signed-in sessions', () => {
  it('last two weeks from the last use, moved forward when used (at most hourly writes)', async () => {
    const client = await demoSignIn();
    const sid = sidOf(client);
    const fresh = await rowOf(sid);
    expect(fresh!.expire.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_TIMEOUT_MS - 60_000);

    await age(sid, { signedInAgo: 3 * DAY, lastSeenAgo: 2 * DAY });
    expect((await rowOf(sid))!.expire.getTime()).toBeLessThan(Date.now() + SESSION_IDLE_TIMEOUT_MS - DAY);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await rowOf(sid))!.expire.getTime()).toBeGreaterThan(
      Date.now() + SESSION_IDLE_TIMEOUT_MS - 60_000,
    );

    // Used again within the hour: nothing is rewritten.
    const touched = (await rowOf(sid))!.sess.lastSeenAt;
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await rowOf(sid))!.sess.lastSeenAt).toBe(touched);
  });

  it('end after two weeks without use', async () => {
    const client = await demoSignIn();
    await age(sidOf(client), { signedInAgo: 15 * DAY, lastSeenAgo: SESSION_IDLE_TIMEOUT_MS + HOUR });
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('end 30 days after sign-in however often they are used', async () => {
    const client = await demoSignIn();
    const sid = sidOf(client);
    await age(sid, { signedInAgo: SESSION_MAX_AGE_MS - HOUR / 2, lastSeenAgo: 2 * HOUR });
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    // Touched, but the end stays at sign-in + 30 days: half an hour from now.
    expect((await rowOf(sid))!.expire.getTime()).toBeLessThanOrEqual(Date.now() + HOUR / 2);
  });

  // A request sent before a sign-in (the page's polling, an event stream) may land after it: its
  // reply must not clear the cookie, or the browser drops the new session and is signed out.
  it('a late reply for the session a sign-in replaced leaves the cookie alone', async () => {
    const client = t.client();
    await client.fetchCsrfToken();
    const beforeSignIn = client.cookies.get(SESSION_COOKIE)!;
    expect((await client.post('/api/auth/demo-session')).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${SESSION_COOKIE}=${beforeSignIn}` },
    });
    expect(late.statusCode).toBe(401);
    expect(late.cookies.filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
    client.resetCsrf();
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('logout deletes the row and tells the browser to drop the cookie', async () => {
    const client = await demoSignIn();
    const sid = sidOf(client);
    const res = await client.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await rowOf(sid)).toBeUndefined();
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});
