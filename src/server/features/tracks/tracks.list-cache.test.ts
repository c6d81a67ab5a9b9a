import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { equipmentTags, tracks, users } from '../../db/schema';
import { replaceEquipmentImage } from '../equipment/equipment-page.service';
import { ownTracksJson } from './track-list.query';
import { giveUpOnTrack } from './track-processing.service';

// Decision 0084: GET /api/tracks (the whole list) is served from memory while the owner's
// journal_revision is unchanged. Every write path that changes the list must be seen at once.

type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;
let bob: Client;

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

async function upload(client: Client, name = 'Take'): Promise<Track> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  return res.json<Track>();
}

/** The list as served (through the cache) must be the database's list now, byte for byte. */
async function listMatchesDatabase(client: Client, sort: 'dateUploaded' | 'dateCreated' = 'dateUploaded') {
  const res = await client.get(sort === 'dateUploaded' ? '/api/tracks' : `/api/tracks?sort=${sort}`);
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(await ownTracksJson(t.db, client.userId, sort));
  return res;
}

/** Lists (filling the cache), runs the write, and proves the next list shows it. */
async function changesTheList(client: Client, write: () => Promise<unknown>) {
  const before = await listMatchesDatabase(client);
  const again = await client.get('/api/tracks');
  expect(again.headers.etag).toBe(before.headers.etag); // nothing changed: same list, same tag
  await write();
  const after = await listMatchesDatabase(client);
  expect(after.body).not.toBe(before.body);
  expect(after.headers.etag).not.toBe(before.headers.etag);
  return after.json<Track[]>();
}

async function tag(client: Client, trackId: number, name: string) {
  const created = await client.post('/api/equipment', { name });
  const equipment = created.json<{ id: number }>();
  expect(
    (await client.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: equipment.id })).statusCode,
  ).toBe(201);
  return equipment.id;
}

