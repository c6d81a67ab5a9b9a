import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { ffprobeAudio, hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { subsonicClient } from '../../../test/subsonic-client';
import { transcodeCache } from '../../db/schema';
import { S3BlobStore } from '../../storage/s3-store';

/**
 * /rest stream with STORAGE=s3 (decision 0385): the stored bytes by the web app's ranged GETs from
 * the bucket, and a transcode whose ffmpeg reads a presigned URL (seekable) rather than a pipe.
 */
let s3: S3Server;
let store: S3BlobStore;
let t: TestApp;
let apiKey: string;
let trackId: number;
const take = makeWav(20);

async function until<T>(probe: () => Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'journal-rest' });
  store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
  t = await buildTestApp({ store, config: { storage: 's3' } });
  const me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  const res = await me.upload(
    '/api/tracks',
    { name: 'Take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: take },
  );
  expect(res.statusCode).toBe(201);
  trackId = res.json().id;
}, 30_000);
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

describe('/rest stream, STORAGE=s3', () => {
  it('a Range is answered 206 with those bytes from the bucket', async () => {
    const api = subsonicClient(t.app, { apiKey }, { headers: { range: 'bytes=44-1043' } });
    const res = await api.stream({ id: String(trackId) });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 44-1043/${take.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(take.subarray(44, 1044))).toBe(true);
  });

  it.skipIf(!hasFfmpeg)('format=mp3&timeOffset=5 reads the bucket through a presigned URL', async () => {
    const res = await subsonicClient(t.app, { apiKey }).stream({
      id: String(trackId),
      format: 'mp3',
      timeOffset: 5,
    });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const probed = ffprobeAudio(Buffer.from(await res.arrayBuffer()));
    expect(probed.codec).toBe('mp3');
    expect(Math.abs(probed.duration - 15)).toBeLessThan(1);
  });

  it.skipIf(!hasFfmpeg)(
    'a finished transcode is kept in the bucket, then served from it with Range',
    async () => {
      const ask = (headers?: Record<string, string>) =>
        subsonicClient(t.app, { apiKey }, { headers }).stream({
          id: String(trackId),
          format: 'mp3',
          maxBitRate: 32,
        });
      const first = await ask();
      expect(first.headers.get('accept-ranges')).toBe('none');
      const body = Buffer.from(await first.arrayBuffer());
      const entry = await until(async () => {
        const [row] = await t.db.select().from(transcodeCache).where(eq(transcodeCache.trackId, trackId));
        return row?.stored ? row : undefined;
      });
      expect(entry).toBeDefined();
      // The first reply was sent at its estimated length (decision 0800): ffmpeg's bytes, then zeros.
      expect((await store.stat(entry!.key))?.size).toBe(entry!.size);
      expect(body.length).toBeGreaterThanOrEqual(entry!.size);
      expect(body.subarray(entry!.size).every((byte) => byte === 0)).toBe(true);
      const part = await ask({ range: 'bytes=1000-1999' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${entry!.size}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(1000, 2000))).toBe(true);
    },
  );
});
