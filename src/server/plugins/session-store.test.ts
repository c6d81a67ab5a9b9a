import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { sessions, users } from '../db/schema';

// Decisions 0066 and 0067: a signed-in request reads its session and user with one query and writes
// nothing; with the access cache on, the requests that follow read nothing at all.

/** The SQL one request ran. */
async function queriesOf(t: TestApp, run: () => Promise<{ statusCode: number }>) {
  t.queries.length = 0;
  const res = await run();
  expect(res.statusCode).toBe(200);
  return [...t.queries];
}

async function demoSignIn(t: TestApp): Promise<TestClient> {
  const client = t.client();
  expect((await client.post('/api/auth/demo-session')).statusCode).toBe(200);
  client.resetCsrf();
  return client;
}

describe('without the cache (ACCESS_CACHE_SECONDS=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { accessCacheSeconds: 0 } });
  });
  afterAll(async () => t.close());

  it('GET /api/auth/user costs one query, sessions joined with users, and no write', async () => {
    const client = await demoSignIn(t);
    for (let i = 0; i < 3; i++) {
      const queries = await queriesOf(t, () => client.get('/api/auth/user'));
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/^select .* from "sessions" left join "users"/);
    }
  });

  it('a session whose user is gone is signed out', async () => {
    const client = await t.signedInClient();
    await t.db.delete(users).where(eq(users.id, client.userId));
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('the user travels with the request only: the stored row holds no copy of it', async () => {
    const client = await demoSignIn(t);
    // A mutating request touches the session (CSRF token) and writes it back.
    expect((await client.patch('/api/user/privacy', { isPublic: true })).statusCode).toBe(200);
    const rows = await t.db.select({ sess: sessions.sess }).from(sessions);
    for (const row of rows) expect(Object.keys(row.sess)).not.toContain('loadedUser');
  });
});

describe('with the cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { accessCacheSeconds: 60 } });
  });
  afterAll(async () => t.close());

  it('the second GET /api/auth/user reads nothing', async () => {
    const client = await demoSignIn(t);
    expect(await queriesOf(t, () => client.get('/api/auth/user'))).toHaveLength(1);
    expect(await queriesOf(t, () => client.get('/api/auth/user'))).toEqual([]);
  });

  it('a change to the profile through the API is seen by the next request', async () => {
    const client = await demoSignIn(t);
    expect((await client.get('/api/auth/user')).json().isPublic).toBe(false);
    expect((await client.patch('/api/user/privacy', { isPublic: true })).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).json().isPublic).toBe(true);
  });

  it('signing out ends the session at once, also for a replayed cookie', async () => {
    const client = await demoSignIn(t);
    const cookie = client.cookieHeader();
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const replay = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('CSRF tokens keep working: the secret stored with the first token drops the cached copy', async () => {
    const client = await demoSignIn(t);
    await client.get('/api/auth/user');
    const first = await client.get('/api/auth/csrf-token');
    const second = await client.get('/api/auth/csrf-token');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // The CSRF secret was stored with the first token: the second token comes from the same secret,
    // so both pass.
    for (const res of [first, second]) {
      const ok = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/privacy',
        headers: { cookie: client.cookieHeader(), 'x-csrf-token': res.json().csrfToken },
        payload: { isPublic: false },
      });
      expect(ok.statusCode).toBe(200);
    }
  });
});
