import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { waitForProcessing } from '../../../test/track-processing';
import { collectiveMembers, tracks, trackVersions } from '../../db/schema';

// New versions of a track (issue 14, decisions 0220-0222), processed by the real job.
type Person = TestClient & { userId: string };
let t: TestApp;
let owner: Person;
let member: Person; // in a collective the track is shared into: may listen, may not change it
let stranger: Person;
let sharedTrackId: number;

const wav = (seconds: number, name = 'take.wav') => ({
  field: 'file',
  name,
  type: 'audio/wav',
  data: makeWav(seconds),
});
const versions = (id: number) => `/api/tracks/${id}/versions`;
const uploadVersion = (who: Person, id: number, seconds = 2, fields: Record<string, string> = {}) =>
  who.upload(versions(id), fields, wav(seconds, 'take-v2.wav'));

async function uploadTrack(who: Person, seconds: number): Promise<Track> {
  const res = await who.upload(
    '/api/tracks',
    { name: 'Harbour' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(seconds) },
  );
  expect(res.statusCode).toBe(201);
  return res.json<Track>();
}
const row = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0]!;
/**
 * The row once the processing worker is done with it (no worker without ffmpeg: it stays pending),
 * and with every earlier version's file (issue 43: processed in the background too).
 */
const settled = async (id: number) => {
  if (hasFfmpeg) {
    await waitForProcessing(owner, id);
    const pending = async () =>
      (await t.db.select().from(trackVersions)).filter((v) => v.processingState === 'pending').length;
    await expect.poll(pending, { timeout: 20_000, interval: 100 }).toBe(0);
  }
  return row(id);
};
const onDisk = (key: string | null) => key !== null && existsSync(path.join(t.dataDir, 'files', key));

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: hasFfmpeg ? 1 : 0, config: { maxUploadBytes: 200_000 } });
  owner = await t.signedInClient({ username: 'owner' });
  member = await t.signedInClient({ username: 'member' });
  stranger = await t.signedInClient({ username: 'stranger' });
  const collectiveId = (await owner.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: member.userId });
  sharedTrackId = (await uploadTrack(owner, 1)).id;
  const playlistId = (await owner.post('/api/playlists', { name: 'Demos' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId: sharedTrackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
});
afterAll(async () => t?.close());

describe('POST /api/tracks/{id}/versions', () => {
  it.skipIf(!hasFfmpeg)(
    'replaces the file, keeps the track and the old original with its peaks, processes the new file',
    async () => {
      const first = await uploadTrack(owner, 1);
      expect(first.version).toBe(1);
      await owner.patch(`/api/tracks/${first.id}`, { notes: 'Kept notes' });
      const before = await waitForProcessing(owner, first.id);
      expect(before.processing.state).toBe('ready');
      const old = await row(first.id);
      expect(onDisk(old.filepath) && onDisk(old.peaksKey)).toBe(true);

      const res = await uploadVersion(owner, first.id, 3, { note: 'Louder snare' });
      expect(res.statusCode).toBe(201);
      const v2 = res.json<Track>();
      expect(v2).toMatchObject({
        id: first.id,
        name: 'Harbour',
        notes: 'Kept notes',
        filename: 'take-v2.wav',
        size: makeWav(3).length,
        version: 2,
        processing: { state: 'pending', error: null },
        loudness: null,
      });
      expect(v2.duration).toBeCloseTo(3, 2);

      // Processing ran again, on the new file: a new waveform of the new length.
      const processed = await waitForProcessing(owner, first.id);
      expect(processed).toMatchObject({ version: 2, processing: { state: 'ready' } });
      const wave = (await owner.get(`/api/tracks/${first.id}/waveform`)).json();
      expect(wave.duration).toBeCloseTo(3, 1);
      const now = await row(first.id);
      expect(now.peaksKey).not.toBe(old.peaksKey);
      // The old original is kept, byte for byte, on version 1's row (decision 0430), and now its
      // peaks too: an earlier version is a take of its own (issue 43, decision 0606).
      await waitForBlobDeletions(t.db);
      const [v1] = await t.db
        .select()
        .from(trackVersions)
        .where(and(eq(trackVersions.trackId, first.id), eq(trackVersions.version, 1)));
      expect(v1).toMatchObject({
        storageKey: old.filepath,
        peaksKey: old.peaksKey,
        processingState: 'ready',
      });
      expect(onDisk(old.peaksKey)).toBe(true);
      expect(onDisk(old.filepath)).toBe(true);
      expect(onDisk(now.filepath)).toBe(true);
      const kept = await owner.get(`/api/tracks/${first.id}/versions/1/original`);
      expect(kept.statusCode).toBe(200);
      expect(Buffer.compare(kept.rawPayload, makeWav(1))).toBe(0);
      const original = await owner.get(`/api/tracks/${first.id}/original`);
      expect(Buffer.compare(original.rawPayload, makeWav(3))).toBe(0);

      // The journal lists it once, at its new version.
      const journal = (await owner.get('/api/tracks')).json<Track[]>().filter((x) => x.id === first.id);
      expect(journal.map((x) => x.version)).toEqual([2]);
    },
  );

  it('numbers versions one after the other and lists them newest first to whoever may listen', async () => {
    expect((await uploadVersion(owner, sharedTrackId, 1, { note: 'Mix 2' })).json().version).toBe(2);
    expect((await uploadVersion(owner, sharedTrackId, 1)).json().version).toBe(3);
    const list = await member.get(versions(sharedTrackId));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { trackId: sharedTrackId, version: 3, note: null, filename: 'take-v2.wav', size: makeWav(1).length },
      { trackId: sharedTrackId, version: 2, note: 'Mix 2', hasFile: true },
      // Version 1's row was written when version 2 replaced it, to keep its file (decision 0430).
      { trackId: sharedTrackId, version: 1, note: null, filename: 'take.wav', hasFile: true },
    ]);
    expect(list.json()[0].hasFile).toBe(true);
    expect((await stranger.get(versions(sharedTrackId))).statusCode).toBe(404);
    expect((await t.client().get(versions(sharedTrackId))).statusCode).toBe(404);
  });

  it('answers 404 to a stranger and 403 to a member who may listen but does not own it', async () => {
    const before = await settled(sharedTrackId);
    const hidden = await uploadVersion(stranger, sharedTrackId);
    expect(hidden.statusCode).toBe(404);
    const notOwner = await uploadVersion(member, sharedTrackId);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toMatch(/only the owner/i);
    expect((await uploadVersion(owner, 999_999)).statusCode).toBe(404);
    expect((await t.client().upload(versions(sharedTrackId), {}, wav(1))).statusCode).toBe(401);
    expect(await row(sharedTrackId)).toEqual(before);
  });

  it('needs the CSRF token, like every change', async () => {
    const res = await owner.request('POST', versions(sharedTrackId), { body: {}, csrf: false });
    expect(res.statusCode).toBe(403);
  });

  it('refuses bad input and leaves the track as it was', async () => {
    const before = await settled(sharedTrackId);
    const historyBefore = await t.db.select().from(trackVersions);
    const noFile = await owner.upload(versions(sharedTrackId), { note: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toContain('"file"');
    // The first upload's field name is not this route's.
    const wrongField = await owner.upload(versions(sharedTrackId), {}, { ...wav(1), field: 'audio' });
    expect(wrongField.statusCode).toBe(400);
    const text = {
      field: 'file',
      name: 'take.wav',
      type: 'audio/wav',
      data: Buffer.from('not audio\n'.repeat(50)),
    };
    const notAudio = await owner.upload(versions(sharedTrackId), {}, text);
    // As for a first upload: 415, the file is not audio (decision 0221).
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json().message).toContain('take.wav is not an audio file');
    const long = await uploadVersion(owner, sharedTrackId, 1, { note: 'n'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 500 characters');
    const empty = await owner.upload(versions(sharedTrackId), {}, { ...wav(1), data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const tooBig = await owner.upload(versions(sharedTrackId), {}, { ...wav(1), data: makeWav(30) });
    expect(tooBig.statusCode).toBe(413);
    expect((await owner.upload('/api/tracks/abc/versions', {}, wav(1))).statusCode).toBe(400);

    expect(await row(sharedTrackId)).toEqual(before);
    expect(await t.db.select().from(trackVersions)).toEqual(historyBefore);
  });

  it('counts the kept original under the storage quota: a version must fit beside it (413 otherwise)', async () => {
    const quota = await buildTestApp({ config: { storageQuotaBytes: 2 * makeWav(2).length + 100 } });
    try {
      const me = await quota.signedInClient();
      const first = await me.upload(
        '/api/tracks',
        {},
        { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(2) },
      );
      expect(first.statusCode).toBe(201);
      // The replaced file is kept, so it frees nothing: a second same-size file fits beside it…
      const same = await me.upload(versions(first.json().id), {}, wav(2));
      expect(same.statusCode).toBe(201);
      expect((await me.get('/api/user/storage')).json().usedBytes).toBe(2 * makeWav(2).length);
      // …a third does not (refused before the final check: the room left is 100 bytes).
      const third = await me.upload(versions(first.json().id), {}, wav(2));
      expect(third.statusCode).toBe(413);
      expect(third.json().message).toMatch(/quota/i);
      expect((await me.get('/api/user/storage')).json().usedBytes).toBe(2 * makeWav(2).length);
      // Removing version 1's file frees its room: now it fits.
      const removed = await me.request('DELETE', `/api/tracks/${first.json().id}/versions/1/original`);
      expect(removed.statusCode).toBe(204);
      expect((await me.get('/api/user/storage')).json().usedBytes).toBe(makeWav(2).length);
      expect((await me.upload(versions(first.json().id), {}, wav(2))).statusCode).toBe(201);
    } finally {
      await quota.close();
    }
    // A second app of its own: slow to start on a loaded machine.
  }, 120_000);
});
