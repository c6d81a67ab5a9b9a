import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_TRACKS_MAX } from '../../../shared/schemas/track-bulk';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { blobDeletions, equipmentTags, playlistTracks, trackEquipmentTags, tracks } from '../../db/schema';

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
  await t.db.delete(equipmentTags);
});

/** Rows only (no files): what the actions that touch no file need, fast. */
async function seed(userId: string, n: number): Promise<number[]> {
  const rows = await t.db
    .insert(tracks)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        name: `Take ${i + 1}`,
        filename: `Take ${i + 1}.wav`,
        filepath: `tracks/${randomUUID()}`,
        mimeType: 'audio/wav',
        size: 100,
      })),
    )
    .returning({ id: tracks.id });
  return rows.map((r) => r.id);
}
const bulk = (client: TestClient, body: object) => client.post('/api/tracks/bulk', body);
const list = async (client: TestClient) =>
  (await client.get('/api/tracks')).json<{ id: number; visibility: string; equipment: { id: number }[] }[]>();
const tag = async (name: string) => (await alice.post('/api/equipment', { name })).json<{ id: number }>().id;
const playlist = async (client: TestClient) =>
  (await client.post('/api/playlists', { name: 'Mix' })).json<{ id: number }>().id;
const entries = async (playlistId: number) =>
  (
    await t.db
      .select({ trackId: playlistTracks.trackId, position: playlistTracks.position })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, playlistId))
      .orderBy(asc(playlistTracks.position))
  ).map((e) => [e.trackId, e.position]);

