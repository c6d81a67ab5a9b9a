import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, sineInput } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks, trackVersions } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { GAVE_UP_MESSAGE } from './track-processing.service';

/** Local disk, except that reading an original fails while `failing` is set (a store outage). */
class FlakyStore implements BlobStore {
  failing = false;
  /** One stored file that cannot be read, the others can. */
  failingKey: string | null = null;
  reads = 0;
  private readonly disk: LocalDiskStore;

  constructor(root: string) {
    this.disk = new LocalDiskStore(root);
  }

  putFile = (key: string, file: string) => this.disk.putFile(key, file);
  stat = (key: string) => this.disk.stat(key);
  delete = (key: string) => this.disk.delete(key);

  async createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    if ((this.failing && !key.includes('.')) || key === this.failingKey) {
      this.reads += 1;
      return new Readable({
        read() {
          this.destroy(Object.assign(new Error('connection reset by the store'), { code: 'ECONNRESET' }));
        },
      });
    }
    return this.disk.createReadStream(key, range);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-races-'));
const store = new FlakyStore(path.join(dataDir, 'files'));
let t: TestApp;
let owner: TestClient & { userId: string };

beforeAll(async () => {
  // One retry, a second apart: the give-up path in seconds instead of production's minutes.
  t = await buildTestApp({ mediaWorkers: 1, store, dataDir, mediaRetryLimit: 1 });
  owner = await t.signedInClient();
});
afterAll(async () => t?.close());

const trackFiles = () => {
  const dir = path.join(dataDir, 'files', 'tracks');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('processing meets the rest of the world', () => {
  it('a track deleted while its job runs leaves no file behind: not the rendition, not the peaks', async () => {
    const data = ffmpegFixture('tone-60s.opus', sineInput(60, 300, 48_000), ['-ac', '2', '-c:a', 'libopus']);
    const before = trackFiles();
    const uploaded = await uploadAudio(owner, 'going.opus', data);
    const tmp = path.join(dataDir, 'tmp');
    const running = () => existsSync(tmp) && readdirSync(tmp).some((name) => name.startsWith('process-'));
    for (let i = 0; i < 400 && !running(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(running()).toBe(true);

    expect((await owner.delete(`/api/tracks/${uploaded.id}`)).statusCode).toBe(200);
    // The job finishes its ffmpeg run, finds the track gone and removes what it made.
    for (let i = 0; i < 600 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running()).toBe(false);
    // The working folder goes when ffmpeg's run ends, before the job learns the track is gone and
    // removes what it stored (seen on PostgreSQL, whose row lock takes longer): wait up to 10 s.
    for (let i = 0; i < 200 && trackFiles().length > before.length; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trackFiles()).toEqual(before);
  }, 60_000);

  it('a store outage is retried with backoff; when retries run out the track is failed, and a retry later works', async () => {
    store.failing = true;
    const uploaded = await uploadAudio(owner, 'flaky.mp3', ffmpegFixture('tone-1s.mp3', sineInput(1)));
    const failed = await waitForProcessing(owner, uploaded.id, 25_000);
    expect(failed.processing).toEqual({ state: 'failed', error: GAVE_UP_MESSAGE });
    expect(store.reads).toBe(2);

    store.failing = false;
    expect((await owner.post(`/api/tracks/${uploaded.id}/process`)).statusCode).toBe(202);
    expect((await waitForProcessing(owner, uploaded.id)).processing.state).toBe('ready');
  }, 40_000);

  it('an earlier version whose kept file cannot be read is retried, then failed alone: the track plays on', async () => {
    // Version 1 fails (the store is away), then version 2 replaces it: the replaced file, never
    // measured, is queued as a version of its own (decision 0606), and its file stays unreadable.
    store.failing = true;
    // Bytes of their own: a twin already measured would need no read of the original (decision 0918).
    const unmeasured = ffmpegFixture('tone-1s-450.mp3', sineInput(1, 450));
    const first = await uploadAudio(owner, 'first.mp3', unmeasured);
    expect((await waitForProcessing(owner, first.id, 25_000)).processing.state).toBe('failed');
    store.failing = false;
    const [row] = await t.db.select({ key: tracks.filepath }).from(tracks).where(eq(tracks.id, first.id));
    store.failingKey = row!.key;
    store.reads = 0;
    const res = await owner.upload(
      `/api/tracks/${first.id}/versions`,
      {},
      {
        field: 'file',
        name: 'second.mp3',
        type: 'audio/mpeg',
        data: ffmpegFixture('tone-2s.mp3', sineInput(2)),
      },
    );
    expect(res.statusCode).toBe(201);
    expect((await waitForProcessing(owner, first.id)).processing.state).toBe('ready');
    const v1 = async () =>
      (
        await t.db
          .select({ state: trackVersions.processingState, error: trackVersions.processingError })
          .from(trackVersions)
          .where(and(eq(trackVersions.trackId, first.id), eq(trackVersions.version, 1)))
      )[0];
    await expect
      .poll(v1, { timeout: 25_000, interval: 200 })
      .toEqual({ state: 'failed', error: GAVE_UP_MESSAGE });
    // Tried, then tried once more (mediaRetryLimit 1), then given up.
    expect(store.reads).toBe(2);
    store.failingKey = null;
    expect((await waitForProcessing(owner, first.id)).processing.state).toBe('ready');
  }, 60_000);
});
