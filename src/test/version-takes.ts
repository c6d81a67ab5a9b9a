import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tracks, trackVersions } from '../server/db/schema';
import type { TestApp, TestClient } from './build-test-app';
import { makeWav } from './media-fixtures';

/**
 * Tracks with several versions whose processing results a test writes itself (issue 43): the
 * version processing is another part's, so the access tests set the columns it fills directly in
 * the database and store real files in the blob store for the bytes the routes must send.
 */

/** The file of version `v` (1 = the first upload): a different length each, so their bytes differ. */
export const versionAudio = (v: number) => makeWav(0.5 + v * 0.25);

/** A track of `who`'s with `count` versions uploaded through the API (no media worker: all pending). */
export async function uploadTrackWithVersions(who: TestClient, count: number, name = 'Harbour') {
  const first = await who.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take-1.wav', type: 'audio/wav', data: versionAudio(1) },
  );
  expect(first.statusCode).toBe(201);
  const id: number = first.json().id;
  for (let v = 2; v <= count; v += 1) {
    const res = await who.upload(
      `/api/tracks/${id}/versions`,
      { note: `Mix ${v}` },
      { field: 'file', name: `take-${v}.wav`, type: 'audio/wav', data: versionAudio(v) },
    );
    expect(res.statusCode).toBe(201);
  }
  return id;
}

/** Writes `data` into the test app's local blob store under a fresh key, and returns the key. */
export function putBlob(t: TestApp, data: Buffer | string, prefix = 'tracks'): string {
  const key = `${prefix}/${randomUUID()}`;
  mkdirSync(path.join(t.dataDir, 'files', prefix), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'files', key), data);
  return key;
}

export const testPeaks = (duration: number) => ({ duration, peaks: [-0.25, 0.5, -0.125, 0.75] });

/** What the version processing would write on an earlier version's row, set by hand. */
export async function setVersionColumns(
  t: TestApp,
  trackId: number,
  version: number,
  values: Partial<typeof trackVersions.$inferInsert>,
) {
  const updated = await t.db
    .update(trackVersions)
    .set(values)
    .where(and(eq(trackVersions.trackId, trackId), eq(trackVersions.version, version)))
    .returning({ id: trackVersions.id });
  expect(updated).toHaveLength(1);
}

/**
 * An earlier version made ready with a rendition (an MP3's stand-in: any bytes, served as stored)
 * and peaks, as processing leaves it; returns the rendition's bytes.
 */
export async function makeVersionReady(
  t: TestApp,
  trackId: number,
  version: number,
  measured: { loudnessLufs: number; truePeakDb: number; alignSeconds: number; audioStartSeconds: number },
) {
  const rendition = Buffer.from(`rendition of version ${version} `.repeat(200));
  await setVersionColumns(t, trackId, version, {
    processingState: 'ready',
    originalPlayable: false,
    renditionKey: putBlob(t, rendition),
    renditionMimeType: 'audio/mpeg',
    peaksKey: putBlob(t, JSON.stringify(testPeaks(version))),
    duration: version,
    ...measured,
  });
  return rendition;
}

/** The current version's results, on the track row, as processing leaves them. */
export async function makeTrackReady(
  t: TestApp,
  trackId: number,
  measured: { loudnessLufs: number; truePeakDb: number; audioStartSeconds: number; duration: number },
) {
  await t.db
    .update(tracks)
    .set({
      processingState: 'ready',
      peaksKey: putBlob(t, JSON.stringify(testPeaks(measured.duration))),
      ...measured,
    })
    .where(eq(tracks.id, trackId));
}

/**
 * The three-version track both access tests stand on: v1 ready with a rendition (−24 LUFS, starting
 * 0.7 s after the current), v2 as its upload left it, v3 current (−14 LUFS). Returns v1's
 * rendition bytes.
 */
export async function makeThreeTakes(t: TestApp, trackId: number) {
  const v1Rendition = await makeVersionReady(t, trackId, 1, {
    loudnessLufs: -24,
    truePeakDb: -6,
    alignSeconds: 0.7,
    audioStartSeconds: 1,
  });
  await makeTrackReady(t, trackId, {
    loudnessLufs: -14,
    truePeakDb: -1,
    audioStartSeconds: 0.3,
    duration: 1.25,
  });
  return v1Rendition;
}
