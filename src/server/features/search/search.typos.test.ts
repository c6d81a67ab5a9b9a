import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../shared/schemas/search';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { collectiveMembers, collectives, equipmentTags, playlists, tracks, users } from '../../db/schema';
import { typoFormsOf } from './search-terms';

// Issue 30: one letter typed wrong or two neighbours swapped in a single word (decision 0480), in
// every group, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;

async function addTrack(userId: string, name: string) {
  await t.db
    .insert(tracks)
    .values({ userId, name, filename: 'x.wav', filepath: `x/${name}`, mimeType: 'audio/wav', size: 1 });
}

const find = async (client: TestClient, q: string): Promise<SearchResults> => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (items: { name: string }[]) => items.map((i) => i.name);
const everything = (res: SearchResults) => [
  ...names(res.tracks),
  ...names(res.playlists),
  ...names(res.collectives),
  ...names(res.equipment),
  ...res.people.map((p) => p.username),
];

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient({ username: 'alice_typos', isPublic: false });
  const trackNames = [
    'Juno-60',
    'Cello',
    'Hello world',
    'Jungle',
    'Lullaby for Ines',
    'Moog Subsequent bassline',
    'Take 1234',
    'Mic check',
  ];
  for (const name of trackNames) await addTrack(alice.userId, name);
  await t.db.insert(equipmentTags).values([{ name: 'Roland Juno-60' }, { name: 'Cello' }, { name: 'Mic' }]);
  await t.db.insert(playlists).values([
    { userId: alice.userId, name: 'Night drives' },
    { userId: alice.userId, name: 'Cello études' },
  ]);
  const [band] = await t.db
    .insert(collectives)
    .values({ ownerId: alice.userId, name: 'Brass Quartet' })
    .returning({ id: collectives.id });
  await t.db
    .insert(collectiveMembers)
    .values({ collectiveId: band!.id, userId: alice.userId, role: 'owner' });
  await t.db.insert(users).values([
    { id: 'marimba-public', email: 'm@example.com', username: 'marimba', isPublic: true },
    { id: 'latimba-private', email: 'n@example.com', username: 'latimba', isPublic: false },
  ]);
});
afterAll(async () => t.close());

describe('one letter wrong in a short word (0480)', () => {
  it('finds Juno-60 for "jino" and Cello for "cwllo", tracks and equipment alike', async () => {
    const jino = await find(alice, 'jino');
    expect(names(jino.tracks)).toEqual(['Juno-60']);
    expect(names(jino.equipment)).toEqual(['Roland Juno-60']);
    const cwllo = await find(alice, 'cwllo');
    expect(names(cwllo.tracks)).toEqual(['Cello']);
    expect(names(cwllo.equipment)).toEqual(['Cello']);
    expect(names(cwllo.playlists)).toEqual(['Cello études']);
  });

  it('finds a wrong first, middle or last letter, and in 3- to 7-letter words', async () => {
    expect(names((await find(alice, 'kuno')).tracks)).toEqual(['Juno-60']);
    expect(names((await find(alice, 'cellp')).tracks)).toEqual(['Cello']);
    expect(names((await find(alice, 'mik')).equipment)).toEqual(['Mic']);
    expect(names((await find(alice, 'lulkaby')).tracks)).toEqual(['Lullaby for Ines']);
  });

  it('finds substitutions in playlist, collective and person names', async () => {
    expect(names((await find(alice, 'drivws')).playlists)).toEqual(['Night drives']);
    expect(names((await find(alice, 'briss')).collectives)).toEqual(['Brass Quartet']);
    // Only public profiles, as for any search (the private "latimba" is one letter off too).
    expect((await find(alice, 'matimba')).people.map((p) => p.username)).toEqual(['marimba']);
  });

  it('finds two neighbouring letters swapped, in short and long words', async () => {
    expect(names((await find(alice, 'jnuo')).tracks)).toEqual(['Juno-60']);
    expect(names((await find(alice, 'clelo')).equipment)).toEqual(['Cello']);
    expect(names((await find(alice, 'subseqeunt')).tracks)).toEqual(['Moog Subsequent bassline']);
  });

  it('ranks the exact name and prefix matches above a word one letter off', async () => {
    expect(names((await find(alice, 'cello')).tracks)).toEqual(['Cello', 'Hello world']);
  });

  it('finds nothing for two letters off, an unrelated word or a number one digit off', async () => {
    for (const q of ['jana', 'cwlko', 'zebra']) {
      expect(everything(await find(alice, q)), q).toEqual([]);
    }
    // A number with one digit changed is another number.
    expect(names((await find(alice, '1334')).tracks)).toEqual([]);
    expect(names((await find(alice, '1234')).tracks)).toEqual(['Take 1234']);
  });

  it('keeps each name’s keys up to date, in a column served by an index', async () => {
    await t.db.update(tracks).set({ name: 'Marimba loop' }).where(eq(tracks.name, 'Mic check'));
    expect(names((await find(alice, 'matimba')).tracks)).toEqual(['Marimba loop']);
    // With sequential scans priced out, a plan naming the index proves it can answer the match.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(
        sql`explain select id from tracks where typo_keys && array['j?no']::text[]`,
      )) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('tracks_typo_keys_idx');
  });
});

describe('typoFormsOf', () => {
  it('gives each letter as a wildcard and each neighbouring pair swapped', () => {
    expect(typoFormsOf('Jino')).toEqual(['?ino', 'j?no', 'ji?o', 'jin?', 'ijno', 'jnio', 'jion']);
    // A doubled letter swapped is the word itself: left out.
    expect(typoFormsOf('cello')).toEqual([
      '?ello',
      'c?llo',
      'ce?lo',
      'cel?o',
      'cell?',
      'ecllo',
      'clelo',
      'celol',
    ]);
  });
});
