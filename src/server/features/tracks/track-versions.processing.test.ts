import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { trackVersions } from '../../db/schema';
import { spectrogramKey } from '../../media/spectrogram';
import type { BlobStore } from '../../storage/blob-store';
import { LocalDiskStore } from '../../storage/local-disk-store';

// A new version landing while the old file's job runs (decision 0222): the job gives way to the new
// file instead of writing stale results or failing the track.

/** How the held read of an original goes on once the test lets it. */
type Hold = 'buffered' | 'after';

/** Local disk, except that the next read of an original waits until the test releases it. */
class HoldingStore implements BlobStore {
  private hold: { mode: Hold; reached: () => void; released: Promise<void> } | undefined;
  private readonly disk: LocalDiskStore;

  constructor(root: string) {
    this.disk = new LocalDiskStore(root);
  }

  putFile = (key: string, file: string) => this.disk.putFile(key, file);
  stat = (key: string) => this.disk.stat(key);
  delete = (key: string) => this.disk.delete(key);

  /** Holds the next read of an original; `reached` settles when the job asks for it. */
  holdNextRead(mode: Hold) {
    let release!: () => void;
    let reached!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const reachedPromise = new Promise<void>((r) => {
      reached = r;
    });
    this.hold = { mode, reached, released };
    return { reached: reachedPromise, release };
  }

  async createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const hold = this.hold;
    // Originals have no extension; peaks and renditions do.
    if (!hold || key.includes('.')) return this.disk.createReadStream(key, range);
    this.hold = undefined;
    hold.reached();
    if (hold.mode === 'after') {
      // The old file is opened only now: the new version's drain may have removed it.
      await hold.released;
      return this.disk.createReadStream(key, range);
    }
    // The old bytes were read in full before the new version landed: the run goes all the way.
    const chunks: Buffer[] = [];
    for await (const chunk of await this.disk.createReadStream(key, range)) chunks.push(chunk as Buffer);
    await hold.released;
    return Readable.from([Buffer.concat(chunks)]);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-versions-'));
const store = new HoldingStore(path.join(dataDir, 'files'));
let t: TestApp;
let owner: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1, store, dataDir });
  owner = await t.signedInClient();
});
afterAll(async () => t?.close());

const trackFiles = () => {
  const dir = path.join(dataDir, 'files', 'tracks');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function versionDuringProcessing(mode: Hold) {
  const hold = store.holdNextRead(mode);
  const first = await uploadAudio(owner, `first-${mode}.wav`, makeWav(1));
  await hold.reached;
  const res = await owner.upload(
    `/api/tracks/${first.id}/versions`,
    {},
    { field: 'file', name: 'second.wav', type: 'audio/wav', data: makeWav(3) },
  );
  expect(res.statusCode).toBe(201);
  if (mode === 'after') {
    // The replaced original is kept (decision 0430); its owner removes it to free room.
    expect((await owner.request('DELETE', `/api/tracks/${first.id}/versions/1/original`)).statusCode).toBe(
      204,
    );
  }
  await waitForBlobDeletions(t.db);
  hold.release();
  const track = await waitForProcessing(owner, first.id);
  expect(track).toMatchObject({ version: 2, processing: { state: 'ready', error: null } });
  const wave = (await owner.get(`/api/tracks/${first.id}/waveform`)).json();
  // The waveform is the new file's (3 s), not the old one's (1 s).
  expect(wave.duration).toBeCloseTo(3, 1);
  return first.id;
}

describe.skipIf(!hasFfmpeg)('a new version while the old file is processed', () => {
  it('a run that measured the old file drops its results and processes the new one', async () => {
    const before = trackFiles();
    const id = await versionDuringProcessing('buffered');
    // The old file, never processed as the track's, is processed as version 1 (issue 43).
    const v1 = async () =>
      (
        await t.db
          .select()
          .from(trackVersions)
          .where(and(eq(trackVersions.trackId, id), eq(trackVersions.version, 1)))
      )[0]!;
    await expect.poll(async () => (await v1()).processingState, { timeout: 20_000 }).toBe('ready');
    await waitForBlobDeletions(t.db);
    // The new original with its peaks and spectrogram, and the old original kept for version 1
    // (decision 0430) with the peaks and spectrogram its own job made (decisions 0606, 0842);
    // nothing of the dropped run.
    const added = trackFiles().filter((f) => !before.includes(f));
    expect(added).toHaveLength(6);
    const kept = await v1();
    expect(added.map((f) => `tracks/${f}`)).toEqual(
      expect.arrayContaining([kept.storageKey, kept.peaksKey, spectrogramKey(kept.peaksKey!)]),
    );
  }, 30_000);

  it('a run that finds the old file already removed (its owner deleted it) does not fail the track', async () => {
    await versionDuringProcessing('after');
  }, 30_000);
});
