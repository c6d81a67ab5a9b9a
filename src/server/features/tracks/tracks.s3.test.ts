import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { filePartHead, multipartHead, RawHttpRequest } from '../../../test/raw-http';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { tracks, users } from '../../db/schema';
import { S3BlobStore } from '../../storage/s3-store';

// STORAGE=s3 end to end through the API (decisions 0090–0092), on s3rver started by the test.
let s3: S3Server;
let store: S3BlobStore;
let t: TestApp;
let owner: TestClient & { userId: string };
let trackId: number;
let privateTrack: number;
const audio = makeWav(2);
const size = audio.length;

async function bucketKeys(): Promise<string[]> {
  const listed = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function upload(client: TestClient, name: string, data = audio) {
  return client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data },
  );
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'journal-api' });
  store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
  t = await buildTestApp({ store, config: { storage: 's3', maxUploadBytes: 400_000 } });
  owner = await t.signedInClient({ isPublic: true });
  const res = await upload(owner, 'Take');
  expect(res.statusCode).toBe(201);
  trackId = res.json().id;
  // Open by link signed out: a public track (decision 0140).
  expect((await owner.patch(`/api/tracks/${trackId}`, { visibility: 'public' })).statusCode).toBe(200);
  const hidden = await t.signedInClient();
  privateTrack = (await upload(hidden, 'Hidden')).json().id;
}, 30_000);
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

const stream = (client: TestClient, headers: Record<string, string> = {}) =>
  client.get(`/api/tracks/${trackId}/stream`, headers);

