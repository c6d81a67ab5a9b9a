import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';

/** Issue 11 item 5: listening is not throttled by the per-caller limit; the limit is configurable. */

async function uploadTrack(client: TestClient): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name: 'Take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe('media requests vs the per-caller limit of 20 a minute', () => {
  let t: TestApp;
  let listener: TestClient & { userId: string };
  let trackId: number;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { any: 20 } });
    listener = await t.signedInClient();
    trackId = await uploadTrack(listener);
  });
  afterAll(async () => t.close());

  it('1,500 Range requests to a stream in a minute are all answered, then other routes still hit the limit', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1500; i++) {
      const res = await listener.get(`/api/tracks/${trackId}/stream`, { range: `bytes=${i}-${i + 99}` });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 206: 1500 });
    for (const url of [`/api/tracks/${trackId}/original`, `/api/tracks/${trackId}/waveform`]) {
      expect((await listener.get(url)).statusCode, url).not.toBe(429);
    }

    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await listener.get('/api/tracks')).statusCode);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(20);
    expect(codes.at(-1)).toBe(429);
  }, 120_000);
});

describe('media requests have their own, far higher limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { media: 5 } });
  });
  afterAll(async () => t.close());

  it('the sixth stream request in a minute is refused with Retry-After', async () => {
    const listener = await t.signedInClient();
    const trackId = await uploadTrack(listener);
    for (let i = 0; i < 5; i++) {
      expect((await listener.get(`/api/tracks/${trackId}/stream`, { range: 'bytes=0-9' })).statusCode).toBe(
        206,
      );
    }
    const refused = await listener.get(`/api/tracks/${trackId}/stream`, { range: 'bytes=0-9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json().message).toMatch(/^Too many audio requests: at most 5 a minute/);
  });
});

describe('RATE_LIMIT_PER_MINUTE', () => {
  it('sets the per-caller limit', async () => {
    const t = await buildTestApp({ config: { rateLimitPerMinute: 3 }, rateLimits: { any: undefined } });
    try {
      const visitor = t.client();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await visitor.get('/api/auth/user')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('0 switches every limit off, sign-in included', async () => {
    const t = await buildTestApp({ config: { rateLimitPerMinute: 0 }, rateLimits: { any: 3 } });
    try {
      const visitor = t.client();
      for (let i = 0; i < 40; i++) expect((await visitor.get('/api/auth/user')).statusCode).toBe(401);
      for (let i = 0; i < 40; i++) {
        expect((await visitor.get('/api/supabase/auth')).statusCode).not.toBe(429);
      }
    } finally {
      await t.close();
    }
  });
});
