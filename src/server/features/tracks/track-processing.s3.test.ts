import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, sineInput } from '../../../test/media-fixtures';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks } from '../../db/schema';
import { S3BlobStore } from '../../storage/s3-store';

// The media job on STORAGE=s3: it reads the original from the bucket and writes peaks and the
// rendition back there (decision 0091).
let s3: S3Server;
let store: S3BlobStore;
let t: TestApp;
let owner: TestClient & { userId: string };
const logLines: { msg?: string; trackId?: number; twinId?: number }[] = [];

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'journal-processing' });
  store = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true });
  t = await buildTestApp({
    store,
    config: { storage: 's3' },
    mediaWorkers: 1,
    logStream: { write: (line) => void logLines.push(JSON.parse(line)) },
  });
  owner = await t.signedInClient();
}, 30_000);
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

it('processes an upload from the bucket into the bucket: peaks and an AAC rendition, nothing on disk', async () => {
  const opus = ffmpegFixture('s3-tone-2s.opus', sineInput(2), ['-c:a', 'libopus']);
  const uploaded = await uploadAudio(owner, 'tone.opus', opus);
  const ready = await waitForProcessing(owner, uploaded.id, 30_000);
  expect(ready.processing.state).toBe('ready');

  const [row] = await t.db.select().from(tracks).where(eq(tracks.id, uploaded.id));
  for (const key of [row!.filepath, row!.peaksKey!, row!.renditionKey!]) {
    expect(key).toMatch(/^tracks\//);
    expect((await store.stat(key))?.size).toBeGreaterThan(0);
  }
  const waveform = await owner.get(`/api/tracks/${uploaded.id}/waveform`);
  expect(waveform.statusCode).toBe(200);
  expect(waveform.json().peaks.length).toBeGreaterThan(0);
  const rendition = await owner.get(`/api/tracks/${uploaded.id}/stream`, { range: 'bytes=0-11' });
  expect(rendition.statusCode).toBe(206);
  expect(rendition.headers['content-type']).toBe('audio/mp4');
  expect(rendition.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

  const localFiles = path.join(t.dataDir, 'files');
  expect(existsSync(localFiles) ? readdirSync(localFiles) : []).toEqual([]);
}, 60_000);

it('a byte-identical second upload copies its twin’s peaks, spectrogram and rendition within the bucket (decision 0918)', async () => {
  const opus = ffmpegFixture('s3-tone-2s.opus', sineInput(2), ['-c:a', 'libopus']);
  const first = await waitForProcessing(owner, (await uploadAudio(owner, 'tone.opus', opus)).id, 30_000);
  const second = await waitForProcessing(owner, (await uploadAudio(owner, 'again.opus', opus)).id, 30_000);
  expect(second.processing.state).toBe('ready');
  // Taken from a twin, not measured: the job's own line says which.
  // Written after the row turns ready: waited for.
  const processed = () => logLines.find((l) => l.msg === 'Track processed' && l.trackId === second.id);
  await expect.poll(() => processed()?.twinId, { timeout: 10_000, interval: 20 }).toEqual(expect.any(Number));
  const rowOf = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0]!;
  const [a, b] = [await rowOf(first.id), await rowOf(second.id)];
  expect(b.loudnessLufs).toBe(a.loudnessLufs);
  const bytes = async (key: string) => Buffer.concat(await (await store.createReadStream(key)).toArray());
  for (const [mine, theirs] of [
    [b.peaksKey!, a.peaksKey!],
    [
      b.peaksKey!.replace('.peaks.json', '.spectrogram.webp'),
      a.peaksKey!.replace('.peaks.json', '.spectrogram.webp'),
    ],
    [b.renditionKey!, a.renditionKey!],
  ] as [string, string][]) {
    expect(mine).not.toBe(theirs);
    expect((await bytes(mine)).equals(await bytes(theirs))).toBe(true);
  }
  const rendition = await owner.get(`/api/tracks/${second.id}/stream`, { range: 'bytes=0-11' });
  expect(rendition.statusCode).toBe(206);
  const localFiles = path.join(t.dataDir, 'files');
  expect(existsSync(localFiles) ? readdirSync(localFiles) : []).toEqual([]);
}, 60_000);
