import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_REFUSED } from '../../../shared/schemas/account';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { DEFAULT_OIDC_USER, type LocalOidcProvider, startOidcProvider } from '../../../test/oidc-provider';
import { rowsNamingUser } from '../../../test/user-references';
import { collectiveMembers, collectives, tracks, userIdentities, users } from '../../db/schema';

// DELETE /api/user (issue 27, decision 0420): the rules around the deletion itself; what it removes,
// on S3, is account-deletion.s3.test.ts.
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

const leave = (client: TestClient, confirm: unknown, csrf = true) =>
  client.request('DELETE', '/api/user', { body: { confirm }, csrf });

const exists = async (id: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

/** Signs in through the local Google stand-in, as a browser does; returns the signed-in user's id. */
async function signInWithGoogle(browser: TestClient): Promise<string> {
  const started = await browser.get('/api/supabase/auth');
  const answer = await fetch(new URL(started.headers.location as string), { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') as string);
  expect((await browser.get(callback.pathname + callback.search)).statusCode).toBe(302);
  browser.resetCsrf();
  const me = await browser.get('/api/auth/user');
  expect(me.statusCode).toBe(200);
  return me.json().id;
}

describe('DELETE /api/user', () => {
  it('refuses anything but the username or "delete", with a clear message, and keeps the account', async () => {
    const me = await t.signedInClient({ username: 'Ada_L' });
    for (const confirm of ['', 'yes', 'Ada', 'ada_', 'deleted', 'u_ada_l']) {
      const res = await leave(me, confirm);
      expect(res.statusCode, confirm).toBe(400);
      expect(res.json().message).toBe(ACCOUNT_DELETION_REFUSED);
    }
    for (const body of [{}, { confirm: 3 }]) {
      const res = await me.request('DELETE', '/api/user', { body });
      expect(res.statusCode).toBe(400);
    }
    expect(await exists(me.userId)).toBe(true);
  });

  it('takes the username in any case, and signs the browser out', async () => {
    const me = await t.signedInClient({ username: 'Grace_H' });
    const res = await leave(me, ' gRACE_h ');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await exists(me.userId)).toBe(false);
    expect((await me.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('takes "delete" from an account without a username (a demo account)', async () => {
    const demo = t.client();
    const started = await demo.post('/api/auth/demo-session');
    expect(started.statusCode).toBe(200);
    demo.resetCsrf();
    const id: string = started.json().id;
    expect(await t.db.select().from(tracks).where(eq(tracks.userId, id))).not.toHaveLength(0);
    expect((await leave(demo, ' DELETE ')).statusCode).toBe(204);
    expect(await rowsNamingUser(t.db, id)).toEqual({});
  });

  it('needs a session and the CSRF token', async () => {
    expect((await leave(t.client(), 'delete')).statusCode).toBe(401);
    const me = await t.signedInClient();
    expect((await leave(me, 'delete', false)).statusCode).toBe(403);
    expect(await exists(me.userId)).toBe(true);
  });

  it('lets the same Google account sign up afresh as a new, empty person', async () => {
    const browser = t.client();
    const first = await signInWithGoogle(browser);
    const upload = await browser.upload(
      '/api/tracks',
      { name: 'Old take' },
      { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(1) },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await browser.patch('/api/user/profile', { username: 'ada' })).statusCode).toBe(200);
    expect((await leave(browser, 'ADA')).statusCode).toBe(204);
    expect(await rowsNamingUser(t.db, first)).toEqual({});

    const again = t.client();
    const second = await signInWithGoogle(again);
    expect(second).not.toBe(first);
    const me = (await again.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email: DEFAULT_OIDC_USER.email, username: null });
    expect((await again.get('/api/tracks')).json()).toEqual([]);
    const identities = await t.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(
        and(eq(userIdentities.issuer, provider.issuer), eq(userIdentities.subject, DEFAULT_OIDC_USER.sub)),
      );
    expect(identities).toEqual([{ userId: second }]);
  });

  it('is the path expired demo accounts take: their collectives pass to a member too', async () => {
    const demo = t.client();
    const id: string = (await demo.post('/api/auth/demo-session')).json().id;
    demo.resetCsrf();
    const member = await t.signedInClient();
    const created = await demo.post('/api/collectives', { name: 'Demo band' });
    expect(created.statusCode, created.body).toBe(201);
    const collectiveId: number = created.json().id;
    await t.db.insert(collectiveMembers).values({ collectiveId, userId: member.userId, role: 'member' });
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(users.id, id));

    expect(await t.app.sweepDemoAccounts()).toBeGreaterThanOrEqual(1);
    expect(await exists(id)).toBe(false);
    const [kept] = await t.db.select().from(collectives).where(eq(collectives.id, collectiveId));
    expect(kept?.ownerId).toBe(member.userId);
  });

  it('deletes a large account in one request', async () => {
    const me = await t.signedInClient();
    const n = 2000;
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size)
      select ${me.userId}, 'Take ' || i, 'take.wav', 'tracks/' || gen_random_uuid(), 'audio/wav', 1
      from generate_series(1, ${n}) as i`);
    const started = Date.now();
    expect((await leave(me, 'delete')).statusCode).toBe(204);
    const took = Date.now() - started;
    expect(took).toBeLessThan(10_000);
    expect(await rowsNamingUser(t.db, me.userId)).toEqual({});
  }, 60_000);
});
