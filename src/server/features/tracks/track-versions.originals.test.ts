import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { blobDeletions, collectiveMembers, tracks, trackVersions } from '../../db/schema';
import { S3BlobStore } from '../../storage/s3-store';

// Earlier versions keep their originals (decision 0430): kept, counted, downloaded and removed by
// the owner only, and gone through the outbox with the track or the account; on the local disk and
// on S3 (s3rver), on either database.
type Person = TestClient & { userId: string };
const takes = [makeWav(1), makeWav(2), makeWav(1.5)];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const file = (data: Buffer, name: string) => ({ field: 'file', name, type: 'audio/wav', data });
const original = (id: number, v: number | string) => `/api/tracks/${id}/versions/${v}/original`;

describe.each(['local', 's3'] as const)('earlier versions keep their originals (STORAGE=%s)', (storage) => {
  let t: TestApp;
  let s3: S3Server | undefined;
  let store: S3BlobStore | undefined;
  let owner: Person;
  let member: Person; // may listen (a collective the track is shared into), does not own it
  let stranger: Person;
  let trackId: number;

  /** Every key in the store. */
  async function storedKeys(): Promise<string[]> {
    if (store && s3) {
      const listed = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    }
    const root = path.join(t.dataDir, 'files');
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
      .sort();
  }

  /** A track with three versions, one file each: v1 take.wav, v2 take-2.wav, v3 take-3.wav. */
  async function threeVersions(who: Person): Promise<number> {
    const res = await who.upload(
      '/api/tracks',
      { name: 'Harbour' },
      { ...file(takes[0]!, 'take.wav'), field: 'audio' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    for (const [i, data] of takes.slice(1).entries()) {
      const v = await who.upload(
        `/api/tracks/${id}/versions`,
        { note: `Mix ${i + 2}` },
        file(data, `take-${i + 2}.wav`),
      );
      expect(v.statusCode, v.body).toBe(201);
    }
    return id;
  }

  const keysOf = async (id: number) => {
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    const kept = await t.db.select().from(trackVersions).where(eq(trackVersions.trackId, id));
    return [row!.filepath, ...kept.map((v) => v.storageKey).filter((k): k is string => k !== null)];
  };

  beforeAll(async () => {
    if (storage === 's3') {
      s3 = await startS3Server({ bucket: 'journal-versions' });
      store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
    }
    t = await buildTestApp({
      mediaWorkers: 0,
      ...(store ? { store } : {}),
      config: { maxUploadBytes: 400_000, ...(store ? { storage: 's3' as const } : {}) },
    });
    owner = await t.signedInClient({ username: 'owner' });
    member = await t.signedInClient({ username: 'member' });
    stranger = await t.signedInClient({ username: 'stranger' });
    trackId = await threeVersions(owner);
    const collectiveId = (await owner.post('/api/collectives', { name: 'Band' })).json().id;
    await t.db.insert(collectiveMembers).values({ collectiveId, userId: member.userId });
    const playlistId = (await owner.post('/api/playlists', { name: 'Demos' })).json().id;
    await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
    await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    store?.close();
    await s3?.stop();
  });

  it('keeps every replaced original, byte for byte, with its name, type and hash', async () => {
    const rows = await t.db
      .select()
      .from(trackVersions)
      .where(eq(trackVersions.trackId, trackId))
      .orderBy(trackVersions.version);
    expect(
      rows.map((r) => [r.version, r.filename, r.size, r.mimeType, r.contentHash, r.storageKey !== null]),
    ).toEqual([
      [1, 'take.wav', takes[0]!.length, 'audio/wav', sha(takes[0]!), true],
      [2, 'take-2.wav', takes[1]!.length, 'audio/wav', sha(takes[1]!), true],
      // The current version's file is the track's own.
      [3, 'take-3.wav', takes[2]!.length, null, null, false],
    ]);
    await waitForBlobDeletions(t.db);
    for (const [i, data] of takes.entries()) {
      const res = await owner.get(original(trackId, i + 1));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(i === 0 ? 'take.wav' : `take-${i + 1}.wav`);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(Buffer.compare(res.rawPayload, data)).toBe(0);
    }
    const range = await owner.get(original(trackId, 1), { range: 'bytes=10-19' });
    expect(range.statusCode).toBe(206);
    expect(Buffer.compare(range.rawPayload, takes[0]!.subarray(10, 20))).toBe(0);
    expect(range.headers['content-range']).toBe(`bytes 10-19/${takes[0]!.length}`);
  });

  it('lists every version with whether it has a file, to whoever may listen', async () => {
    const list = await member.get(`/api/tracks/${trackId}/versions`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((v: { version: number; hasFile: boolean }) => [v.version, v.hasFile])).toEqual([
      [3, true],
      [2, true],
      [1, true],
    ]);
  });

  it('counts kept originals in the storage used', async () => {
    const used = (await owner.get('/api/user/storage')).json().usedBytes;
    expect(used).toBe(takes.reduce((n, b) => n + b.length, 0));
  });

  it('lets only the owner download or remove: 403 to a listener, 404 to a stranger, 401 signed out', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const asMember = await member.request(method, original(trackId, 1));
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toMatch(/only the owner/i);
      expect((await stranger.request(method, original(trackId, 1))).statusCode).toBe(404);
      expect((await t.client().request(method, original(trackId, 1))).statusCode).toBe(401);
      expect((await owner.request(method, original(999_999, 1))).statusCode).toBe(404);
      expect((await owner.request(method, original(trackId, 9))).statusCode).toBe(404);
      for (const bad of ['0', 'x', '-1', '1.5']) {
        expect((await owner.request(method, original(trackId, bad))).statusCode).toBe(400);
      }
    }
    // Removing needs the CSRF token, like every change.
    expect((await owner.request('DELETE', original(trackId, 1), { csrf: false })).statusCode).toBe(403);
    // The current version's file is the track: delete the track instead.
    expect((await owner.request('DELETE', original(trackId, 3))).statusCode).toBe(409);
    expect(await keysOf(trackId)).toHaveLength(3);
  });

  it('removing a file frees its room, keeps the history row and queues the file in the outbox', async () => {
    const [v2] = await t.db
      .select()
      .from(trackVersions)
      .where(sql`${trackVersions.trackId} = ${trackId} and ${trackVersions.version} = 2`);
    const usedBefore = (await owner.get('/api/user/storage')).json().usedBytes;
    await t.db
      .transaction(async (tx) => {
        // The same statement the route runs, rolled back: the trigger queues the key with the update.
        await tx.update(trackVersions).set({ storageKey: null }).where(eq(trackVersions.id, v2!.id));
        const queued = await tx.select().from(blobDeletions);
        expect(queued.map((q) => q.ref)).toContain(v2!.storageKey);
        tx.rollback();
      })
      .catch(() => undefined);

    const res = await owner.request('DELETE', original(trackId, 2));
    expect(res.statusCode).toBe(204);
    expect((await owner.get('/api/user/storage')).json().usedBytes).toBe(usedBefore - takes[1]!.length);
    const list = (await owner.get(`/api/tracks/${trackId}/versions`)).json();
    expect(list.find((v: { version: number }) => v.version === 2)).toMatchObject({
      note: 'Mix 2',
      filename: 'take-2.wav',
      hasFile: false,
    });
    expect((await owner.get(original(trackId, 2))).statusCode).toBe(404);
    expect((await owner.request('DELETE', original(trackId, 2))).statusCode).toBe(404);
    await waitForBlobDeletions(t.db);
    expect(await storedKeys()).not.toContain(v2!.storageKey);
    expect(await storedKeys()).toEqual(expect.arrayContaining(await keysOf(trackId)));
  });

  it('a file swapped on the track with no version row keeping it is still queued: no orphan', async () => {
    const id = (
      await owner.upload('/api/tracks', {}, { ...file(takes[0]!, 'loose.wav'), field: 'audio' })
    ).json().id as number;
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    let queued: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.update(tracks).set({ filepath: 'tracks/elsewhere' }).where(eq(tracks.id, id));
        queued = (await tx.select().from(blobDeletions)).map((q) => q.ref);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(queued).toContain(row!.filepath);
    expect((await owner.delete(`/api/tracks/${id}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
  });

  it('deleting the track removes every kept original through the outbox', async () => {
    const id = await threeVersions(owner);
    const keys = await keysOf(id);
    expect(keys).toHaveLength(3);
    await waitForBlobDeletions(t.db);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keys));
    expect((await owner.delete(`/api/tracks/${id}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
    const left = await storedKeys();
    expect(left.filter((k) => keys.includes(k))).toEqual([]);
  });

  it('deleting the account leaves no object of it in the store', async () => {
    const leaver = await t.signedInClient({ username: 'leaver' });
    await waitForBlobDeletions(t.db);
    const others = await storedKeys();
    const id = await threeVersions(leaver);
    const keys = await keysOf(id);
    expect(await storedKeys()).toEqual([...others, ...keys].sort());
    const res = await leaver.request('DELETE', '/api/user', { body: { confirm: 'leaver' } });
    expect(res.statusCode, res.body).toBe(204);
    await waitForBlobDeletions(t.db);
    expect(await storedKeys()).toEqual(others);
  });
});
