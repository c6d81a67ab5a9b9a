import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { tracks, users } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { S3BlobStore } from '../../storage/s3-store';
import { type OgImageDeps, trackOgImage } from './og-image-store.service';

// Decision 0350: a track's og.png is drawn once per thing it shows, kept in the blob store beside
// the track's files (local disk and S3 alike) and removed with them.

/** The store the app uses, counting the pictures put into it. */
function countingStore(inner: BlobStore) {
  const pictures: string[] = [];
  const store: BlobStore = {
    putFile: (key, file) => {
      if (key.startsWith('tracks/og-')) pictures.push(key);
      return inner.putFile(key, file);
    },
    stat: (key) => inner.stat(key),
    createReadStream: (key, range) => inner.createReadStream(key, range),
    delete: (key) => inner.delete(key),
  };
  return { store, pictures };
}

const kinds = ['local', 's3'] as const;

describe.each(kinds)('og.png in the blob store (%s)', (kind) => {
  let s3: S3Server | undefined;
  let s3Store: S3BlobStore | undefined;
  let t: TestApp;
  let counted: ReturnType<typeof countingStore>;
  let owner: TestClient & { userId: string };
  let visitor: TestClient;
  let deps: OgImageDeps;

  const og = (id: number, headers: Record<string, string> = {}) =>
    visitor.get(`/api/tracks/${id}/og.png`, headers);
  const row = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0];
  const exists = async (key: string) => (await counted.store.stat(key)) !== undefined;

  async function upload(name: string, visibility: 'public' | 'private' = 'public') {
    const res = await owner.upload(
      '/api/tracks',
      { name },
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    if (visibility === 'public') {
      expect((await owner.patch(`/api/tracks/${id}`, { visibility })).statusCode).toBe(200);
    }
    // Processed, as far as the picture cares: peaks in the store.
    const local = path.join(t.dataDir, `peaks-${id}.json`);
    const peaks = Array.from({ length: 200 }, (_, i) => (i % 2 ? 1 : -1) * Math.abs(Math.sin(i / 10)));
    writeFileSync(local, JSON.stringify({ duration: 1, peaks }));
    const peaksKey = `tracks/test-${id}.peaks.json`;
    await counted.store.putFile(peaksKey, local);
    await t.db.update(tracks).set({ processingState: 'ready', peaksKey }).where(eq(tracks.id, id));
    return id;
  }

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Server({ bucket: 'journal-og' });
      s3Store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
    }
    // The local store is the app's default one, under the test's data folder (removed on close).
    const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-test-'));
    counted = countingStore(s3Store ?? new LocalDiskStore(path.join(dataDir, 'files')));
    t = await buildTestApp({ store: counted.store, dataDir, config: s3Store ? { storage: 's3' } : {} });
    owner = await t.signedInClient({ username: 'ada' });
    visitor = t.client();
    deps = {
      db: t.db,
      store: counted.store,
      tempDir: path.join(t.dataDir, 'tmp'),
      kickBlobDeletions: () => t.app.kickBlobDeletions(),
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    s3Store?.close();
    await s3?.stop();
  });

  it('is drawn on the first request into the store, then served from it without drawing again', async () => {
    const id = await upload('First light');
    const updatedAt = (await row(id))!.updatedAt;
    const res = await og(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const key = (await row(id))!.ogImageKey!;
    expect(key).toMatch(new RegExp(`^tracks/og-${id}-[0-9a-f]{20}-[0-9a-f]{8}\\.png$`));
    expect(counted.pictures).toEqual([key]);
    expect(await exists(key)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe((await counted.store.stat(key))!.size);
    // Storing the picture is not a change of the track: the pages' version stays.
    expect((await row(id))!.updatedAt).toEqual(updatedAt);

    const etag = String(res.headers.etag);
    const again = await og(id);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(etag);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    const notModified = await og(id, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['cache-control']).toBe('public, no-cache');
    expect(counted.pictures).toHaveLength(1);
    expect((await row(id))!.ogImageKey).toBe(key);
  });

  it('a rename, or a new name of its owner, stores a new picture and the old one is removed', async () => {
    const id = await upload('Before');
    const first = await og(id);
    const oldKey = (await row(id))!.ogImageKey!;
    expect((await owner.patch(`/api/tracks/${id}`, { name: 'After' })).statusCode).toBe(200);
    const renamed = await og(id, { 'if-none-match': String(first.headers.etag) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(first.headers.etag);
    const newKey = (await row(id))!.ogImageKey!;
    expect(newKey).not.toBe(oldKey);
    await waitForBlobDeletions(t.db);
    expect(await exists(oldKey)).toBe(false);
    expect(await exists(newKey)).toBe(true);

    await t.db.update(users).set({ username: 'ada-lovelace' }).where(eq(users.id, owner.userId));
    expect((await og(id)).headers.etag).not.toBe(renamed.headers.etag);
    const ownerKey = (await row(id))!.ogImageKey!;
    expect(ownerKey).not.toBe(newKey);
    await waitForBlobDeletions(t.db);
    expect(await exists(newKey)).toBe(false);
    await t.db.update(users).set({ username: 'ada' }).where(eq(users.id, owner.userId));
  });

  it('first requests at once leave one picture in the store, and all get it', async () => {
    const id = await upload('Crowd');
    const before = counted.pictures.length;
    const replies = await Promise.all([og(id), og(id), og(id)]);
    for (const res of replies) expect(res.statusCode).toBe(200);
    expect(new Set(replies.map((res) => res.headers.etag)).size).toBe(1);
    const key = (await row(id))!.ogImageKey!;
    const drawn = counted.pictures.slice(before);
    expect(drawn).toContain(key);
    for (const other of drawn.filter((k) => k !== key)) expect(await exists(other)).toBe(false);
    expect(await exists(key)).toBe(true);

    // The same through the function the share-link route calls.
    const other = await upload('Crowd, again');
    const start = counted.pictures.length;
    const [a, b] = await Promise.all([trackOgImage(deps, other), trackOgImage(deps, other)]);
    expect(a!.key).toBe(b!.key);
    expect(a!.etag).toBe(b!.etag);
    expect((await row(other))!.ogImageKey).toBe(a!.key);
    for (const k of counted.pictures.slice(start).filter((k) => k !== a!.key)) {
      expect(await exists(k)).toBe(false);
    }
  });

  it('is removed with the track', async () => {
    const id = await upload('Gone soon');
    expect((await og(id)).statusCode).toBe(200);
    const key = (await row(id))!.ogImageKey!;
    expect((await owner.delete(`/api/tracks/${id}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
    expect(await exists(key)).toBe(false);
  });

  it('404 for a private track, with nothing drawn; trackOgImage (for share links) draws any track', async () => {
    const id = await upload('Secret', 'private');
    const before = counted.pictures.length;
    expect((await og(id)).statusCode).toBe(404);
    expect((await owner.get(`/api/tracks/${id}/og.png`)).statusCode).toBe(404);
    expect(counted.pictures).toHaveLength(before);
    expect((await row(id))!.ogImageKey).toBeNull();

    const image = await trackOgImage(deps, id);
    expect(image).toMatchObject({ key: (await row(id))!.ogImageKey, etag: expect.stringMatching(/^"\w+"$/) });
    const png = await buffer(await image!.stream());
    expect(png.length).toBe(image!.size);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200 });
    // Still private: the public route does not serve what the share link made.
    expect((await og(id)).statusCode).toBe(404);
    expect(await trackOgImage(deps, 999_999)).toBeNull();
  });
});
