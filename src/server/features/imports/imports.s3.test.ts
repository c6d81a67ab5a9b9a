import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  expectSameJournal,
  exportZip,
  seedAccount,
  waitForProcessing,
} from '../../../test/import-round-trip';
import { importAndWait, importRowCounts } from '../../../test/imports';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { S3BlobStore } from '../../storage/s3-store';
import { importBlobKey } from './imports.service';

/** The round trip with STORAGE=s3 (decision 0425): the zip waits in the bucket, originals go back into it. */
let s3: S3Server;
let store: S3BlobStore;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'journal-imports' });
  store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
  t = await buildTestApp({ store, config: { storage: 's3' }, mediaWorkers: 1 });
}, 90_000);
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

it('exports from the bucket and imports into a fresh account there: equal metadata, identical bytes', async () => {
  const me = await t.signedInClient({ username: 'sam' });
  const fresh = await t.signedInClient({ username: 'kim' });
  await seedAccount(t, me);
  await waitForProcessing(me);
  const zip = await exportZip(me);

  const done = await importAndWait(fresh, zip);
  expect(done.error).toBeNull();
  expect(done.created).toMatchObject({ tracks: 2, playlists: 2 });
  await waitForProcessing(fresh);
  await expectSameJournal(t, store, me, fresh);
  await waitForBlobDeletions(t.db);
  expect(await store.stat(importBlobKey(done.id))).toBeUndefined();

  const before = await importRowCounts(t.db);
  const again = await importAndWait(fresh, zip);
  expect(again.skipped).toEqual({ tracks: 2, playlists: 2 });
  expect(await importRowCounts(t.db)).toEqual({ ...before, imports: before.imports + 1 });
}, 400_000);
