import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffprobeAudio, hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { subsonicClient } from '../../../test/subsonic-client';
import { blobDeletions, tracks, transcodeCache } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { TranscodeCache } from './transcode-cache';

/**
 * The transcode cache of /rest stream (decision 0400), on local disk: a whole-track transcode is
 * kept once ffmpeg finished it, and served again as stored bytes (Content-Length, Range); a new
 * version or the track's deletion drops it, the least recently used go beyond the cap, and nobody's
 * storage counts it. A transcode answers `Accept-Ranges: none` without a length, a cached one
 * `bytes` with one: that is how a reply shows which it was.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let apiKey: string;

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
const onDisk = (key: string) => existsSync(path.join(t.dataDir, 'files', key));

async function until<T>(probe: () => Promise<T> | T, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** The stored entry of a track once its transcode has been published (publishing follows the reply). */
const storedEntry = (trackId: number) =>
  until(async () => (await entries(trackId)).find((row) => row.stored));

/** A first transcode: the transcode itself, then its entry in the store. */
async function transcodeOnce(trackId: number, query: Record<string, string | number> = {}) {
  const res = await api().stream({ id: String(trackId), format: 'mp3', maxBitRate: 32, ...query });
  expect(res.headers.get('accept-ranges')).toBe('none');
  const body = await bytes(res);
  const entry = await storedEntry(trackId);
  expect(entry).toBeDefined();
  return { body, entry: entry! };
}

beforeAll(async () => {
  // A cap that holds two of this file's 3-second transcodes at 32 kbit/s (about 12 kB each), not three.
  t = await buildTestApp({ config: { transcodeCacheBytes: 30_000 } });
  me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
});
afterAll(async () => t.close());

