import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { exportArchive, exportJournal, sha256Of } from '../../../test/import-archives';
import {
  filesUnder,
  importAndWait,
  importRowCounts,
  lieAboutSizes,
  makeZip,
  postImport,
  renameInZip,
} from '../../../test/imports';
import { makeWav } from '../../../test/media-fixtures';
import { imports } from '../../db/schema';

// Issue 27: "a bad archive ... is refused with a clear message and leaves nothing behind". Each
// case is refused before anything is made: no row in any table an import writes, no blob, no temp file.

const MiB = 1024 * 1024;
let t: TestApp;
let me: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUploadBytes: 4 * MiB, storageQuotaBytes: 1 * MiB } });
  me = await t.signedInClient();
}, 90_000);
afterAll(() => t?.close());

const wav = makeWav(1);

async function expectRefused(zip: Buffer, status: number, message: RegExp) {
  const before = await importRowCounts(t.db);
  const blobs = filesUnder(path.join(t.dataDir, 'files'));
  const res = await postImport(me, zip);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await importRowCounts(t.db)).toEqual(before);
  expect(filesUnder(path.join(t.dataDir, 'files'))).toEqual(blobs);
  expect(filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
}

describe('POST /api/user/import refuses a bad archive and keeps nothing', () => {
  it('not a zip at all: 400', async () => {
    await expectRefused(randomBytes(5000), 400, /not a zip archive/);
  });

  it('a path leaving the archive (zip-slip): 400', async () => {
    const zip = await exportArchive(
      [{ file: 'tracks/1/take.wav', data: wav }],
      [{ name: 'xx/evil.txt', data: Buffer.from('x') }],
    );
    await expectRefused(
      renameInZip(zip, 'xx/evil.txt', '../evil.txt'),
      400,
      /"\.\.\/evil\.txt" points outside/,
    );
  });

  it('absolute paths, drive letters and backslashes: 400', async () => {
    const zip = await exportArchive(
      [{ file: 'tracks/1/take.wav', data: wav }],
      [{ name: 'xetc/passwd', data: Buffer.from('x') }],
    );
    await expectRefused(
      renameInZip(zip, 'xetc/passwd', '/etc/passwd'),
      400,
      /"\/etc\/passwd" is an absolute path/,
    );
    await expectRefused(
      renameInZip(zip, 'xetc/passwd', 'C:/etc/pass'),
      400,
      /"C:\/etc\/pass" is an absolute path/,
    );
    await expectRefused(renameInZip(zip, 'xetc/passwd', 'xetc\\passwd'), 400, /uses backslashes/);
  });

  it('a zip bomb by ratio (honest header): 400 before inflating', async () => {
    const zip = await exportArchive(
      [{ file: 'tracks/1/take.wav', data: wav }],
      [{ name: 'images/bomb.webp', data: Buffer.alloc(3 * MiB), compress: true }],
    );
    await expectRefused(
      zip,
      400,
      /"images\/bomb\.webp" looks like a zip bomb: it inflates to more than 100 times/,
    );
  });

  it('a zip bomb with a lying header: the inflated bytes are counted, not the header', async () => {
    const bomb = await makeZip([{ name: 'images/bomb.webp', data: Buffer.alloc(3 * MiB), compress: true }]);
    // Declared 20 kB (a plausible ratio for ~3 kB stored), inflating to 3 MiB.
    await expectRefused(
      lieAboutSizes(bomb, 20_000),
      400,
      /looks like a zip bomb: it inflates past the size its header declares/,
    );
  });

  it('an entry past the upload limit: 413', async () => {
    const big = randomBytes(5 * MiB);
    await expectRefused(
      await exportArchive([{ file: 'tracks/1/big.wav', data: big }]),
      413,
      /"tracks\/1\/big\.wav" is larger than the upload limit of 4 MiB/,
    );
  });

  it('tracks past what is left of the quota: 413', async () => {
    const specs = [0, 1].map((i) => ({ file: `tracks/${i}/take.wav`, data: randomBytes(600 * 1024) }));
    await expectRefused(await exportArchive(specs), 413, /Storage quota exceeded.*the archive's tracks need/);
  });

  it('no journal.json: 422', async () => {
    await expectRefused(await makeZip([{ name: 'tracks/1/take.wav', data: wav }]), 422, /no journal\.json/);
  });

  it('journal.json not JSON, or not the format (names the field): 422', async () => {
    const notJson = await makeZip([{ name: 'journal.json', data: Buffer.from('{"formatVersion": 1,') }]);
    await expectRefused(notJson, 422, /journal\.json is not valid JSON/);
    const badField = await exportArchive([{ file: 'tracks/1/take.wav', data: wav }], [], (j) => {
      (j.tracks[0] as { visibility: string }).visibility = 'everyone';
    });
    await expectRefused(
      badField,
      422,
      /journal\.json does not match the export format: tracks\[0\]\.visibility/,
    );
    const later = await exportArchive([], [], (j) => {
      (j as { formatVersion: number }).formatVersion = 2;
    });
    await expectRefused(later, 422, /formatVersion/);
  });

  it('a file journal.json names that the zip lacks: 422', async () => {
    const zip = await makeZip([
      { name: 'journal.json', data: exportJournal([{ file: 'tracks/1/take.wav', data: wav }]) },
    ]);
    await expectRefused(
      zip,
      422,
      /tracks\[0\]\.versions\[0\]\.file names "tracks\/1\/take\.wav", which is not in the archive/,
    );
  });

  it('a file that does not match its sha256: 422', async () => {
    const zip = await exportArchive([
      { file: 'tracks/1/take.wav', data: wav, sha256: sha256Of(Buffer.from('other')) },
    ]);
    await expectRefused(zip, 422, /"tracks\/1\/take\.wav" does not match its sha256/);
  });

  it('409 while another import of the person is under way', async () => {
    const [row] = await t.db
      .insert(imports)
      .values({ userId: me.userId, fileName: 'x.zip', state: 'running' })
      .returning();
    const res = await postImport(me, await exportArchive([{ file: 'tracks/1/take.wav', data: wav }]));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/already under way/);
    await t.db.delete(imports);
    expect(row).toBeDefined();
  });
});

