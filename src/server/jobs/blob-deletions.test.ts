import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../test/blob-deletions';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { blobDeletions, playlists, tracks, users } from '../db/schema';
import { imageKey } from '../media/image-variants';
import type { BlobStore } from '../storage/blob-store';
import { LocalDiskStore } from '../storage/local-disk-store';
import { blobKeysOf, drainBlobDeletions } from './blob-deletions';

const IMAGE_ID = '0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11';
const IMAGE_BASE = `images/avatars/${IMAGE_ID}`;
const silent = pino({ level: 'silent' });

async function queued(db: TestDatabase['db']) {
  const rows = await db.select({ ref: blobDeletions.ref }).from(blobDeletions).orderBy(asc(blobDeletions.id));
  return rows.map((r) => r.ref);
}

async function insertTrack(db: TestDatabase['db'], userId: string, key: string) {
  const [row] = await db
    .insert(tracks)
    .values({ userId, name: 'x', filename: 'x.wav', filepath: key, mimeType: 'audio/wav', size: 1 })
    .returning();
  return row!;
}

describe('blob_deletions triggers (decision 0095)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('queue the keys a track row stops naming, in the same transaction', async () => {
    const { db } = database;
    await db.delete(blobDeletions);
    await db.insert(users).values({ id: 'owner-1' });
    const track = await insertTrack(db, 'owner-1', 'tracks/a');
    await db
      .update(tracks)
      .set({ renditionKey: 'tracks/a.r1', peaksKey: 'tracks/a.p1' })
      .where(eq(tracks.id, track.id));
    expect(await queued(db)).toEqual([]);
    // Reprocessed: the old rendition and peaks go, the original stays.
    await db
      .update(tracks)
      .set({ renditionKey: 'tracks/a.r2', peaksKey: 'tracks/a.p2' })
      .where(eq(tracks.id, track.id));
    expect(await queued(db)).toEqual(['tracks/a.r1', 'tracks/a.p1']);
    // A change that does not touch a key queues nothing.
    await db.update(tracks).set({ name: 'renamed' }).where(eq(tracks.id, track.id));
    expect(await queued(db)).toHaveLength(2);

    // Rolled back with the delete: nothing queued.
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(tracks).where(eq(tracks.id, track.id));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await queued(db)).toHaveLength(2);

    await db.delete(tracks).where(eq(tracks.id, track.id));
    // The original is queued by a trigger of its own since decision 0430 (a kept one is not): after
    // the derived files.
    expect(await queued(db)).toEqual([
      'tracks/a.r1',
      'tracks/a.p1',
      'tracks/a.r2',
      'tracks/a.p2',
      'tracks/a',
    ]);
  });

  it("queue a track's replaced link-preview picture, and its last one with the track (decision 0350)", async () => {
    const { db } = database;
    await db.delete(blobDeletions);
    await db.insert(users).values({ id: 'owner-og' });
    const track = await insertTrack(db, 'owner-og', 'tracks/og');
    await db.update(tracks).set({ ogImageKey: 'tracks/og-1-aa-01.png' }).where(eq(tracks.id, track.id));
    expect(await queued(db)).toEqual([]);
    await db.update(tracks).set({ ogImageKey: 'tracks/og-1-bb-02.png' }).where(eq(tracks.id, track.id));
    expect(await queued(db)).toEqual(['tracks/og-1-aa-01.png']);
    await db.delete(tracks).where(eq(tracks.id, track.id));
    expect(await queued(db)).toEqual(['tracks/og-1-aa-01.png', 'tracks/og-1-bb-02.png', 'tracks/og']);
  });

  it('queue replaced images, and everything an account held when it is deleted (cascades included)', async () => {
    const { db } = database;
    await db.delete(blobDeletions);
    await db.insert(users).values({ id: 'owner-2', avatarKey: IMAGE_BASE });
    await insertTrack(db, 'owner-2', 'tracks/b');
    await db.insert(playlists).values({ userId: 'owner-2', name: 'p', imageKey: 'images/playlists/cover' });
    const newAvatar = 'images/avatars/1b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11';
    await db.update(users).set({ avatarKey: newAvatar }).where(eq(users.id, 'owner-2'));
    expect(await queued(db)).toEqual([IMAGE_BASE]);
    await db.delete(users).where(eq(users.id, 'owner-2'));
    expect((await queued(db)).sort()).toEqual(
      [IMAGE_BASE, newAvatar, 'images/playlists/cover', 'tracks/b'].sort(),
    );
  });
});