describe('STORAGE=s3: uploads', () => {
  it('an upload lands in the bucket, not on the local disk, and the database keeps its key', async () => {
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(row!.filepath).toMatch(/^tracks\/[0-9a-f-]+$/);
    expect(await bucketKeys()).toContain(row!.filepath);
    expect((await store.stat(row!.filepath))?.size).toBe(size);
    const localFiles = path.join(t.dataDir, 'files');
    expect(existsSync(localFiles) ? readdirSync(localFiles) : []).toEqual([]);
  });

  it('images too: an avatar is served from the bucket, and no row holds a bucket URL', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const res = await owner.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: png },
    );
    expect(res.statusCode).toBe(200);
    const avatarUrl: string = res.json().avatarUrl;
    expect(avatarUrl).toMatch(/^\/api\/images\/avatars\/[0-9a-f-]+$/);
    const image = await owner.get(`${avatarUrl}-128.webp`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(128);
    const id = avatarUrl.split('/').pop();
    expect(await bucketKeys()).toEqual(expect.arrayContaining([`images/avatars/${id}-128.webp`]));

    // Keys (and app routes) only: where the bucket is, and any signed URL, is derived when replying.
    const rows = JSON.stringify([
      await t.db.select().from(tracks),
      await t.db.select().from(users).where(eq(users.id, owner.userId)),
    ]);
    expect(rows).not.toContain(s3.endpoint);
    expect(rows).not.toContain('127.0.0.1');
    expect(rows).not.toMatch(/X-Amz-|https?:\/\//i);
  });

  it('a refused upload (too big, or not audio) leaves nothing in the bucket', async () => {
    const before = await bucketKeys();
    const tooBig = await upload(owner, 'Long', makeWav(30));
    expect(tooBig.statusCode).toBe(413);
    const notAudio = await upload(owner, 'Noise', Buffer.alloc(5000, 7));
    expect(notAudio.statusCode).toBe(415);
    expect(await bucketKeys()).toEqual(before);
  });

  it('an upload cut off mid-way leaves nothing in the bucket and no temp file', async () => {
    const before = await bucketKeys();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const boundary = 'cut-off';
    const request = new RawHttpRequest(
      port,
      multipartHead({
        path: '/api/tracks',
        boundary,
        cookie: owner.cookieHeader(),
        csrfToken: await owner.fetchCsrfToken(),
        length: 300_000,
      }),
    );
    await request.write(filePartHead(boundary, 'audio', 'cut.wav', 'audio/wav'));
    await request.write(audio.subarray(0, 100_000));
    const tmp = path.join(t.dataDir, 'tmp');
    const uploading = () => existsSync(tmp) && readdirSync(tmp).some((name) => name.startsWith('upload-'));
    for (let i = 0; i < 200 && !uploading(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(uploading()).toBe(true);
    request.destroy();
    for (let i = 0; i < 200 && uploading(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(uploading()).toBe(false);
    expect(await bucketKeys()).toEqual(before);
  });
});

describe('STORAGE=s3, S3_STREAM=proxy: ranged GETs through serve-blob', () => {
  it('the whole file with its type, length, ETag and Accept-Ranges', async () => {
    const res = await stream(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(Number(res.headers['content-length'])).toBe(size);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it('206 for the first byte, the middle and the last byte', async () => {
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=1000-4999', 1000, 4999],
      [`bytes=${size - 1}-`, size - 1, size - 1],
      ['bytes=-100', size - 100, size - 1],
    ] as const) {
      const res = await stream(owner, { range });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.rawPayload.equals(audio.subarray(start, end + 1))).toBe(true);
    }
  });

  it('416 past the end; 304 for a matching ETag; HEAD has the headers and no body', async () => {
    const past = await stream(owner, { range: `bytes=${size + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const { etag } = (await stream(owner, { range: 'bytes=0-0' })).headers;
    expect((await stream(owner, { 'if-none-match': String(etag) })).statusCode).toBe(304);
    const head = await owner.request('HEAD', `/api/tracks/${trackId}/stream`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(head.rawPayload.length).toBe(0);
  });

  it('still 404 for those who may not listen', async () => {
    expect((await t.client().get(`/api/tracks/${privateTrack}/stream`)).statusCode).toBe(404);
  });
});

describe('STORAGE=s3, S3_STREAM=redirect: a presigned 302 after the access check', () => {
  let r: TestApp;
  let listener: TestClient & { userId: string };
  let redirected: number;
  let hiddenTrack: number;

  beforeAll(async () => {
    r = await buildTestApp({ store, config: { storage: 's3', s3Stream: 'redirect' } });
    listener = await r.signedInClient({ isPublic: true });
    redirected = (await upload(listener, 'Take')).json().id;
    // Open by link signed out: a public track (decision 0140).
    await listener.patch(`/api/tracks/${redirected}`, { visibility: 'public' });
    hiddenTrack = (await upload(await r.signedInClient(), 'Hidden')).json().id;
  });
  afterAll(async () => r?.close());

  it('answers 302 to a bucket URL that a media element can seek with Range', async () => {
    const res = await r.client().get(`/api/tracks/${redirected}/stream`, { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/tracks/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=300\b/);

    const ranged = await fetch(location, { headers: { range: 'bytes=1000-4999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-4999/${size}`);
    expect(ranged.headers.get('content-type')).toBe('audio/wav');
    expect(ranged.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await ranged.arrayBuffer()).equals(audio.subarray(1000, 5000))).toBe(true);
    const tail = await fetch(location, { headers: { range: `bytes=${size - 1}-` } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(size - 1))).toBe(true);
  });

  it('GET /original redirects to a URL that names the file to save as', async () => {
    const res = await listener.get(`/api/tracks/${redirected}/original`);
    expect(res.statusCode).toBe(302);
    const original = await fetch(String(res.headers.location));
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="take\.wav"/);
    expect(Buffer.from(await original.arrayBuffer()).equals(audio)).toBe(true);
  });

  it("the page's CSP lets players follow the redirect to the bucket, and only there", async () => {
    const csp = String((await r.client().get('/api/auth/csrf-token')).headers['content-security-policy']);
    expect(csp).toContain(`media-src 'self' blob: ${s3.endpoint};`);
    const proxied = String((await t.client().get('/api/auth/csrf-token')).headers['content-security-policy']);
    expect(proxied).toContain("media-src 'self' blob:;");
  });

  it('no access: 404 and no URL at all', async () => {
    const res = await r.client().get(`/api/tracks/${hiddenTrack}/stream`);
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });
});
