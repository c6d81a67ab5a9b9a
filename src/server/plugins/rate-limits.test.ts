import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { RATE_LIMITS } from './rate-limits';

const HTTPS = { publicUrl: 'https://journal.example.com' };

/** Sign-in attempts, each claiming another client address in X-Forwarded-For. */
async function rotatingSignIns(t: TestApp, count: number, forwardedFor = (i: number) => `198.51.100.${i}`) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.client().request('POST', '/api/auth/manual-session', {
      body: {},
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  it('by default X-Forwarded-For is not believed, so rotating it does not get past the sign-in limit', async () => {
    const t = await buildTestApp({ config: HTTPS });
    try {
      const statuses = await rotatingSignIns(t, RATE_LIMITS.signIn.max + 1);
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client has its own count', async () => {
    const t = await buildTestApp({ config: { ...HTTPS, trustProxy: ['127.0.0.1'] } });
    try {
      const rotating = await rotatingSignIns(t, RATE_LIMITS.signIn.max + 5);
      expect(rotating).not.toContain(429);
      const same = await rotatingSignIns(t, RATE_LIMITS.signIn.max + 1, () => '203.0.113.7');
      expect(same.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('a proxy that is not the trusted one cannot speak for its clients', async () => {
    const t = await buildTestApp({ config: { ...HTTPS, trustProxy: ['10.0.0.1'] } });
    try {
      const statuses = await rotatingSignIns(t, RATE_LIMITS.signIn.max + 1);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('an https PUBLIC_URL gets Secure session cookies without trusting any forwarded header', async () => {
    const t = await buildTestApp({ config: HTTPS });
    try {
      const res = await t.client().get('/api/auth/csrf-token');
      const cookie = res.cookies.find((c) => c.name === 'journal.sid');
      expect(cookie?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('per-user limits (counted by user id, with Retry-After)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { any: 8, create: 3, comment: 2, upload: 2 } });
  });
  afterAll(async () => t.close());

  it('creates: the fourth in a minute is refused, from whatever address; other people are not affected', async () => {
    const ada = await t.signedInClient();
    for (let i = 0; i < 2; i++) {
      expect((await ada.post('/api/playlists', { name: `p${i}` })).statusCode).toBe(201);
    }
    const collective = await ada.request('POST', '/api/collectives', {
      body: { name: 'Third create' },
      remoteAddress: '192.0.2.10',
    });
    expect(collective.statusCode).toBe(201);
    const refused = await ada.request('POST', '/api/playlists', {
      body: { name: 'one too many' },
      remoteAddress: '192.0.2.99',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(refused.json().message).toMatch(/^Too many new items: at most 3 a minute\. Try again in \d+ s\.$/);
    const bob = await t.signedInClient();
    expect((await bob.post('/api/playlists', { name: 'mine' })).statusCode).toBe(201);
  });

  it('comments: collective and equipment comments share one count', async () => {
    const ada = await t.signedInClient();
    const tag = (await ada.post('/api/equipment', { name: 'Juno-106' })).json();
    expect((await ada.post(`/api/equipment/${tag.id}/comments`, { content: 'one' })).statusCode).toBe(201);
    expect((await ada.post(`/api/equipment/${tag.id}/comments`, { content: 'two' })).statusCode).toBe(201);
    const third = await ada.post('/api/collectives/1/playlists/1/comments', { content: 'three' });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('uploads: audio and images share one count', async () => {
    const ada = await t.signedInClient();
    const wav = { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(0.2) };
    expect((await ada.upload('/api/tracks', {}, wav)).statusCode).toBe(201);
    expect((await ada.upload('/api/tracks', {}, wav)).statusCode).toBe(201);
    const avatar = await ada.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: Buffer.from('x') },
    );
    expect(avatar.statusCode).toBe(429);
    expect(avatar.json().message).toMatch(/^Too many uploads/);
  });

  it('the overall limit counts a signed-in person across addresses', async () => {
    const ada = await t.signedInClient();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await ada.request('GET', '/api/playlists', { remoteAddress: `192.0.2.${i}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    // Someone else, from one of those addresses, is not held back.
    const bob = await t.signedInClient();
    expect((await bob.request('GET', '/api/playlists', { remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
  });
});