describe('drainBlobDeletions', () => {
  let database: TestDatabase;
  let root: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const t = await buildTestApp({ sharedDatabase: database });
    root = path.join(t.dataDir, 'files');
    await t.close();
  });
  afterAll(async () => database.close());

  const put = (key: string) => {
    mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
    writeFileSync(path.join(root, key), 'x');
  };

  it('names both variants of an image and nothing for a URL or a path', () => {
    expect(blobKeysOf(IMAGE_BASE)).toEqual([
      imageKey('avatars', IMAGE_ID, 128),
      imageKey('avatars', IMAGE_ID, 256),
    ]);
    expect(blobKeysOf('tracks/x.peaks.json')).toEqual([
      'tracks/x.peaks.json',
      ...[64, 128, 256, 512, 1024].map((size) => `tracks/x.tile-${size}.webp`),
      // Its spectrogram (issue 47, decision 0842).
      'tracks/x.spectrogram.webp',
    ]);
    expect(blobKeysOf('tracks/x.flac')).toEqual(['tracks/x.flac']);
    expect(blobKeysOf('https://lh3.googleusercontent.com/a/photo')).toEqual([]);
    expect(blobKeysOf(`/api/images/avatars/${IMAGE_ID}`)).toEqual([]);
  });

  it('removes the files (a missing one is fine), then the rows', async () => {
    const { db } = database;
    const store = new LocalDiskStore(root);
    put('tracks/d1');
    put(imageKey('avatars', IMAGE_ID, 128));
    put(imageKey('avatars', IMAGE_ID, 256));
    await db
      .insert(blobDeletions)
      .values([{ ref: 'tracks/d1' }, { ref: 'tracks/never-there' }, { ref: IMAGE_BASE }]);
    expect(await drainBlobDeletions({ db, store, log: silent })).toBe(3);
    expect(await queued(db)).toEqual([]);
    expect(existsSync(path.join(root, 'tracks/d1'))).toBe(false);
    expect(existsSync(path.join(root, imageKey('avatars', IMAGE_ID, 256)))).toBe(false);
  });

  it('keeps a row whose file the store fails to remove, with the error, and throws so the job retries', async () => {
    const { db } = database;
    const disk = new LocalDiskStore(root);
    const failing: BlobStore = {
      putFile: (key, file) => disk.putFile(key, file),
      stat: (key) => disk.stat(key),
      createReadStream: (key, range) => disk.createReadStream(key, range),
      delete: async (key) => {
        if (key === 'tracks/stuck') throw new Error('store unavailable');
        await disk.delete(key);
      },
    };
    put('tracks/stuck');
    put('tracks/fine');
    await db.insert(blobDeletions).values([{ ref: 'tracks/stuck' }, { ref: 'tracks/fine' }]);
    await expect(drainBlobDeletions({ db, store: failing, log: silent })).rejects.toThrow('1 blob(s)');
    const rows = await db.select().from(blobDeletions);
    expect(rows).toMatchObject([{ ref: 'tracks/stuck', attempts: 1, lastError: 'store unavailable' }]);
    expect(existsSync(path.join(root, 'tracks/fine'))).toBe(false);
    expect(existsSync(path.join(root, 'tracks/stuck'))).toBe(true);
    // The store is back: the next drain finishes the job.
    expect(await drainBlobDeletions({ db, store: disk, log: silent })).toBe(1);
    expect(existsSync(path.join(root, 'tracks/stuck'))).toBe(false);
  });
});

describe('a track deleted by an app that stops before removing its file', () => {
  it('has its file removed by the next app on the same database and data dir', async () => {
    const database = await createTestDatabase();
    let first: TestApp | undefined;
    let second: TestApp | undefined;
    try {
      // The first instance's store cannot delete (an outage, or the process about to die): the
      // row's deletion commits, the file stays, and the instance goes away with it still there.
      const neverDeletes: BlobStore = {
        putFile: (key, file) => disk().putFile(key, file),
        stat: (key) => disk().stat(key),
        createReadStream: (key, range) => disk().createReadStream(key, range),
        delete: async () => {
          throw new Error('killed before the file went');
        },
      };
      let dataDir = '';
      const disk = () => new LocalDiskStore(path.join(dataDir, 'files'));
      first = await buildTestApp({ sharedDatabase: database, store: neverDeletes });
      dataDir = first.dataDir;
      const alice = await first.signedInClient();
      const uploaded = await alice.upload(
        '/api/tracks',
        {},
        {
          field: 'audio',
          name: 'a.wav',
          type: 'audio/wav',
          data: makeWav(0.2),
        },
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const [row] = await database.db.select().from(tracks).where(eq(tracks.id, uploaded.json().id));
      const file = path.join(dataDir, 'files', row!.filepath);
      expect(existsSync(file)).toBe(true);
      expect((await alice.delete(`/api/tracks/${row!.id}`)).statusCode).toBe(200);
      expect(await queued(database.db)).toEqual([row!.filepath]);
      await first.close();
      first = undefined;
      expect(existsSync(file)).toBe(true);

      // A new instance on the same database and files: its start-up drain removes the file.
      second = await buildTestApp({ sharedDatabase: database, dataDir });
      await waitForBlobDeletions(database.db);
      expect(existsSync(file)).toBe(false);
    } finally {
      await first?.close();
      await second?.close();
      await database.close();
    }
  });
});
