import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { MEDIA_ROUTES } from '../../plugins/rate-limits';
import { SUBSONIC_MEDIA_URLS } from './subsonic.routes';

/**
 * /rest stream and download are counted as the web app's media routes (MEDIA_ROUTES, decision
 * 0059), not under `any`: lowered here to 3 (`any`) and 5 (`media`).
 */
let t: TestApp;
let apiKey: string;
let trackId: number;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { any: 3, media: 5 } });
  const me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  const res = await me.upload(
    '/api/tracks',
    { name: 'Take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  trackId = res.json().id;
});
afterAll(async () => t.close());

describe('/rest media rate limits', () => {
  it('every media route of /rest is in MEDIA_ROUTES', () => {
    expect(SUBSONIC_MEDIA_URLS.filter((url) => !MEDIA_ROUTES.has(url))).toEqual([]);
  });

  it('stream and download spend `media`, not `any`; past it, 429 with Retry-After', async () => {
    const from = { remoteAddress: '203.0.113.9' };
    const urls = [
      `/rest/stream?id=${trackId}&apiKey=${apiKey}`,
      `/rest/stream.view?id=${trackId}&apiKey=${apiKey}`,
      `/rest/download?id=${trackId}&apiKey=${apiKey}`,
      `/rest/download.view?id=${trackId}&apiKey=${apiKey}`,
      `/rest/stream?id=${trackId}&apiKey=${apiKey}`,
    ];
    for (const url of urls) expect((await t.app.inject({ url, ...from })).statusCode, url).toBe(200);
    const over = await t.app.inject({ url: urls[0]!, ...from });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Five media requests spent nothing of `any` (3): the envelope methods still answer.
    const ping = await t.app.inject({ url: `/rest/ping?f=json&apiKey=${apiKey}`, ...from });
    expect(ping.json()['subsonic-response'].status).toBe('ok');
  });
});
