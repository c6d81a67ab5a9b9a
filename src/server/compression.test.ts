import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../test/build-test-app';
import { makeWav } from '../test/media-fixtures';

/** Issue 11 item 4: JSON replies compressed above 1 KiB; audio never (decision 0058). */
let t: TestApp;
let owner: TestClient & { userId: string };
let trackId: number;
const audio = makeWav(1);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient();
  for (let i = 0; i < 6; i++) {
    const res = await owner.upload(
      '/api/tracks',
      { name: `Take ${i}` },
      { field: 'audio', name: `take-${i}.wav`, type: 'audio/wav', data: audio },
    );
    trackId = res.json().id;
  }
});
afterAll(async () => t.close());

describe('JSON replies', () => {
  it('a large one is brotli-compressed when accepted, gzip otherwise, plain when neither is', async () => {
    const plain = await owner.get('/api/tracks');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const tracks = plain.json();
    expect(tracks).toHaveLength(6);

    const br = await owner.get('/api/tracks', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(tracks);

    const gz = await owner.get('/api/tracks', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(tracks);
  });

  it('a small one is sent as it is', async () => {
    const res = await owner.get('/api/auth/user', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('audio', () => {
  it('a Range reply of a stream is never compressed', async () => {
    const res = await owner.get(`/api/tracks/${trackId}/stream`, {
      'accept-encoding': 'gzip, deflate, br',
      range: 'bytes=0-4095',
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 0-4095/${audio.length}`);
    expect(res.rawPayload.equals(audio.subarray(0, 4096))).toBe(true);
  });

  it('the whole stream and the original download are sent as they are', async () => {
    for (const url of [`/api/tracks/${trackId}/stream`, `/api/tracks/${trackId}/original`]) {
      const res = await owner.get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(Number(res.headers['content-length']), url).toBe(audio.length);
      expect(res.rawPayload.equals(audio), url).toBe(true);
    }
  });
});