describe('an import that fails in its job', () => {
  it('an entry that is not audio: failed with the reason, and what it made is removed again', async () => {
    const before = await importRowCounts(t.db);
    const blobs = filesUnder(path.join(t.dataDir, 'files'));
    // Words, not random bytes: random bytes now and then hold what ffprobe takes for an MPEG audio frame.
    const notAudio = Buffer.from('These are the session notes, not a recording. '.repeat(45));
    const zip = await exportArchive([
      { file: 'tracks/1/take.wav', data: wav },
      { file: 'tracks/2/notes.wav', data: notAudio },
    ]);
    const done = await importAndWait(me, zip);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/"tracks\/2\/notes\.wav" \(the track "Take 2"\) is not an audio file/);
    expect(done.created).toEqual({ tracks: 0, versions: 0, playlists: 0, equipment: 0 });
    expect(done.finishedAt).not.toBeNull();
    await waitForBlobDeletions(t.db);
    const after = await importRowCounts(t.db);
    expect(after).toEqual({ ...before, imports: before.imports + 1 });
    expect(filesUnder(path.join(t.dataDir, 'files'))).toEqual(blobs);
    expect(filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('who may import', () => {
  it('signed out: 401; without the CSRF token: 403; another person’s import: 404', async () => {
    const zip = await exportArchive([{ file: 'tracks/1/take.wav', data: wav }]);
    expect((await postImport(t.client(), zip)).statusCode).toBe(401);
    expect((await t.client().get('/api/user/imports')).statusCode).toBe(401);
    const forged = await me.request('POST', '/api/user/import', { csrf: false, body: {} });
    expect(forged.statusCode).toBe(403);
    const [mine] = await t.db
      .insert(imports)
      .values({ userId: me.userId, fileName: 'x.zip', state: 'done' })
      .returning();
    const other = await t.signedInClient();
    expect((await other.get(`/api/user/imports/${mine!.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/user/imports')).json()).toEqual([]);
    expect((await me.get(`/api/user/imports/${mine!.id}`)).statusCode).toBe(200);
    expect((await me.get('/api/user/imports/not-a-uuid')).statusCode).toBe(400);
  });
});
