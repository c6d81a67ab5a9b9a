import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journalExportSchema } from '../../../shared/schemas/journal-export';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { exportAndWait } from '../../../test/exports';
import { makeWav } from '../../../test/media-fixtures';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { unzipEntries } from '../../../test/unzip';
import { exports } from '../../db/schema';
import { S3BlobStore } from '../../storage/s3-store';
import { removeExpiredExports } from './exports.service';

/** The export with STORAGE=s3 (decision 0415): originals read from the bucket, the zip put into it. */
let s3: S3Server;
let store: S3BlobStore;
let t: TestApp;
const take = makeWav(3);

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'journal-exports' });
  store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
  t = await buildTestApp({ store, config: { storage: 's3' } });
}, 30_000);
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

it('exports from the bucket into the bucket, byte for byte, and expiry removes the object', async () => {
  const me = await t.signedInClient({ username: 'sam' });
  const up = await me.upload(
    '/api/tracks',
    { name: 'Take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: take },
  );
  expect(up.statusCode).toBe(201);

  const ready = await exportAndWait(me);
  expect(ready.state).toBe('ready');
  const [row] = await t.db.select().from(exports).where(eq(exports.id, ready.id));
  expect((await store.stat(row!.blobKey!))?.size).toBe(ready.size);

  const res = await me.get(ready.downloadUrl!);
  expect(res.statusCode).toBe(200);
  const entries = await unzipEntries(res.rawPayload);
  const journal = journalExportSchema.parse(
    JSON.parse(entries.find((e) => e.name === 'journal.json')!.data.toString()),
  );
  const current = journal.tracks[0]!.versions.at(-1)!;
  const file = entries.find((e) => e.name === current.file)!;
  expect(file.data.equals(take)).toBe(true);
  expect(current.sha256).toBe(createHash('sha256').update(take).digest('hex'));

  expect(await removeExpiredExports(t.db, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
  await t.app.kickBlobDeletions();
  await waitForBlobDeletions(t.db);
  expect(await store.stat(row!.blobKey!)).toBeUndefined();
});
