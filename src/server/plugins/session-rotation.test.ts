import { Signer } from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { SESSION_COOKIE } from './session';

const OLD = 'old-secret-that-signed-every-cookie-until-today';
const NEW = 'new-secret-that-signs-from-now-on-0123456789';

describe('SESSION_SECRET rotation (decision 0097)', () => {
  let database: TestDatabase;
  let before: TestApp;
  let rotated: TestApp;
  let dropped: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    before = await buildTestApp({ sharedDatabase: database, config: { sessionSecret: OLD } });
    rotated = await buildTestApp({
      sharedDatabase: database,
      config: { sessionSecret: NEW, previousSessionSecrets: [OLD] },
    });
    dropped = await buildTestApp({ sharedDatabase: database, config: { sessionSecret: NEW } });
  });
  afterAll(async () => {
    for (const t of [before, rotated, dropped]) await t.close();
    await database.close();
  });

  it('keeps a cookie signed with the old secret signed in, and signs it anew with the new one', async () => {
    const alice = await before.signedInClient();
    // Used a moment ago, so the next request has nothing of its own to save: only the renewal does.
    expect((await alice.get('/api/auth/user')).statusCode).toBe(200);
    const oldCookie = alice.cookies.get(SESSION_COOKIE)!;
    const headers = { cookie: `${SESSION_COOKIE}=${oldCookie}` };

    const me = await rotated.app.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: alice.userId });
    const renewed = (me.cookies as { name: string; value: string }[]).find((c) => c.name === SESSION_COOKIE);
    expect(renewed?.value).toBeDefined();
    expect(renewed!.value).not.toBe(oldCookie);
    const sid = new Signer(NEW).unsign(renewed!.value);
    expect(sid).toMatchObject({ valid: true, renew: false, value: new Signer(OLD).unsign(oldCookie).value });

    // The re-signed cookie works once the old secret is gone from the list; the old one does not.
    const next = await dropped.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${SESSION_COOKIE}=${renewed!.value}` },
    });
    expect(next.statusCode).toBe(200);
    expect((await dropped.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(
      401,
    );
  });

  it('signs new sessions with the first secret only', async () => {
    const res = await rotated.app.inject({ method: 'GET', url: '/api/auth/csrf-token' });
    const cookie = (res.cookies as { name: string; value: string }[]).find((c) => c.name === SESSION_COOKIE);
    expect(new Signer(NEW).unsign(cookie!.value).valid).toBe(true);
    expect(new Signer(OLD).unsign(cookie!.value).valid).toBe(false);
  });

  it('does not re-sign a cookie already signed with the current secret', async () => {
    const bob = await rotated.signedInClient();
    // The first request records the session's first use (a write, and a cookie); the next is quiet.
    await bob.get('/api/auth/user');
    const res = await rotated.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: bob.cookieHeader() },
    });
    expect(res.statusCode).toBe(200);
    expect((res.cookies as { name: string }[]).some((c) => c.name === SESSION_COOKIE)).toBe(false);
  });
});