describe.skipIf(!hasFfmpeg)('/rest stream: finished transcodes are cached', () => {
  it('the second request is the first transcode, stored: with its length, and ranged', async () => {
    const id = await upload('Take', 3);
    const usage = (await me.get('/api/user/storage')).json();
    const first = await transcodeOnce(id);
    expect(ffprobeAudio(first.body).codec).toBe('mp3');
    // The first reply had its estimated length (decision 0800): what ffmpeg made, then zero bytes.
    const made = first.body.subarray(0, first.entry.size);
    expect(first.body.length).toBeGreaterThan(first.entry.size);
    expect(first.body.subarray(first.entry.size).every((byte) => byte === 0)).toBe(true);
    expect(onDisk(first.entry.key)).toBe(true);

    // The cached transcode is sent with its real length.
    const second = await api().stream({ id: String(id), format: 'mp3', maxBitRate: 32 });
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('audio/mpeg');
    expect(second.headers.get('accept-ranges')).toBe('bytes');
    expect(second.headers.get('content-length')).toBe(String(first.entry.size));
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect((await bytes(second)).equals(made)).toBe(true);

    const part = await api({ range: 'bytes=100-1099' }).stream({
      id: String(id),
      format: 'mp3',
      maxBitRate: 32,
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${first.entry.size}`);
    expect((await bytes(part)).equals(first.body.subarray(100, 1100))).toBe(true);
    // Another bit rate is another transcode.
    const other = await api().stream({ id: String(id), format: 'mp3', maxBitRate: 48 });
    expect(other.headers.get('accept-ranges')).toBe('none');
    await bytes(other);

    // Nobody's storage counts cached transcodes.
    expect((await me.get('/api/user/storage')).json()).toEqual(usage);
  });

  it('a timeOffset transcode (a seek) is not cached, nor served from the cache', async () => {
    const id = await upload('Seek', 3);
    await transcodeOnce(id);
    const seek = await api().stream({ id: String(id), format: 'mp3', maxBitRate: 32, timeOffset: 1 });
    expect(seek.headers.get('accept-ranges')).toBe('none');
    expect(Math.abs(ffprobeAudio(await bytes(seek)).duration - 2)).toBeLessThan(0.3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await entries(id)).toHaveLength(1);
  });

  it('a new version is transcoded anew; the old transcode is dropped with its file', async () => {
    const id = await upload('Versioned', 3);
    const { entry } = await transcodeOnce(id);
    const res = await me.upload(
      `/api/tracks/${id}/versions`,
      {},
      { field: 'file', name: 'v2.wav', type: 'audio/wav', data: makeWav(2) },
    );
    expect(res.statusCode).toBe(201);
    // The trigger on tracks took the row in the version's transaction; the outbox takes the file.
    expect((await entries(id)).map((row) => row.key)).not.toContain(entry.key);
    expect(await until(() => !onDisk(entry.key))).toBe(true);

    const fresh = await api().stream({ id: String(id), format: 'mp3', maxBitRate: 32 });
    expect(fresh.headers.get('accept-ranges')).toBe('none');
    expect(Math.abs(ffprobeAudio(await bytes(fresh)).duration - 2)).toBeLessThan(0.3);
    const next = await storedEntry(id);
    expect(next?.key).not.toBe(entry.key);
  });

  it("a track's deletion takes its transcodes and their files", async () => {
    const id = await upload('Deleted', 3);
    const { entry } = await transcodeOnce(id);
    expect((await me.delete(`/api/tracks/${id}`)).statusCode).toBe(200);
    expect(await entries(id)).toEqual([]);
    expect(await until(() => !onDisk(entry.key))).toBe(true);
  });

  it('over the cap, the least recently used entry goes, row and file', async () => {
    await t.db.delete(transcodeCache);
    await t.app.kickBlobDeletions();
    expect(await until(async () => (await t.db.select().from(blobDeletions)).length === 0)).toBe(true);
    const [a, b, c] = [await upload('A', 3), await upload('B', 3), await upload('C', 3)];
    const older = (await transcodeOnce(a)).entry;
    const old = (await transcodeOnce(b)).entry;
    // Both made an hour ago, then A played again: B is now the least recently used.
    await t.db.update(transcodeCache).set({ lastUsedAt: sql`now() - interval '1 hour'` });
    const again = await api().stream({ id: String(a), format: 'mp3', maxBitRate: 32 });
    expect(again.headers.get('accept-ranges')).toBe('bytes');
    await bytes(again);
    await until(async () => (await entries(a))[0]!.lastUsedAt.getTime() > Date.now() - 60_000);

    await transcodeOnce(c);
    expect(await until(async () => (await entries(b)).length === 0)).toBe(true);
    expect((await entries(a)).map((row) => row.key)).toEqual([older.key]);
    expect(await until(() => !onDisk(old.key))).toBe(true);
    expect(onDisk(older.key)).toBe(true);
    const total = (await t.db.select().from(transcodeCache)).reduce((sum, row) => sum + row.size, 0);
    expect(total).toBeLessThanOrEqual(30_000);
    // B plays again: transcoded, and cached again (evicting in turn).
    const replay = await api().stream({ id: String(b), format: 'mp3', maxBitRate: 32 });
    expect(replay.headers.get('accept-ranges')).toBe('none');
    await bytes(replay);
  });

  it('a blob gone from under its row (evicted meanwhile) is transcoded again, not a 404', async () => {
    const id = await upload('Vanished', 3);
    const { entry, body } = await transcodeOnce(id);
    await rm(path.join(t.dataDir, 'files', entry.key));
    const res = await api().stream({ id: String(id), format: 'mp3', maxBitRate: 32 });
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('none');
    expect((await bytes(res)).length).toBe(body.length);
  });
});

describe('TranscodeCache.record', () => {
  it('a row gone while its blob was being stored (evicted, the track deleted) leaves no blob', async () => {
    const id = await upload('Raced', 1);
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    const disk = new LocalDiskStore(path.join(t.dataDir, 'files'));
    const source = { trackId: id, sourceKey: track!.filepath };
    const plan = { format: 'mp3' as const, bitRate: 99, offset: 0 };
    let stored = false;
    const store: BlobStore = {
      stat: (key) => disk.stat(key),
      createReadStream: (key, range) => disk.createReadStream(key, range),
      delete: (key) => disk.delete(key),
      putFile: async (key, file) => {
        await t.db.delete(transcodeCache).where(eq(transcodeCache.key, key));
        const info = await disk.putFile(key, file);
        stored = true;
        return info;
      },
    };
    const cache = new TranscodeCache({
      db: t.db,
      store,
      tempDir: path.join(t.dataDir, 'tmp'),
      maxBytes: 30_000,
      kickBlobDeletions: async () => {},
      log: t.app.log,
    });
    const key = cache.keyOf(source, plan);
    cache.record(Readable.from([Buffer.alloc(1000, 1)]), Promise.resolve(0), source, key);
    expect(await until(() => stored)).toBe(true);
    expect(await until(() => !onDisk(key))).toBe(true);
    expect(await t.db.select().from(transcodeCache).where(eq(transcodeCache.key, key))).toEqual([]);
  });

  it('nothing is kept when ffmpeg did not exit 0', async () => {
    const id = await upload('Failed', 1);
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    const cache = new TranscodeCache({
      db: t.db,
      store: new LocalDiskStore(path.join(t.dataDir, 'files')),
      tempDir: path.join(t.dataDir, 'tmp'),
      maxBytes: 30_000,
      kickBlobDeletions: async () => {},
      log: t.app.log,
    });
    const source = { trackId: id, sourceKey: track!.filepath };
    const key = cache.keyOf(source, { format: 'mp3', bitRate: 98, offset: 0 });
    let exit: (code: number | null) => void = () => {};
    cache.record(
      Readable.from([Buffer.alloc(1000, 1)]),
      new Promise((resolve) => (exit = resolve)),
      source,
      key,
    );
    exit(null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await entries(id)).toEqual([]);
    expect(onDisk(key)).toBe(false);
  });
});

describe.skipIf(!hasFfmpeg)('/rest stream: TRANSCODE_CACHE_MAX_BYTES=0', () => {
  it('keeps nothing', async () => {
    const off = await buildTestApp({ config: { transcodeCacheBytes: 0 } });
    try {
      const owner = await off.signedInClient({ username: 'owner' });
      const key = (await owner.post('/api/user/api-keys', { name: 'Phone' })).json().key;
      const res = await owner.upload(
        '/api/tracks',
        { name: 'Take' },
        { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(2) },
      );
      const client = subsonicClient(off.app, { apiKey: key });
      for (let i = 0; i < 2; i++) {
        const stream = await client.stream({ id: String(res.json().id), format: 'mp3' });
        expect(stream.headers.get('accept-ranges')).toBe('none');
        await stream.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await off.db.select().from(transcodeCache)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
