import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH } from '../../../shared/constants';
import type { SearchResults } from '../../../shared/schemas/search';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import {
  collectiveMembers,
  collectives,
  equipmentTags,
  playlistCollectiveShares,
  playlists,
  trackEquipmentTags,
  tracks,
} from '../../db/schema';
import { prefixTsquery } from './search.service';

type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;
let bob: Client;
let carol: Client;

async function addTrack(userId: string, name: string, notes: string | null = null) {
  const [row] = await t.db
    .insert(tracks)
    .values({ userId, name, notes, filename: 'x.wav', filepath: `x/${name}`, mimeType: 'audio/wav', size: 1 })
    .returning({ id: tracks.id });
  return row!.id;
}
async function addTag(name: string) {
  const [row] = await t.db.insert(equipmentTags).values({ name }).returning({ id: equipmentTags.id });
  return row!.id;
}
async function addPlaylist(userId: string, name: string) {
  const [row] = await t.db.insert(playlists).values({ userId, name }).returning({ id: playlists.id });
  return row!.id;
}
async function addCollective(ownerId: string, name: string, members: string[] = []) {
  const [row] = await t.db.insert(collectives).values({ ownerId, name }).returning({ id: collectives.id });
  const collectiveId = row!.id;
  await t.db
    .insert(collectiveMembers)
    .values([
      { collectiveId, userId: ownerId, role: 'owner' },
      ...members.map((userId) => ({ collectiveId, userId, role: 'member' })),
    ]);
  return collectiveId;
}

