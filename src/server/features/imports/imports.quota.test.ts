import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportArchive, type TrackSpec } from '../../../test/import-archives';
import { filesUnder, importAndWait, importRowCounts, postImport } from '../../../test/imports';
import { makeWav } from '../../../test/media-fixtures';
import { LocalDiskStore } from '../../storage/local-disk-store';

// Issue 41, item 1: "quota set to 1 MB, a direct upload 413, an import 202 and the account ended at
// 1.23 MB". The import must use the person's quota as an admin set it (lowered, raised or
// unlimited), at the request and while its job runs.

const MiB = 1024 * 1024;
const INSTANCE_QUOTA = 4 * MiB;
type Person = TestClient & { userId: string };

/** A local store that lets a test act when the job stores a track's file (the job is mid-way). */
class WatchedStore extends LocalDiskStore {
  onTrackFile?: () => Promise<void>;
  override async putFile(key: string, localFile: string) {
    if (key.startsWith('tracks/')) await this.onTrackFile?.();
    return super.putFile(key, localFile);
  }
}

let t: TestApp;
let admin: Person;
let store: WatchedStore;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-import-quota-'));
  store = new WatchedStore(path.join(dataDir, 'files'));
  t = await buildTestApp({
    dataDir,
    store,
    config: { dataDir, adminUsers: ['boss'], storageQuotaBytes: INSTANCE_QUOTA },
  });
  admin = await t.signedInClient({ username: 'boss' });
}, 90_000);
afterAll(() => t?.close());

const setQuota = async (person: Person, quotaBytes: number | null) => {
  const res = await admin.put(`/api/admin/people/${person.userId}/quota`, { quotaBytes });
  expect(res.statusCode, res.body).toBe(200);
};
/** Tracks of distinct WAVs, ~640 kB and up each. */
const takes = (n: number): TrackSpec[] =>
  Array.from({ length: n }, (_, i) => ({ file: `tracks/${i + 1}/take.wav`, data: makeWav(40 + i) }));
const bytesOf = (specs: TrackSpec[]) => specs.reduce((sum, s) => sum + s.data.length, 0);
const storage = async (person: Person) =>
  (await person.get('/api/user/storage')).json<{ usedBytes: number; quotaBytes: number | null }>();

describe('POST /api/user/import counts against the person’s own quota', () => {
  it('a quota an admin lowered to 1 MiB: the upload and the import are both refused (413), nothing kept', async () => {
    const ada = await t.signedInClient();
    await setQuota(ada, 1 * MiB);
    const specs = takes(2);
    expect(bytesOf(specs)).toBeGreaterThan(1 * MiB);
    expect(bytesOf(specs)).toBeLessThan(INSTANCE_QUOTA);
    const upload = await ada.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'long.wav', type: 'audio/wav', data: Buffer.concat(specs.map((s) => s.data)) },
    );
    expect(upload.statusCode).toBe(413);
    const before = await importRowCounts(t.db);
    const res = await postImport(ada, await exportArchive(specs));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(
      /^Storage quota exceeded: 0 B of 1(\.0)? MB used: the archive's tracks need \d+ bytes more$/,
    );
    expect(await importRowCounts(t.db)).toEqual(before);
    expect(await storage(ada)).toEqual({ usedBytes: 0, quotaBytes: 1 * MiB });
  });

  it('a quota an admin raised past the instance’s, or made unlimited: the import is taken and done', async () => {
    const specs = takes(7);
    expect(bytesOf(specs)).toBeGreaterThan(INSTANCE_QUOTA);
    const zip = await exportArchive(specs);
    const bea = await t.signedInClient();
    expect((await postImport(bea, zip)).statusCode).toBe(413);
    await setQuota(bea, 8 * MiB);
    const raised = await importAndWait(bea, zip);
    expect(raised).toMatchObject({ state: 'done', error: null, created: { tracks: 7 } });
    expect(await storage(bea)).toEqual({ usedBytes: bytesOf(specs), quotaBytes: 8 * MiB });

    const cid = await t.signedInClient();
    await setQuota(cid, 0);
    const unlimited = await importAndWait(cid, zip);
    expect(unlimited).toMatchObject({ state: 'done', error: null, created: { tracks: 7 } });
    expect(await storage(cid)).toEqual({ usedBytes: bytesOf(specs), quotaBytes: null });
  }, 120_000);

  it('a quota lowered while the job runs: the job stops at the next track, fails and undoes what it made', async () => {
    const dot = await t.signedInClient();
    await setQuota(dot, 8 * MiB);
    const specs = takes(3);
    // Well inside the instance's quota: only the person's own, as it is now, refuses it.
    expect(bytesOf(specs)).toBeLessThan(INSTANCE_QUOTA / 2);
    // The imports before this one end by queueing their archives' removal: let it happen first, or
    // an archive removed during this test is missing from the snapshot's comparison (seen on PostgreSQL).
    await waitForBlobDeletions(t.db);
    const blobs = filesUnder(path.join(t.dataDir, 'files'));
    let stored = 0;
    store.onTrackFile = async () => {
      // As the first track's file is stored, an admin lowers the quota: the second no longer fits.
      stored += 1;
      if (stored === 1) await setQuota(dot, 1 * MiB);
    };
    try {
      const failed = await importAndWait(dot, await exportArchive(specs));
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/^Storage quota exceeded: .* of 1(\.0)? MB used$/);
      expect(failed.created).toEqual({ tracks: 0, versions: 0, playlists: 0, equipment: 0 });
    } finally {
      store.onTrackFile = undefined;
    }
    expect(await storage(dot)).toEqual({ usedBytes: 0, quotaBytes: 1 * MiB });
    await waitForBlobDeletions(t.db);
    expect(filesUnder(path.join(t.dataDir, 'files'))).toEqual(blobs);
  }, 60_000);
});