describe('POST /api/tracks/bulk', () => {
  it('sets the visibility of every named track; the cached list follows; tracks already so are not counted', async () => {
    const ids = await seed(alice.userId, 3);
    expect((await list(alice)).every((tr) => tr.visibility === 'private')).toBe(true); // list cached
    await bulk(alice, { ids: [ids[0]], action: 'setVisibility', visibility: 'public' });
    const res = await bulk(alice, { ids, action: 'setVisibility', visibility: 'public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await list(alice)).map((tr) => tr.visibility)).toEqual(['public', 'public', 'public']);
  });

  it('is all or nothing: one id of someone else (or none at all) is 404 and nothing changes', async () => {
    const mine = await seed(alice.userId, 3);
    const [theirs] = await seed(bob.userId, 1);
    for (const body of [
      { ids: [...mine, theirs], action: 'setVisibility', visibility: 'public' },
      { ids: [...mine, 2_000_000_000], action: 'delete' },
      { ids: [theirs], action: 'delete' },
    ]) {
      const res = await bulk(alice, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Track not found' });
    }
    expect((await list(alice)).map((tr) => tr.visibility)).toEqual(['private', 'private', 'private']);
    expect(await list(bob)).toHaveLength(1);
  });

  it('adds to the owner’s playlist after what is there, in the order given, skipping tracks already in it', async () => {
    const [a, b, c] = await seed(alice.userId, 3);
    const id = await playlist(alice);
    expect((await alice.post(`/api/playlists/${id}/tracks`, { trackId: b })).statusCode).toBe(201);
    const res = await bulk(alice, { ids: [c, b, a, c], action: 'addToPlaylist', playlistId: id });
    expect(res.json()).toEqual({ updated: 2 });
    expect(await entries(id)).toEqual([
      [b, 0],
      [c, 1],
      [a, 2],
    ]);
    // Someone else's playlist, or one that does not exist: 404, as for one track.
    const bobs = await playlist(bob);
    for (const playlistId of [bobs, 2_000_000_000]) {
      const refused = await bulk(alice, { ids: [a], action: 'addToPlaylist', playlistId });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Playlist not found');
    }
    expect(await entries(bobs)).toEqual([]);
  });

  it('leaves the playlist as adding the tracks one by one does (the Add Tracks dialog, decision 0305)', async () => {
    const [a, b, c, d] = await seed(alice.userId, 4);
    const [oneByOne, inBulk] = [await playlist(alice), await playlist(alice)];
    for (const id of [oneByOne, inBulk]) {
      for (const trackId of [d, b]) await alice.post(`/api/playlists/${id}/tracks`, { trackId });
      // A removal closes its gap: what follows is appended after the last one left.
      await alice.delete(`/api/playlists/${id}/tracks/${d}`);
    }
    const chosen = [c, b, a, d];
    for (const trackId of chosen) await alice.post(`/api/playlists/${oneByOne}/tracks`, { trackId });
    const res = await bulk(alice, { ids: chosen, action: 'addToPlaylist', playlistId: inBulk });
    expect(res.json()).toEqual({ updated: 3 });
    expect(await entries(inBulk)).toEqual(await entries(oneByOne));
    expect(
      (await alice.get(`/api/playlists/${inBulk}`)).json().tracks.map((tr: { id: number }) => tr.id),
    ).toEqual([b, c, a, d]);
  });

  it('tags and untags equipment; unknown equipment is 404 and tags nothing', async () => {
    const ids = await seed(alice.userId, 3);
    const [moog, tape] = [await tag('Moog'), await tag('Tape')];
    await alice.post(`/api/tracks/${ids[0]}/equipment`, { equipmentId: moog });
    const added = await bulk(alice, { ids, action: 'addEquipment', equipmentIds: [moog, tape] });
    expect(added.json()).toEqual({ updated: 3 });
    expect((await list(alice)).map((tr) => tr.equipment.map((e) => e.id).sort())).toEqual(
      Array(3).fill([moog, tape].sort()),
    );
    const removed = await bulk(alice, { ids, action: 'removeEquipment', equipmentIds: [tape] });
    expect(removed.json()).toEqual({ updated: 3 });
    expect((await list(alice)).map((tr) => tr.equipment.map((e) => e.id))).toEqual(Array(3).fill([moog]));
    const missing = await bulk(alice, { ids, action: 'addEquipment', equipmentIds: [tape, 2_000_000_000] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Equipment not found');
    expect(await t.db.select().from(trackEquipmentTags)).toHaveLength(3);
  });

  it('deletes through the blob outbox: rows, playlist entries and files go; the list follows', async () => {
    const uploaded: number[] = [];
    for (const name of ['One.wav', 'Two.wav']) {
      const file = { field: 'audio', name, type: 'audio/wav', data: makeWav(0.2) };
      uploaded.push((await alice.upload('/api/tracks', {}, file)).json<{ id: number }>().id);
    }
    const [kept] = await seed(alice.userId, 1);
    const keys = (
      await t.db.select({ key: tracks.filepath }).from(tracks).where(inArray(tracks.id, uploaded))
    ).map((r) => r.key);
    const onDisk = () => keys.filter((key) => existsSync(path.join(t.dataDir, 'files', key)));
    expect(onDisk()).toHaveLength(2);
    const id = await playlist(alice);
    await bulk(alice, { ids: uploaded, action: 'addToPlaylist', playlistId: id });
    expect((await list(alice)).map((tr) => tr.id).sort()).toEqual([...uploaded, kept].sort());

    const res = await bulk(alice, { ids: uploaded, action: 'delete' });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await list(alice)).map((tr) => tr.id)).toEqual([kept]);
    expect(await entries(id)).toEqual([]);
    // The files are the outbox's to remove (decision 0095): gone once it has drained.
    await waitForBlobDeletions(t.db);
    expect(onDisk()).toEqual([]);
    expect(await t.db.select().from(blobDeletions)).toEqual([]);
  });

  it('refuses no ids, more than the cap, an unknown action and a missing field with 400', async () => {
    const ids = await seed(alice.userId, 1);
    // 100,001 ids of ten digits: the body is within the route's limit, the list over the cap.
    const tooMany = Array.from({ length: BULK_TRACKS_MAX + 1 }, (_, i) => 1_000_000_000 + i);
    for (const body of [
      { ids: [], action: 'delete' },
      { ids: tooMany, action: 'delete' },
      { ids, action: 'rename' },
      { ids, action: 'setVisibility' },
      { ids, action: 'addEquipment', equipmentIds: [] },
      { ids: ['1'], action: 'delete' },
    ]) {
      expect((await bulk(alice, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await list(alice)).toHaveLength(1);
  });

  it('takes 5,000 tracks in a handful of statements', async () => {
    const MANY = 5_000;
    const ids = await seed(alice.userId, MANY);
    t.queries.length = 0;
    const res = await bulk(alice, { ids, action: 'setVisibility', visibility: 'public' });
    expect(res.json()).toEqual({ updated: MANY });
    // Session, user and CSRF reads aside: begin, lock, update, commit, not one per track.
    expect(t.queries.length).toBeLessThan(15);
    const removed = await bulk(alice, { ids, action: 'delete' });
    expect(removed.json()).toEqual({ updated: MANY });
    // 5,000 rows through the tracks triggers and search indexes, twice: ~5 s alone, 36 s once beside
    // the suite's other workers. What it asserts is the number of statements, not their time.
  }, 120_000);

  it('answers 401 when not signed in and 403 without the CSRF token, changing nothing', async () => {
    const ids = await seed(alice.userId, 1);
    const anonymous = await t.client().post('/api/tracks/bulk', { ids, action: 'delete' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await alice.request('POST', '/api/tracks/bulk', {
      body: { ids, action: 'delete' },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(await list(alice)).toHaveLength(1);
  });
});
