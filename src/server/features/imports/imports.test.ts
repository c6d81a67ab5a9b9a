import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import {
  expectSameJournal,
  exportZip,
  seedAccount,
  waitForProcessing,
} from '../../../test/import-round-trip';
import { filesUnder, importAndWait, importRowCounts } from '../../../test/imports';
import { rowsNamingUser } from '../../../test/user-references';
import { imports, tracks } from '../../db/schema';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { importBlobKey } from './imports.service';

// Issue 27's proof: an export → import round trip into a fresh account restores equal metadata and
// byte-identical originals; the same zip twice duplicates nothing (decision 0425). Local disk here,
// S3 in imports.s3.test.ts; PGlite or PostgreSQL by TEST_DATABASE_URL.

let t: TestApp;
let store: LocalDiskStore;
let me: TestClient & { userId: string };
let fresh: TestClient & { userId: string };
let zip: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
  store = new LocalDiskStore(path.join(t.dataDir, 'files'));
  me = await t.signedInClient({ username: 'ada' });
  fresh = await t.signedInClient({ username: 'newcomer' });
  await seedAccount(t, me);
  await waitForProcessing(me);
  zip = await exportZip(me);
}, 120_000);
afterAll(() => t?.close());

describe('Import a Journal export', () => {
  it('recreates tracks, versions, equipment and playlists in a fresh account, processed again', async () => {
    const stream = await openEventStream(t.app, { cookie: fresh.cookieHeader() });
    try {
      const done = await importAndWait(fresh, zip);
      expect(done.error).toBeNull();
      expect(done).toMatchObject({
        state: 'done',
        fileName: 'journal-export.zip',
        total: 2,
        processed: 2,
        // Take's versions 2 and 3 (version 1 has no history row), equipment already on the instance.
        created: { tracks: 2, versions: 2, playlists: 2, equipment: 0 },
        skipped: { tracks: 0, playlists: 0 },
      });
      // Progress reached the person's stream, the end too.
      const last = await stream.next('importProgress', (d) => d.import.state === 'done', 10_000);
      expect(last.import).toEqual(done);
      expect(stream.events().some((e) => e.event === 'importProgress' && e.data.import.processed === 1)).toBe(
        true,
      );
    } finally {
      await stream.close();
    }
    const list = await waitForProcessing(fresh);
    expect(list).toHaveLength(2);
    await expectSameJournal(t, store, me, fresh);
    // The uploaded zip was removed once the import ended, and no temp file remains.
    await waitForBlobDeletions(t.db);
    const [row] = await t.db.select().from(imports).where(eq(imports.userId, fresh.userId));
    expect(row!.blobKey).toBeNull();
    expect(filesUnder(path.join(t.dataDir, 'files', 'imports'))).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'tmp')).filter((f) => f.startsWith('import'))).toEqual([]);
  }, 120_000);

  it('the same zip again duplicates nothing: everything is skipped', async () => {
    const before = await importRowCounts(t.db);
    const again = await importAndWait(fresh, zip);
    expect(again).toMatchObject({
      state: 'done',
      created: { tracks: 0, versions: 0, playlists: 0, equipment: 0 },
      skipped: { tracks: 2, playlists: 2 },
    });
    expect(await importRowCounts(t.db)).toEqual({ ...before, imports: before.imports + 1 });
    const history = (await fresh.get('/api/user/imports')).json<{ id: string }[]>();
    expect(history.map((i) => i.id)[0]).toBe(again.id);
    expect(history).toHaveLength(2);
  }, 60_000);

  it('another account importing the same zip gets its own copies', async () => {
    const third = await t.signedInClient();
    const done = await importAndWait(third, zip);
    expect(done.created.tracks).toBe(2);
    const theirs = await t.db.select().from(tracks).where(eq(tracks.userId, third.userId));
    expect(theirs).toHaveLength(2);
  }, 60_000);

  it('an import waiting with its zip goes, zip and all, when the account is deleted', async () => {
    const leaving = await t.signedInClient({ username: 'leaving' });
    // As the route leaves it before the job runs: the row and its zip in the store (not queued here).
    const id = randomUUID();
    const temp = path.join(t.dataDir, 'waiting.zip');
    writeFileSync(temp, zip);
    await store.putFile(importBlobKey(id), temp);
    rmSync(temp, { force: true });
    await t.db
      .insert(imports)
      .values({ id, userId: leaving.userId, fileName: 'x.zip', blobKey: importBlobKey(id) });
    expect(await store.stat(importBlobKey(id))).toBeDefined();
    const del = await leaving.request('DELETE', '/api/user', { body: { confirm: 'leaving' } });
    expect(del.statusCode, del.body).toBe(204);
    await t.app.kickBlobDeletions();
    await waitForBlobDeletions(t.db);
    expect(await store.stat(importBlobKey(id))).toBeUndefined();
    expect(await rowsNamingUser(t.db, leaving.userId)).toEqual({});
  }, 60_000);
});
