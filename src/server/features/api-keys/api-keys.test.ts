import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CREDENTIALS_PER_USER, type ApiKey } from '../../../shared/schemas/api-keys';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { apiCredentials, users } from '../../db/schema';
import { apiKeyLookupHash, CredentialCrypto } from './credential-crypto';

let t: TestApp;
let owner: TestClient & { userId: string };
let other: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'keyholder' });
  other = await t.signedInClient();
});
afterAll(async () => t.close());

const rowOf = async (id: number) =>
  (await t.db.select().from(apiCredentials).where(eq(apiCredentials.id, id)))[0]!;

describe('API keys and app passwords (/api/user/api-keys)', () => {
  it('makes an API key: 201 { id, name, key }, the key shown once and stored only as a hash', async () => {
    const res = await owner.post('/api/user/api-keys', { name: 'Symfonium on my phone' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual(['id', 'key', 'name']);
    expect(created.name).toBe('Symfonium on my phone');
    expect(created.key).toMatch(/^jnl_[A-Za-z0-9_-]{43}$/);
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ userId: owner.userId, kind: 'api-key', secret: null, lastUsedAt: null });
    expect(row.lookupHash).toBe(apiKeyLookupHash(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(4));
  });

  it('makes an app password: encrypted at rest, opened only with the server key', async () => {
    const res = await owner.post('/api/user/api-keys', { name: 'DSub', kind: 'app-password' });
    expect(res.statusCode).toBe(201);
    const { id, key } = res.json();
    expect(key).toMatch(/^([a-z2-9]{6}-){3}[a-z2-9]{6}$/);
    const row = await rowOf(id);
    expect(row).toMatchObject({ kind: 'app-password', lookupHash: null });
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(key);
    expect(row.secret).not.toContain(Buffer.from(key).toString('base64url'));
    // The same server secret opens it; another does not.
    const secret = 'test-session-secret-that-is-long-enough-0123456789';
    expect(new CredentialCrypto([secret]).open(row.secret!)).toEqual({ plain: key, stale: false });
    expect(
      new CredentialCrypto(['another-secret-that-is-long-enough-000000']).open(row.secret!),
    ).toBeUndefined();
  });

  it('lists them newest first without any secret', async () => {
    const res = await owner.get('/api/user/api-keys');
    expect(res.statusCode).toBe(200);
    const list = res.json<ApiKey[]>();
    expect(list.map((k) => [k.name, k.kind])).toEqual([
      ['DSub', 'app-password'],
      ['Symfonium on my phone', 'api-key'],
    ]);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'id', 'kind', 'lastUsedAt', 'name']);
      expect(item.lastUsedAt).toBeNull();
    }
    expect(res.body).not.toMatch(/jnl_|v1\./);
    expect((await other.get('/api/user/api-keys')).json()).toEqual([]);
  });

  it("revokes one's own; another person's or a missing id is a 404 and changes nothing", async () => {
    const { id } = (await owner.post('/api/user/api-keys', { name: 'Old laptop' })).json();
    expect((await other.delete(`/api/user/api-keys/${id}`)).statusCode).toBe(404);
    expect(await rowOf(id)).toBeDefined();
    expect((await owner.delete('/api/user/api-keys/999999')).statusCode).toBe(404);
    expect((await owner.delete(`/api/user/api-keys/${id}`)).statusCode).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect((await owner.delete(`/api/user/api-keys/${id}`)).statusCode).toBe(404);
  });

  it('signed out: 401; a change without the CSRF header: 403', async () => {
    const anon = t.client();
    expect((await anon.get('/api/user/api-keys')).statusCode).toBe(401);
    const anonPost = await anon.request('POST', '/api/user/api-keys', { body: { name: 'x' } });
    expect(anonPost.statusCode).toBe(401);
    expect((await anon.delete('/api/user/api-keys/1')).statusCode).toBe(401);
    const noCsrf = await owner.request('POST', '/api/user/api-keys', { body: { name: 'x' }, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('refuses a bad body: no name, an unknown kind, a secret of its own', async () => {
    for (const body of [{}, { name: '  ' }, { name: 'x', kind: 'password' }, { name: 'x', key: 'mine' }]) {
      expect((await owner.post('/api/user/api-keys', body)).statusCode).toBe(400);
    }
  });

  it(`bounds how many one person holds (${API_CREDENTIALS_PER_USER})`, async () => {
    const busy = await t.signedInClient();
    for (let i = 0; i < API_CREDENTIALS_PER_USER; i += 1) {
      expect((await busy.post('/api/user/api-keys', { name: `k${i}` })).statusCode).toBe(201);
    }
    expect((await busy.post('/api/user/api-keys', { name: 'one more' })).statusCode).toBe(409);
  });

  it('demo accounts may make them; deleting the account takes them along', async () => {
    const visitor = t.client();
    expect((await visitor.post('/api/auth/demo-session')).statusCode).toBe(200);
    visitor.resetCsrf();
    const res = await visitor.post('/api/user/api-keys', { name: 'Trying Subsonic' });
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json().id);
    await t.db.delete(users).where(eq(users.id, row.userId));
    expect(await rowOf(res.json().id)).toBeUndefined();
  });
});