const find = async (client: TestClient, q: string): Promise<SearchResults> => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (items: { name: string }[]) => items.map((i) => i.name);

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient({ username: 'alice_synth', isPublic: false });
  bob = await t.signedInClient({
    username: 'bobmodular',
    firstName: 'Bob',
    lastName: 'Marley',
    isPublic: true,
  });
  carol = await t.signedInClient({ username: 'carolquiet', isPublic: false });

  const moog = await addTag('Moog Subsequent 37');
  await addTag('Roland Juno-60');
  const sub = await addTrack(alice.userId, 'Moog Subsequent 37 bassline');
  await addTrack(alice.userId, 'Rainy sketch', 'recorded with the moog on a rainy evening');
  const gearOnly = await addTrack(alice.userId, 'Untitled 4');
  await t.db.insert(trackEquipmentTags).values([
    { trackId: gearOnly, equipmentTagId: moog },
    { trackId: sub, equipmentTagId: moog },
  ]);
  await addTrack(alice.userId, 'Moog', 'the exact name');
  await addTrack(bob.userId, 'Bob private moog jam', 'moog notes');

  await addPlaylist(alice.userId, 'Moog favourites');
  const bobShared = await addPlaylist(bob.userId, 'Moog collective picks');
  await addPlaylist(bob.userId, 'Moog unshared');
  const carolShared = await addPlaylist(carol.userId, 'Moog secret club picks');
  const together = await addCollective(bob.userId, 'Moog Lovers', [alice.userId]);
  const secret = await addCollective(carol.userId, 'Moog Secret Society');
  await t.db.insert(playlistCollectiveShares).values([
    { playlistId: bobShared, collectiveId: together, sharedByUserId: bob.userId },
    { playlistId: carolShared, collectiveId: secret, sharedByUserId: carol.userId },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/search', () => {
  it('answers the five groups, ranked, the exact name first', async () => {
    const res = await find(alice, 'moog');
    expect(Object.keys(res).sort()).toEqual([
      'collectives',
      'equipment',
      'hasMore',
      'people',
      'playlists',
      'tracks',
    ]);
    expect(names(res.tracks)[0]).toBe('Moog');
    expect(names(res.tracks)[1]).toBe('Moog Subsequent 37 bassline');
    // Name matches rank above a match in the notes, which ranks above one through gear alone.
    expect(names(res.tracks)).toEqual(['Moog', 'Moog Subsequent 37 bassline', 'Rainy sketch', 'Untitled 4']);
    expect(res.tracks[0]).toMatchObject({
      id: expect.any(Number),
      playable: expect.any(Boolean),
      equipment: [],
    });
    expect(names(res.equipment)).toEqual(['Moog Subsequent 37']);
  });

  it('tolerates typos in names', async () => {
    const res = await find(alice, 'Moog Subsequnt');
    expect(names(res.tracks)[0]).toBe('Moog Subsequent 37 bassline');
    expect(names(res.equipment)).toContain('Moog Subsequent 37');
    expect(names((await find(alice, 'Rolnd Juno')).equipment)).toEqual(['Roland Juno-60']);
  });

  it('finds tracks by words of their notes and by their equipment', async () => {
    expect(names((await find(alice, 'rainy evening')).tracks)).toEqual(['Rainy sketch']);
    // Word prefixes: "recor" finds "recorded".
    expect(names((await find(alice, 'recor')).tracks)).toEqual(['Rainy sketch']);
    const byGear = names((await find(alice, 'Subsequent')).tracks);
    expect(byGear).toContain('Untitled 4');
    expect(byGear[0]).toBe('Moog Subsequent 37 bassline');
  });

  it('shows tracks to their owner only', async () => {
    expect(names((await find(alice, 'jam')).tracks)).toEqual([]);
    expect(names((await find(bob, 'moog')).tracks)).toEqual(['Bob private moog jam']);
    expect(names((await find(carol, 'moog')).tracks)).toEqual([]);
  });

  it('shows own playlists and those shared into the caller’s collectives, nobody else’s', async () => {
    const res = await find(alice, 'moog');
    expect(res.playlists).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Moog favourites', collective: null }),
        expect.objectContaining({
          name: 'Moog collective picks',
          collective: { id: expect.any(Number), name: 'Moog Lovers' },
        }),
      ]),
    );
    expect(names(res.playlists)).not.toContain('Moog unshared');
    expect(names(res.playlists)).not.toContain('Moog secret club picks');
    // Bob's own shared playlist is his own: no collective to open it in.
    const bobs = (await find(bob, 'collective picks')).playlists;
    expect(bobs).toEqual([expect.objectContaining({ name: 'Moog collective picks', collective: null })]);
  });

  it('shows only the collectives the caller belongs to', async () => {
    expect(names((await find(alice, 'moog')).collectives)).toEqual(['Moog Lovers']);
    expect(names((await find(carol, 'moog')).collectives)).toEqual(['Moog Secret Society']);
    expect(names((await find(alice, 'secret society')).collectives)).toEqual([]);
  });

  it('finds public profiles only, by username or name, without e-mail', async () => {
    const res = await find(carol, 'bob');
    expect(res.people).toEqual([
      { id: bob.userId, name: 'bobmodular', username: 'bobmodular', avatarUrl: null },
    ]);
    expect((await find(bob, 'Marley')).people.map((p) => p.id)).toEqual([bob.userId]);
    expect((await find(bob, 'carolquiet')).people).toEqual([]);
    expect((await find(bob, 'alice_synth')).people).toEqual([]);
  });

  it('limits every group', async () => {
    for (let i = 0; i < SEARCH.groupLimit + 3; i++) await addTrack(carol.userId, `Drone ${i}`);
    expect((await find(carol, 'drone')).tracks).toHaveLength(SEARCH.groupLimit);
  });

  it('treats tsquery and LIKE syntax as plain text', async () => {
    for (const q of ["moog & !'", '%_', ':*', '(|)', "o'brien"]) {
      const res = await alice.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect(prefixTsquery("Moog & !sub'37:*")).toBe('moog:* & sub:* & 37:*');
    expect(prefixTsquery('!!!')).toBeNull();
  });

  it('refuses blank, too long or missing queries with 400, and strangers with 401', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20']) {
      const res = await alice.get(url);
      expect(res.statusCode, url).toBe(400);
    }
    const long = await alice.get(`/api/search?q=${'a'.repeat(SEARCH.maxQueryLength + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 100/);
    expect((await alice.get(`/api/search?q=${'a'.repeat(SEARCH.maxQueryLength)}`)).statusCode).toBe(200);
    expect((await alice.get('/api/search?q=%00')).statusCode).toBe(400);
    expect((await t.client().get('/api/search?q=moog')).statusCode).toBe(401);
  });

  it('keeps no pending list on any search index, so PGlite without autovacuum stays fast (0210)', async () => {
    const { rows } = (await t.db.execute(sql`
      select c.relname as name, c.reloptions as options
      from pg_class c join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'gin' and n.nspname = 'public' order by 1`)) as unknown as {
      rows: { name: string; options: string[] | null }[];
    };
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['tracks_name_trgm_idx', 'tracks_search_idx']),
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(row.options ?? [], row.name).toContain('fastupdate=false');
  });
});
