import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson } from '../../../test/subsonic-client';

/**
 * createPlaylist over /rest meets the web app's per-person `create` limit (decision 0405): one
 * counter with POST /api/playlists, lowered to 4 here (the API key takes one). Counters shared as in
 * production, so on PostgreSQL the database store counts them.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let other: TestClient & { userId: string };
let apiKey: string;
let otherKey: string;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { create: 4 }, sharedRateLimits: true });
  me = await t.signedInClient({ username: 'maker' });
  other = await t.signedInClient({ username: 'bystander' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  otherKey = (await other.post('/api/user/api-keys', { name: 'App' })).json().key;
});
afterAll(async () => t.close());

describe('/rest createPlaylist and the create limit', () => {
  it('counts with the web app: past the limit, the envelope (code 0) with Retry-After, and the web app refuses too', async () => {
    expect((await me.post('/api/playlists', { name: 'Web' })).statusCode).toBe(201);
    const first = await restJson(t.app, apiKey, 'createPlaylist', 'name=One');
    expect(first.status).toBe('ok');
    expect((await restJson(t.app, apiKey, 'createPlaylist', 'name=Two')).status).toBe('ok');
    const refused = await t.app.inject({ url: `/rest/createPlaylist?f=json&apiKey=${apiKey}&name=Three` });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()['subsonic-response'].error).toMatchObject({
      code: 0,
      message: expect.stringMatching(/^Too many new items/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me.post('/api/playlists', { name: 'Web again' })).statusCode).toBe(429);
    const names = ((await me.get('/api/playlists')).json() as { name: string }[]).map((p) => p.name);
    expect(names.sort()).toEqual(['One', 'Two', 'Web']);
    // Replacing the songs of an existing playlist creates nothing, and is not counted.
    const replaced = await restJson(
      t.app,
      apiKey,
      'createPlaylist',
      `playlistId=${first.playlist.id}&name=Uno`,
    );
    expect(replaced.playlist.name).toBe('Uno');
    // Someone else's allowance is their own.
    expect((await restJson(t.app, otherKey, 'createPlaylist', 'name=Theirs')).status).toBe('ok');
  });
});
