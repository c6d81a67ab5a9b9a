import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { unzipEntries } from '../../../test/unzip';
import { tracks } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { S3BlobStore } from '../../storage/s3-store';

/** Any store, with every read stream it hands out recorded: the abort test watches them. */
function watched(inner: BlobStore) {
  const reads: Readable[] = [];
  const store: BlobStore = {
    putFile: (key, file) => inner.putFile(key, file),
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    async createReadStream(key, range) {
      const stream = await inner.createReadStream(key, range);
      reads.push(stream);
      return stream;
    },
  };
  return { store, reads };
}

const kinds = [
  {
    kind: 'local disk',
    make: async (dir: string) => ({ inner: new LocalDiskStore(dir), stop: async () => {} }),
  },
  {
    kind: 'S3',
    make: async () => {
      const s3: S3Server = await startS3Server({ bucket: 'journal-archive' });
      const inner = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
      const stop = async () => {
        inner.close();
        await s3.stop();
      };
      return { inner, stop };
    },
  },
];

describe.each(kinds)('POST /api/tracks/archive ($kind)', ({ make }) => {
  let t: TestApp;
  let alice: TestClient & { userId: string };
  let bob: TestClient & { userId: string };
  let dir: string;
  let stop: () => Promise<void>;
  let reads: Readable[];
  let store: BlobStore;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'archive-'));
    const made = await make(path.join(dir, 'files'));
    stop = made.stop;
    ({ store, reads } = watched(made.inner));
    t = await buildTestApp({ store });
    alice = await t.signedInClient();
    bob = await t.signedInClient();
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await stop?.();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.db.delete(tracks);
    reads.length = 0;
  });

  /** A track whose stored original is exactly `data`. */
  async function track(userId: string, filename: string, data: Buffer, fileCreatedAt?: Date) {
    const file = path.join(dir, randomUUID());
    writeFileSync(file, data);
    const key = `tracks/${randomUUID()}`;
    const { size } = await store.putFile(key, file);
    const [row] = await t.db
      .insert(tracks)
      .values({ userId, name: filename, filename, filepath: key, mimeType: 'audio/wav', size, fileCreatedAt })
      .returning({ id: tracks.id });
    return row!.id;
  }
  const archive = (client: TestClient, ids: number[]) => client.post('/api/tracks/archive', { ids });

  it('zips the originals byte for byte, stored, under their names, repeated names numbered', async () => {
    const files = [randomBytes(70_000), randomBytes(1), randomBytes(5_000), randomBytes(300)];
    const ids = [
      await track(alice.userId, 'Take.wav', files[0]!),
      // A date no zip can hold (yazl would throw from a timer): kept at the earliest it can.
      await track(alice.userId, 'Take.wav', files[1]!, new Date('1900-01-01T00:00:00Z')),
      await track(alice.userId, 'take.WAV', files[2]!),
      await track(alice.userId, 'Räume ".mp3', files[3]!),
    ];
    const res = await alice.request('POST', '/api/tracks/archive', {
      body: { ids: [...ids, ids[0]!] },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="journal-tracks.zip"; filename*=UTF-8''journal-tracks.zip`,
    );
    const entries = await unzipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Take.wav', 'Take (2).wav', 'take (3).WAV', 'Räume ".mp3']);
    expect(entries.map((e) => e.compressionMethod)).toEqual([0, 0, 0, 0]);
    expect(entries.map((entry, i) => entry.data.equals(files[i]!))).toEqual([true, true, true, true]);
  });

  it('answers 404 before any byte when one id is not the caller’s; 400 for none; 401 signed out', async () => {
    const mine = await track(alice.userId, 'Mine.wav', randomBytes(10));
    const theirs = await track(bob.userId, 'Theirs.wav', randomBytes(10));
    const refused = await archive(alice, [mine, theirs]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Track not found' });
    expect(reads).toEqual([]);
    expect((await archive(alice, [])).statusCode).toBe(400);
    expect((await t.client().post('/api/tracks/archive', { ids: [mine] })).statusCode).toBe(401);
  });

  it('stops reading the store when the client goes away mid-download', async () => {
    const big = randomBytes(16 * 1024 * 1024);
    const ids = [
      await track(alice.userId, 'A.wav', big),
      await track(alice.userId, 'B.wav', big),
      await track(alice.userId, 'C.wav', big),
    ];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const body = JSON.stringify({ ids });
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/tracks/archive',
      headers: {
        cookie: alice.cookieHeader(),
        'x-csrf-token': await alice.fetchCsrfToken(),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('error', () => {});
    const status = await new Promise<number>((resolve) => {
      req.on('response', (res) => res.once('data', () => resolve(res.statusCode!)));
      req.end(body);
    });
    expect(status).toBe(200);
    req.destroy();
    // The file being read is destroyed, and the ones after it are never opened.
    await expect.poll(() => reads[0]?.destroyed, { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toHaveLength(1);
  }, 60_000);
});
