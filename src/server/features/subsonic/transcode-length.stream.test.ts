import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffprobeAudio, hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { subsonicClient } from '../../../test/subsonic-client';
import { transcodeCache } from '../../db/schema';

/**
 * /rest stream's first transcode of a track (decision 0800): sent with an estimated Content-Length
 * and exactly that many bytes, which decode to the whole take; over a real socket as over inject.
 * A HEAD tells the same headers (answered without ffmpeg, decision 0802).
 */
let t: TestApp;
let me: TestClient & { userId: string };
let apiKey: string;
let base: string;

async function upload(name: string, seconds: number): Promise<number> {
  const res = await me.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(seconds) },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const api = (headers?: Record<string, string>) => subsonicClient(t.app, { apiKey }, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const entries = (trackId: number) =>
  t.db.select().from(transcodeCache).where(eq(transcodeCache.trackId, trackId));

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

describe.skipIf(!hasFfmpeg)('/rest stream: a first transcode has a length', () => {
  it('mp3: Content-Length is the bytes sent, and they decode to the whole take', async () => {
    const id = await upload('Take', 6);
    const res = await api().stream({ id: String(id), format: 'mp3', maxBitRate: 64 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('none');
    const body = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    // 6 s at 64 kbit/s is 48 kB.
    expect(body.length).toBeGreaterThan(48_000);
    expect(body.length).toBeLessThan(50_000);
    const probed = ffprobeAudio(body);
    expect(probed.codec).toBe('mp3');
    expect(Math.abs(probed.duration - 6)).toBeLessThan(0.3);
  });

  it('opus, and a timeOffset transcode: the length of what is left', async () => {
    const id = await upload('Seek', 8);
    // The client's types know no opus: its generic call.
    const opus = await api().custom('stream.view', {
      id: String(id),
      format: 'opus',
      maxBitRate: 48,
      timeOffset: 3,
    });
    const body = await bytes(opus);
    expect(opus.headers.get('content-length')).toBe(String(body.length));
    // 5 s at 48 kbit/s is 30 kB, and Ogg's few hundred bytes a second.
    expect(body.length).toBeGreaterThan(30_000);
    expect(body.length).toBeLessThan(33_000);
    const probed = ffprobeAudio(body);
    expect(probed.codec).toBe('opus');
    expect(Math.abs(probed.duration - 5)).toBeLessThan(0.3);
  });

  it('over a real socket: the length the client reads is the length announced', async () => {
    const id = await upload('Socket', 5);
    const query = new URLSearchParams({
      apiKey,
      v: '1.16.1',
      c: 'test',
      f: 'json',
      id: String(id),
      format: 'mp3',
      estimateContentLength: 'true',
    });
    const res = await fetch(`${base}/rest/stream?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBeNull();
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(Math.abs(ffprobeAudio(body).duration - 5)).toBeLessThan(0.3);
  });

  it('a Range on a running transcode is answered with all of it (200, the whole estimate)', async () => {
    const id = await upload('Ranged', 3);
    const res = await api({ range: 'bytes=1000-' }).stream({ id: String(id), format: 'mp3' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String((await bytes(res)).length));
  });

  it('no length for estimateContentLength=false or AAC (no constant rate): sent as ffmpeg writes it', async () => {
    const id = await upload('Plain', 3);
    for (const format of ['mp3', 'aac'] as const) {
      const query = { id: String(id), format, ...(format === 'mp3' ? { estimateContentLength: false } : {}) };
      const res = await api().stream(query);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-length'), format).toBeNull();
      expect(ffprobeAudio(await bytes(res)).codec).toBe(format);
    }
  });

  it('HEAD: the headers of the GET (its estimated length too), no body, nothing cached', async () => {
    const id = await upload('Head', 4);
    const query = `apiKey=${apiKey}&v=1.16.1&c=test&id=${id}&format=mp3&maxBitRate=96`;
    const head = await t.app.inject({ method: 'HEAD', url: `/rest/stream?${query}` });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-type']).toBe('audio/mpeg');
    // No transcode is made for it, so none is cached.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await entries(id)).toEqual([]);

    const get = await t.app.inject({ method: 'GET', url: `/rest/stream?${query}` });
    expect(get.headers['content-length']).toBe(String(get.rawPayload.length));
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['accept-ranges']).toBe('none');
  });
});