describe('the whole journal list kept in memory', () => {
  it('answers a repeated list without the list query, and the same bytes', async () => {
    await upload(alice, 'One');
    await upload(alice, 'Two');
    const first = await listMatchesDatabase(alice);
    t.queries.length = 0;
    const second = await alice.get('/api/tracks');
    expect(second.body).toBe(first.body);
    expect(t.queries.some((q) => q.includes('row_to_json'))).toBe(false);
  });

  it('sends an ETag and answers 304 to If-None-Match while the list is unchanged', async () => {
    await upload(alice, 'One');
    const first = await listMatchesDatabase(alice);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await alice.get('/api/tracks', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // Another sort is another list; another person's tag never matches.
    expect((await alice.get('/api/tracks?sort=dateCreated', { 'if-none-match': etag })).statusCode).toBe(200);
    await upload(bob, 'One');
    expect((await bob.get('/api/tracks', { 'if-none-match': etag })).statusCode).toBe(200);
    await upload(alice, 'Two');
    const changed = await alice.get('/api/tracks', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Track[]>().map((x) => x.name)).toEqual(['Two', 'One']);
  });

  it('compresses the kept list for a browser that asks, under the same ETag', async () => {
    for (let i = 0; i < 5; i++) await upload(alice, `Take ${i}`);
    const plain = await listMatchesDatabase(alice);
    const res = await alice.get('/api/tracks', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    expect(res.headers.vary).toBe('Accept-Encoding');
    const gzipped = await alice.get('/api/tracks', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    for (const refused of <Record<string, string>[]>[
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const asIs = await alice.get('/api/tracks', refused);
      expect(asIs.headers['content-encoding']).toBeUndefined();
      expect(asIs.body).toBe(plain.body);
    }
    const again = await alice.get('/api/tracks', {
      'accept-encoding': 'br, gzip',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // After a change the new list is compressed, not the one kept before.
    await upload(alice, 'Newest');
    const changed = await alice.get('/api/tracks', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(changed.rawPayload).toString()).toBe(
      await ownTracksJson(t.db, alice.userId, 'dateUploaded'),
    );
  });

  it('shows an upload, an edit and a deletion at once, in both sorts', async () => {
    const one = await upload(alice, 'One');
    await listMatchesDatabase(alice, 'dateCreated');
    let list = await changesTheList(alice, () => upload(alice, 'Two'));
    expect(list.map((x) => x.name)).toEqual(['Two', 'One']);
    await listMatchesDatabase(alice, 'dateCreated');
    list = await changesTheList(alice, () => alice.patch(`/api/tracks/${one.id}`, { name: 'Renamed' }));
    expect(list.map((x) => x.name)).toEqual(['Two', 'Renamed']);
    await listMatchesDatabase(alice, 'dateCreated');
    list = await changesTheList(alice, () => alice.delete(`/api/tracks/${one.id}`));
    expect(list.map((x) => x.name)).toEqual(['Two']);
    await listMatchesDatabase(alice, 'dateCreated');
  });

  it("leaves another person's cached list alone, and theirs shows their own changes", async () => {
    await upload(bob, 'Bob');
    const bobBefore = await listMatchesDatabase(bob);
    await upload(alice, 'Alice');
    const bobAfter = await listMatchesDatabase(bob);
    expect(bobAfter.headers.etag).toBe(bobBefore.headers.etag);
  });

  it('shows equipment added to and taken off a track', async () => {
    const track = await upload(alice);
    let equipmentId = 0;
    let list = await changesTheList(alice, async () => {
      equipmentId = await tag(alice, track.id, 'Juno-106');
    });
    expect(list[0]!.equipment.map((e) => e.name)).toEqual(['Juno-106']);
    list = await changesTheList(alice, () =>
      alice.delete(`/api/tracks/${track.id}/equipment/${equipmentId}`),
    );
    expect(list[0]!.equipment).toEqual([]);
  });

  it("shows equipment renamed by someone else, its new picture, and its deletion, in everyone's list", async () => {
    const aliceTrack = await upload(alice);
    const bobTrack = await upload(bob);
    const equipmentId = await tag(alice, aliceTrack.id, 'TR-808');
    await tag(bob, bobTrack.id, 'TR-808');
    await listMatchesDatabase(bob);
    let list = await changesTheList(alice, () =>
      bob.patch(`/api/equipment/${equipmentId}`, { name: 'TR-909' }),
    );
    expect(list[0]!.equipment.map((e) => e.name)).toEqual(['TR-909']);
    await listMatchesDatabase(bob);
    list = await changesTheList(alice, () =>
      replaceEquipmentImage(
        t.db,
        equipmentId,
        alice.userId,
        'images/equipment/0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11',
      ),
    );
    expect(list[0]!.equipment[0]!.imageUrl).toBe(
      '/api/images/equipment/0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11',
    );
    // No route deletes equipment; an operator's fix (or a future route) must still be seen.
    list = await changesTheList(alice, () =>
      t.db.delete(equipmentTags).where(eq(equipmentTags.id, equipmentId)),
    );
    expect(list[0]!.equipment).toEqual([]);
    expect((await listMatchesDatabase(bob)).json<Track[]>()[0]!.equipment).toEqual([]);
  });

  it('shows a processing state changed by the media job', async () => {
    const track = await upload(alice);
    const list = await changesTheList(alice, () => giveUpOnTrack(t.db, track.id));
    expect(list[0]!.processing.state).toBe('failed');
  });

  it('shows a change written straight into the database', async () => {
    await upload(alice, 'Before');
    const list = await changesTheList(alice, () =>
      t.db.execute(sql`update tracks set name = 'After' where user_id = ${alice.userId}`),
    );
    expect(list[0]!.name).toBe('After');
  });

  it("shows another instance's writes: the revision lives in the database, the cache in each instance", async () => {
    const other = await buildTestApp({ sharedDatabase: t.database, dataDir: t.dataDir });
    try {
      const aliceThere = await other.signedInAs(alice.userId);
      const track = await upload(alice, 'Here');
      await listMatchesDatabase(alice);
      expect((await aliceThere.get('/api/tracks')).body).toBe(
        await ownTracksJson(t.db, alice.userId, 'dateUploaded'),
      );
      const list = await changesTheList(alice, () =>
        aliceThere.patch(`/api/tracks/${track.id}`, { name: 'There' }),
      );
      expect(list[0]!.name).toBe('There');
      await changesTheList(alice, () => upload(aliceThere, 'Second'));
    } finally {
      await other.close();
    }
  });

  it('follows a job write as soon as the database announces it, while sessions and users come from the access cache', async () => {
    // Decision 0066 keeps the signed-in user's row for seconds; the list must not trust its revision.
    // The revision held in memory is renewed by the NOTIFY of the job's commit (issue 48): on PGlite
    // before the commit returns, on PostgreSQL a moment later.
    const cached = await buildTestApp({ sharedDatabase: t.database, config: { accessCacheSeconds: 60 } });
    try {
      const client = await cached.signedInAs(alice.userId);
      const track = await upload(alice);
      const before = await client.get('/api/tracks');
      expect(before.json<Track[]>()[0]!.processing.state).toBe('pending');
      await client.get('/api/tracks'); // the first request after signing in loads the session anew
      await giveUpOnTrack(t.db, track.id);
      const [owner] = await t.db
        .select({ revision: users.journalRevision })
        .from(users)
        .where(eq(users.id, alice.userId));
      await vi.waitFor(() => expect(cached.app.journalRevisions.known(alice.userId)).toBe(owner!.revision));
      cached.queries.length = 0;
      const after = await client.get('/api/tracks');
      expect(cached.queries.some((q) => q.includes('"sessions"'))).toBe(false); // the user was cached
      expect(after.body).toBe(await ownTracksJson(t.db, alice.userId, 'dateUploaded'));
      expect(after.json<Track[]>()[0]!.processing.state).toBe('failed');
    } finally {
      await cached.close();
    }
  });

  it('is off with TRACK_LIST_CACHE_MB=0: no ETag, the list query every time', async () => {
    const uncached = await buildTestApp({ sharedDatabase: t.database, config: { trackListCacheBytes: 0 } });
    try {
      const client = await uncached.signedInAs(alice.userId);
      await upload(alice);
      const res = await client.get('/api/tracks');
      expect(res.body).toBe(await ownTracksJson(t.db, alice.userId, 'dateUploaded'));
      expect(res.headers.etag).toBeUndefined();
      uncached.queries.length = 0;
      await client.get('/api/tracks');
      expect(uncached.queries.some((q) => q.includes('row_to_json'))).toBe(true);
    } finally {
      await uncached.close();
    }
  });
});
