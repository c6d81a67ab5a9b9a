import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { subsonicClient } from '../../../test/subsonic-client';
import { apiCredentials, users } from '../../db/schema';
import { CredentialCrypto } from '../api-keys/api-keys.service';

let t: TestApp;
let listener: TestClient & { userId: string };
let apiKey: string;
let password: string;
let otherPassword: string;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** The reply's `subsonic-response` as JSON, by a raw request (the cases a client library cannot make). */
async function rest(query: string, remoteAddress?: string) {
  const res = await t.app.inject({
    url: `/rest/ping.view?f=json&${query}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json()['subsonic-response'];
}
const errorOf = async (query: string, remoteAddress?: string) => (await rest(query, remoteAddress)).error;

async function makeCredential(client: TestClient, name: string, kind?: 'app-password') {
  const res = await client.post('/api/user/api-keys', { name, ...(kind ? { kind } : {}) });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; key: string }>();
}

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { subsonicAuth: 1000, subsonicAuthAddress: 1000 } });
  listener = await t.signedInClient({ username: 'Listener' });
  const other = await t.signedInClient({ username: 'someone_else' });
  apiKey = (await makeCredential(listener, 'Symfonium')).key;
  password = (await makeCredential(listener, 'DSub', 'app-password')).key;
  otherPassword = (await makeCredential(other, 'Theirs', 'app-password')).key;
});
afterAll(async () => t.close());

describe('/rest authentication (decision 0385)', () => {
  it('an API key signs in through the subsonic-api client, by GET and by form POST', async () => {
    for (const post of [false, true]) {
      const api = subsonicClient(t.app, { apiKey }, { post });
      const ping = await api.ping();
      expect(ping).toMatchObject({ status: 'ok', version: '1.16.1', type: 'journal', openSubsonic: true });
      expect((await api.getUser({ username: 'listener' })).user).toMatchObject({ username: 'Listener' });
    }
  });

  it('an app password signs in with token and salt through the client, by GET and by form POST', async () => {
    for (const post of [false, true]) {
      const api = subsonicClient(t.app, { username: 'listener', password }, { post });
      expect(await api.ping()).toMatchObject({ status: 'ok' });
      expect((await api.getUser({ username: 'Listener' })).user.username).toBe('Listener');
    }
  });

  it('an app password also works as p, plain or enc: hex', async () => {
    expect((await rest(`u=listener&p=${password}`)).status).toBe('ok');
    expect((await rest(`u=listener&p=enc:${Buffer.from(password).toString('hex')}`)).status).toBe('ok');
    expect(
      (await rest(`u=listener&p=enc:${Buffer.from(password).toString('hex').toUpperCase()}`)).status,
    ).toBe('ok');
  });

  it('wrong credentials are 40, over HTTP 200', async () => {
    const salt = 'abc123';
    for (const query of [
      `u=listener&p=wrong`,
      `u=listener&p=enc:zz`,
      `u=listener&t=${md5(`wrong${salt}`)}&s=${salt}`,
      `u=listener&t=${md5(password + salt)}&s=other`,
      // Someone else's password, an API key as a password, a name nobody has.
      `u=listener&p=${otherPassword}`,
      `u=listener&p=${apiKey}`,
      `u=nobody&p=${password}`,
      // Names no one can hold: a NUL (which PostgreSQL would refuse), one far too long.
      `u=list%00ener&p=${password}`,
      `u=${'x'.repeat(5000)}&p=${password}`,
    ]) {
      expect(await errorOf(query), query).toEqual({ code: 40, message: 'Wrong username or password' });
    }
  });

  it('missing credentials are 10; an API key with u (or p, t, s) is 43; an unknown key is 44', async () => {
    expect((await errorOf('')).code).toBe(10);
    expect((await errorOf('u=listener')).code).toBe(10);
    expect((await errorOf(`u=listener&t=${md5(password)}`)).code).toBe(10);
    expect((await errorOf(`apiKey=${apiKey}&u=listener`)).code).toBe(43);
    expect((await errorOf(`apiKey=${apiKey}&p=${password}`)).code).toBe(43);
    expect((await errorOf(`u=listener&p=${password}&t=abc&s=def`)).code).toBe(43);
    expect(await errorOf('apiKey=jnl_not-a-key')).toEqual({ code: 44, message: 'Invalid API key' });
    expect(await errorOf(`apiKey=${password}`)).toMatchObject({ code: 44 });
  });

  it('a revoked key is 44 and a revoked app password 40, at once', async () => {
    const key = await makeCredential(listener, 'Old phone');
    const pass = await makeCredential(listener, 'Old car', 'app-password');
    expect((await rest(`apiKey=${key.key}`)).status).toBe('ok');
    expect((await listener.delete(`/api/user/api-keys/${key.id}`)).statusCode).toBe(204);
    expect((await listener.delete(`/api/user/api-keys/${pass.id}`)).statusCode).toBe(204);
    expect((await errorOf(`apiKey=${key.key}`)).code).toBe(44);
    expect((await errorOf(`u=listener&p=${pass.key}`)).code).toBe(40);
  });

  it('records when a credential was last used', async () => {
    const key = await makeCredential(listener, 'Fresh');
    const before = (await listener.get('/api/user/api-keys'))
      .json()
      .find((k: { id: number }) => k.id === key.id);
    expect(before.lastUsedAt).toBeNull();
    await rest(`apiKey=${key.key}`);
    const after = (await listener.get('/api/user/api-keys'))
      .json()
      .find((k: { id: number }) => k.id === key.id);
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('u is the user id for someone without a username', async () => {
    const id = 'u_abcdefghijkmnpqr';
    await t.db.insert(users).values({ id, email: `${id}@example.com` });
    const nameless = await t.signedInAs(id);
    const { key } = await makeCredential(nameless, 'Phone', 'app-password');
    expect((await rest(`u=${id}&p=${key}`)).status).toBe('ok');
    expect((await rest(`u=${id.toUpperCase()}&p=${key}`)).status).toBe('ok');
    const api = subsonicClient(t.app, { username: id, password: key });
    expect((await api.getUser({ username: id })).user.username).toBe(id);
  });
});

describe('/rest authentication across SESSION_SECRET rotation', () => {
  it('an app password sealed under an older secret still opens, and is sealed anew under the current one', async () => {
    const old = 'an-older-session-secret-that-is-long-enough-42';
    const rotated = await buildTestApp({ config: { previousSessionSecrets: [old] } });
    try {
      const me = await rotated.signedInClient({ username: 'rotator' });
      const { id, key } = (await me.post('/api/user/api-keys', { name: 'TV', kind: 'app-password' })).json();
      await rotated.db
        .update(apiCredentials)
        .set({ secret: new CredentialCrypto([old]).seal(key) })
        .where(eq(apiCredentials.id, id));
      const ping = await rotated.app.inject({ url: `/rest/ping?f=json&u=rotator&p=${key}` });
      expect(ping.json()['subsonic-response'].status).toBe('ok');
      const [row] = await rotated.db.select().from(apiCredentials).where(eq(apiCredentials.id, id));
      expect(
        new CredentialCrypto(['test-session-secret-that-is-long-enough-0123456789']).open(row!.secret!),
      ).toEqual({
        plain: key,
        stale: false,
      });
    } finally {
      await rotated.close();
    }
  });
});
