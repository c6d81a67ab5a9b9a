import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedTrack } from '../../../shared/schemas/similar-tracks';
import type { Track } from '../../../shared/schemas/tracks';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { PIECES, pieceTake, type TakeVariant } from '../../../test/fingerprint-audio';
import { waitForProcessing } from '../../../test/track-processing';
import { tracks, trackVersions } from '../../db/schema';

// "You already have this take" through the API (issue 47, decisions 0832–0833): real takes made by
// the tests, fingerprinted in the upload's request, and by the media job.
type Person = TestClient & { userId: string };
let t: TestApp;
let alice: Person;
let bob: Person;

const MIME = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' };

async function upload(who: Person, name: string, data: Buffer, extension: keyof typeof MIME) {
  const res = await who.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.${extension}`, type: MIME[extension], data },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadedTrack>();
}
const take = (who: Person, name: string, piece: (typeof PIECES)[keyof typeof PIECES], variant: TakeVariant) =>
  upload(who, name, pieceTake(piece, variant), variant.extension);
const row = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0];
const onDisk = (key: string) => existsSync(path.join(t.dataDir, 'files', key));

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
  alice = await t.signedInClient({ username: 'alice' });
  bob = await t.signedInClient({ username: 'bob' });
});
afterAll(async () => t?.close());

describe('an upload names the takes it sounds like', () => {
  let original: UploadedTrack;

  it('names nothing for a first take, and keeps its fingerprint on the row at once', async () => {
    original = await take(alice, 'Harbour', PIECES.first, { extension: 'wav' });
    expect(original.similarTracks).toEqual([]);
    const stored = await row(original.id);
    expect(stored?.fingerprint).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(stored?.fingerprintHashes?.length).toBeGreaterThan(50);
  });

  it('names the take re-encoded to MP3, trimmed by 2 s and 6 dB quieter, at 0.9 or more', async () => {
    const again = await take(alice, 'Harbour again', PIECES.first, {
      extension: 'mp3',
      trimSeconds: 2,
      gainDb: -6,
    });
    expect(again.similarTracks).toEqual([
      { id: original.id, name: 'Harbour', similarity: expect.any(Number) },
    ]);
    expect(again.similarTracks[0]!.similarity).toBeGreaterThanOrEqual(0.9);
    await alice.delete(`/api/tracks/${again.id}`);
  });

  it('names nothing for another piece, nor for another take on the same scale and sound', async () => {
    const other = await take(alice, 'Other', PIECES.other, { extension: 'wav' });
    const sibling = await take(alice, 'Sibling', PIECES.sibling, { extension: 'mp3' });
    expect(other.similarTracks).toEqual([]);
    expect(sibling.similarTracks).toEqual([]);
    for (const id of [other.id, sibling.id]) await alice.delete(`/api/tracks/${id}`);
  });

  it("never names another person's take", async () => {
    const bobs = await take(bob, 'Harbour (Bob)', PIECES.first, { extension: 'mp3' });
    expect(bobs.similarTracks).toEqual([]);
    await bob.delete(`/api/tracks/${bobs.id}`);
  });

  it('leaves byte-identical files to the duplicate question: not named twice', async () => {
    const copy = await take(alice, 'Harbour copy', PIECES.first, { extension: 'wav' });
    expect(copy.similarTracks.map((s) => s.id)).not.toContain(original.id);
    await alice.delete(`/api/tracks/${copy.id}`);
  });

  it('no longer names a take once it is deleted', async () => {
    const ogg = await take(alice, 'Harbour ogg', PIECES.first, { extension: 'ogg' });
    expect(ogg.similarTracks.map((s) => s.id)).toEqual([original.id]);
    expect((await alice.delete(`/api/tracks/${original.id}`)).statusCode).toBe(200);
    const mp3 = await take(alice, 'Harbour mp3', PIECES.first, { extension: 'mp3' });
    expect(mp3.similarTracks.map((s) => s.id)).toEqual([ogg.id]);
    for (const id of [ogg.id, mp3.id]) await alice.delete(`/api/tracks/${id}`);
  });

  it('a file that is not audio is still refused as before (415), with nothing fingerprinted', async () => {
    const res = await alice.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'notes.wav', type: 'audio/wav', data: Buffer.from('not audio at all') },
    );
    expect(res.statusCode).toBe(415);
  });

  it('the media job writes the same fingerprint as the upload did, and its hashes', async () => {
    const uploaded = await take(alice, 'Processed', PIECES.other, { extension: 'mp3' });
    const atUpload = await row(uploaded.id);
    // Emptied, so the job's own values are seen.
    await t.db
      .update(tracks)
      .set({ fingerprint: null, fingerprintHashes: null })
      .where(eq(tracks.id, uploaded.id));
    await waitForProcessing(alice, uploaded.id);
    const processed = await row(uploaded.id);
    expect(processed?.fingerprint).toBe(atUpload?.fingerprint);
    expect([...(processed?.fingerprintHashes ?? [])].sort()).toEqual(
      [...(atUpload?.fingerprintHashes ?? [])].sort(),
    );
    await alice.delete(`/api/tracks/${uploaded.id}`);
  });
});

describe('stacking an upload as a new version of the take it sounds like', () => {
  let target: UploadedTrack;
  let again: UploadedTrack;

  beforeAll(async () => {
    target = await take(alice, 'Lighthouse', PIECES.other, { extension: 'wav' });
    again = await take(alice, 'Lighthouse again', PIECES.other, { extension: 'mp3', trimSeconds: 2 });
    expect(again.similarTracks.map((s) => s.id)).toEqual([target.id]);
  });

  it('refuses misuse: onto itself 400, a bad body 400, strangers 404, no CSRF 403', async () => {
    const stack = (who: Person, id: number, body: unknown) => who.post(`/api/tracks/${id}/stack`, body);
    expect((await stack(alice, again.id, { ontoTrackId: again.id })).statusCode).toBe(400);
    expect((await stack(alice, again.id, { ontoTrackId: 'x' })).statusCode).toBe(400);
    expect((await stack(alice, again.id, {})).statusCode).toBe(400);
    expect((await stack(bob, again.id, { ontoTrackId: target.id })).statusCode).toBe(404);
    const bobs = await take(bob, 'Mine', PIECES.sibling, { extension: 'wav' });
    expect((await stack(alice, again.id, { ontoTrackId: bobs.id })).statusCode).toBe(404);
    expect((await stack(bob, bobs.id, { ontoTrackId: target.id })).statusCode).toBe(404);
    const forged = await alice.request('POST', `/api/tracks/${again.id}/stack`, {
      body: { ontoTrackId: target.id },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(await row(again.id)).toBeDefined();
  });

  it("makes the upload's file the target's next version, and the upload is gone", async () => {
    const { filepath: uploadedFile, fingerprint: stackedFingerprint } = (await row(again.id))!;
    await waitForProcessing(alice, target.id);
    const targetFingerprint = (await row(target.id))!.fingerprint;
    expect(targetFingerprint).not.toBeNull();
    const res = await alice.post(`/api/tracks/${again.id}/stack`, { ontoTrackId: target.id });
    expect(res.statusCode, res.body).toBe(200);
    const stacked = res.json<Track>();
    expect(stacked).toMatchObject({
      id: target.id,
      name: 'Lighthouse',
      version: 2,
      filename: 'Lighthouse again.mp3',
    });
    expect(await row(again.id)).toBeUndefined();
    expect((await alice.get(`/api/tracks/${again.id}`)).statusCode).toBe(404);
    // The file moved, it was not removed with the upload's row.
    await waitForBlobDeletions(t.db);
    expect((await row(target.id))!.filepath).toBe(uploadedFile);
    expect(onDisk(uploadedFile)).toBe(true);
    const versions = await t.db.select().from(trackVersions).where(eq(trackVersions.trackId, target.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const kept = versions.find((v) => v.version === 1)!;
    expect(onDisk(kept.storageKey!)).toBe(true);
    // The replaced take keeps its fingerprint on its version row.
    expect(kept.fingerprint).toBe(targetFingerprint);
    // Processed again, and its download is the stacked file.
    expect((await waitForProcessing(alice, target.id)).processing.state).toBe('ready');
    // The target now sounds as the stacked file: its fingerprint, measured again by the job.
    expect((await row(target.id))!.fingerprint).toBe(stackedFingerprint);
    const original = await alice.get(`/api/tracks/${target.id}/versions/2/original`);
    expect(original.rawPayload.equals(pieceTake(PIECES.other, { extension: 'mp3', trimSeconds: 2 }))).toBe(
      true,
    );
  });

  it('refuses to stack a track that has versions of its own (409)', async () => {
    const upload = await take(alice, 'Lighthouse third', PIECES.other, { extension: 'ogg' });
    expect((await alice.post(`/api/tracks/${target.id}/stack`, { ontoTrackId: upload.id })).statusCode).toBe(
      409,
    );
    expect((await alice.post(`/api/tracks/${upload.id}/stack`, { ontoTrackId: target.id })).statusCode).toBe(
      200,
    );
  });
});
