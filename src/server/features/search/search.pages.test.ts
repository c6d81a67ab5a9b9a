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
  users,
} from '../../db/schema';

// Issue 23: typo tolerance for short single words (decision 0280) and one group's results a page
// at a time (decision 0281), on PGlite and on PostgreSQL (TEST_DATABASE_URL).
type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;
let bob: Client;

async function addTrack(userId: string, name: string) {
  const [row] = await t.db
    .insert(tracks)
    .values({ userId, name, filename: 'x.wav', filepath: `x/${name}`, mimeType: 'audio/wav', size: 1 })
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
async function addCollective(ownerId: string, name: string, members: string[]) {
  const [row] = await t.db.insert(collectives).values({ ownerId, name }).returning({ id: collectives.id });
  await t.db
    .insert(collectiveMembers)
    .values([
      { collectiveId: row!.id, userId: ownerId, role: 'owner' },
      ...members.map((userId) => ({ collectiveId: row!.id, userId, role: 'member' })),
    ]);
  return row!.id;
}

const find = async (client: TestClient, q: string): Promise<SearchResults> => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (items: { name: string }[]) => items.map((i) => i.name);

/** Every page of one group, in order, with the page size given. */
async function allPages(client: TestClient, group: string, q: string, limit: number) {
  const items: { id: number | string; name: string }[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const res = await client.get(
      `/api/search/${group}?q=${encodeURIComponent(q)}&offset=${offset}&limit=${limit}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page: { items: { id: number; name: string }[]; nextOffset: number | null } = res.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (page.nextOffset !== null) expect(page.nextOffset).toBe(offset + page.items.length);
    items.push(...page.items);
    offset = page.nextOffset;
  }
  return items;
}

const droneTracks = 23;
const droneGearOnly = 7;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient({ username: 'alice_pages', isPublic: false });
  bob = await t.signedInClient({ username: 'bob_pages', isPublic: false });

  for (const name of ['Juno-60', 'Celesta Patch', 'Jungle', 'Major jump', 'Adjust', 'Fuji', 'Cello']) {
    await addTrack(alice.userId, name);
  }
  await addTag('Roland Juno-60');
  await addTag('Celesta');
  await addTag('Juniper');

  // Tracks: own name matches, and tracks found only through a matching tag.
  for (let i = 0; i < droneTracks; i++) await addTrack(alice.userId, `Drone ${i}`);
  const maker = await addTag('Dronemaker');
  for (let i = 0; i < droneGearOnly; i++) {
    const id = await addTrack(alice.userId, `Untitled ${i}`);
    await t.db.insert(trackEquipmentTags).values({ trackId: id, equipmentTagId: maker });
  }
  for (let i = 0; i < 4; i++) await addTrack(bob.userId, `Drone private ${i}`);

  // Playlists: alice's own, bob's shared with her (one of them in two collectives), bob's unshared.
  for (let i = 0; i < 4; i++) await addPlaylist(alice.userId, `Drone mix ${i}`);
  const one = await addCollective(bob.userId, 'Drone club', [alice.userId]);
  const two = await addCollective(bob.userId, 'Second drone club', [alice.userId]);
  for (let i = 0; i < 3; i++) {
    const id = await addPlaylist(bob.userId, `Drone shared ${i}`);
    await t.db
      .insert(playlistCollectiveShares)
      .values({ playlistId: id, collectiveId: one, sharedByUserId: bob.userId });
    if (i === 0) {
      await t.db
        .insert(playlistCollectiveShares)
        .values({ playlistId: id, collectiveId: two, sharedByUserId: bob.userId });
    }
  }
  await addPlaylist(bob.userId, 'Drone unshared');
  for (let i = 0; i < 6; i++) await addTag(`Drone box ${i}`);
});
afterAll(async () => t.close());

describe('typo tolerance for short single words (0280)', () => {
  it('finds Juno-60 for "junno" and Celesta Patch for "celsta", tracks and equipment alike', async () => {
    const junno = await find(alice, 'junno');
    expect(names(junno.tracks)).toEqual(['Juno-60']);
    expect(names(junno.equipment)).toEqual(['Roland Juno-60']);
    const celsta = await find(alice, 'celsta');
    expect(names(celsta.tracks)).toEqual(['Celesta Patch']);
    expect(names(celsta.equipment)).toEqual(['Celesta']);
  });

  it('is served by the trigram index: the strict operator too', async () => {
    // With sequential scans priced out, a plan naming the index proves the index can answer `<<%`
    // (the planner picks a scan by table size; these tables are tiny).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(
        sql`explain select id from tracks where ${'junno'}::text <<% name`,
      )) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Cond: \(name %>> 'junno'::text\)/);
    expect(plan).toContain('tracks_name_trgm_idx');
  });

  it('still ranks the exact and prefix matches first', async () => {
    expect(names((await find(alice, 'juno')).tracks)[0]).toBe('Juno-60');
    expect(names((await find(alice, 'celesta')).equipment)).toEqual(['Celesta']);
  });

  it('answers a two-letter query with words that begin with it, nothing else', async () => {
    const res = await find(alice, 'ju');
    expect(names(res.tracks).sort()).toEqual(['Jungle', 'Juno-60', 'Major jump']);
    expect(names(res.equipment).sort()).toEqual(['Juniper', 'Roland Juno-60']);
    expect(names((await find(alice, 'ce')).tracks).sort()).toEqual(['Celesta Patch', 'Cello']);
  });
});

describe('GET /api/search/{group} (0281)', () => {
  it('tells the dialog which groups have more than it shows', async () => {
    const res = await find(alice, 'drone');
    expect(res.tracks).toHaveLength(SEARCH.groupLimit);
    expect(res.hasMore).toEqual({
      tracks: true,
      playlists: true,
      collectives: false,
      equipment: true,
      people: false,
    });
    expect((await find(alice, 'junno')).hasMore.tracks).toBe(false);
  });

  it('pages through every track once: own matches ranked, then those found through gear', async () => {
    for (const limit of [1, 4, SEARCH.pageSize]) {
      const items = await allPages(alice, 'tracks', 'drone', limit);
      const found = names(items);
      expect(new Set(items.map((i) => i.id)).size, `limit ${limit}`).toBe(items.length);
      expect(found, `limit ${limit}`).toHaveLength(droneTracks + droneGearOnly);
      expect(found.slice(0, droneTracks).every((n) => n.startsWith('Drone '))).toBe(true);
      expect(found.slice(droneTracks).every((n) => n.startsWith('Untitled '))).toBe(true);
    }
    // The first page matches the dialog's group.
    const first = await alice.get(`/api/search/tracks?q=drone&limit=${SEARCH.groupLimit}`);
    expect(names(first.json().items)).toEqual(names((await find(alice, 'drone')).tracks));
    // Bob's are his own: paging shows him his four and nobody else's.
    expect(names(await allPages(bob, 'tracks', 'drone', 3)).sort()).toEqual(
      [0, 1, 2, 3].map((i) => `Drone private ${i}`),
    );
  });

  it('pages through playlists once each, shared ones in the caller’s collectives only', async () => {
    for (const limit of [1, 2, 5]) {
      const items = await allPages(alice, 'playlists', 'drone', limit);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      expect(names(items).sort()).toEqual([
        'Drone mix 0',
        'Drone mix 1',
        'Drone mix 2',
        'Drone mix 3',
        'Drone shared 0',
        'Drone shared 1',
        'Drone shared 2',
      ]);
    }
  });

  it('pages equipment and collectives', async () => {
    const gear = names(await allPages(alice, 'equipment', 'drone', 4));
    expect(gear.sort()).toEqual([...[0, 1, 2, 3, 4, 5].map((i) => `Drone box ${i}`), 'Dronemaker']);
    expect(names(await allPages(alice, 'collectives', 'drone', 1)).sort()).toEqual([
      'Drone club',
      'Second drone club',
    ]);
  });

  it('finds public people only', async () => {
    await t.db.insert(users).values([
      { id: 'drone-public', email: 'dp@example.com', username: 'dronefan', isPublic: true },
      { id: 'drone-private', email: 'dq@example.com', username: 'droneshy', isPublic: false },
    ]);
    const people = await allPages(alice, 'people', 'drone', 1);
    expect(people.map((p) => p.id)).toEqual(['drone-public']);
  });

  it('answers an empty page past the end, and refuses bad pages, unknown groups and strangers', async () => {
    const past = await alice.get('/api/search/tracks?q=drone&offset=500');
    expect(past.json()).toEqual({ items: [], nextOffset: null });
    for (const query of ['offset=-1', 'offset=x', `offset=${SEARCH.maxOffset + 1}`, 'limit=0', 'limit=51']) {
      expect((await alice.get(`/api/search/tracks?q=drone&${query}`)).statusCode, query).toBe(400);
    }
    expect((await alice.get('/api/search/tracks?q=')).statusCode).toBe(400);
    expect((await alice.get('/api/search/secrets?q=drone')).statusCode).toBe(404);
    expect((await t.client().get('/api/search/tracks?q=drone')).statusCode).toBe(401);
  });
});
