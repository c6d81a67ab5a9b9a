import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';

/**
 * API keys' callers are kept as sessions are (decisions 0066, 0400): a player's requests that follow
 * do not ask the database who it is, and a revoked key is refused at once all the same.
 */
let t: TestApp;
let me: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { accessCacheSeconds: 10 } });
  me = await t.signedInClient({ username: 'me' });
});
afterAll(async () => t.close());

const ping = (key: string) => t.app.inject({ url: `/rest/ping.view?f=json&apiKey=${key}` });
const status = (res: Awaited<ReturnType<typeof ping>>) => res.json()['subsonic-response'];

describe('/rest with an API key, ACCESS_CACHE_SECONDS on', () => {
  it('the second request reads no credential; revoking the key refuses it at once', async () => {
    const { id, key } = (await me.post('/api/user/api-keys', { name: 'Phone' })).json();
    expect(status(await ping(key)).status).toBe('ok');
    t.queries.length = 0;
    expect(status(await ping(key)).status).toBe('ok');
    expect(t.queries.filter((q) => q.includes('api_credentials'))).toEqual([]);

    expect((await me.delete(`/api/user/api-keys/${id}`)).statusCode).toBe(204);
    expect(status(await ping(key))).toMatchObject({ status: 'failed', error: { code: 44 } });
  });

  it('a wrong key is never kept: each one is looked up and refused', async () => {
    for (let i = 0; i < 2; i++) {
      t.queries.length = 0;
      expect(status(await ping('jnl_wrong'))).toMatchObject({ error: { code: 44 } });
      expect(t.queries.some((q) => q.includes('api_credentials'))).toBe(true);
    }
  });
});
