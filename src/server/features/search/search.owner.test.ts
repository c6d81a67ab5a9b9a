import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH } from '../../../shared/constants';
import type { SearchResults } from '../../../shared/schemas/search';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { captureStatements } from '../../../test/query-plans';
import { tracks } from '../../db/schema';
import { trackDocument } from '../../db/schema/search-documents';
import { matchArms, termsOf } from './search-terms';

/**
 * Track search by owner (issue 48): the track indexes hold each owner's entries apart, so a search
 * reads the caller's matches, not the instance's; and only the caller's newest
 * SEARCH.trackCandidates matches are ranked.
 */
type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;
let bob: Client;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** `count` tracks of `userId` named `name N` (N from 1), oldest first, in one statement. */
async function addTracks(userId: string, name: string, count: number) {
  await t.db.execute(sql`
    insert into tracks (user_id, name, filename, filepath, mime_type, size, created_at)
    select ${userId}, ${name} || ' ' || n, 'x.wav', 'x/' || ${name} || n, 'audio/wav', 1,
      now() - make_interval(secs => ${count} - n)
    from generate_series(1, ${count}) n`);
}
async function addTrack(userId: string, name: string) {
  await t.db.execute(sql`
    insert into tracks (user_id, name, filename, filepath, mime_type, size)
    values (${userId}, ${name}, 'x.wav', ${`x/${name}`}, 'audio/wav', 1)`);
}
const find = async (client: TestClient, q: string): Promise<SearchResults> => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The plan of `select id from tracks where …`, sequential scans priced out (the tables are tiny). */
async function planOf(where: ReturnType<typeof sql>): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const res = await tx.execute(sql`explain select id from tracks where ${where}`);
    return rowsOf<Record<string, string>>(res)
      .map((r) => Object.values(r)[0])
      .join('\n');
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient({ username: 'alice_owner', isPublic: false });
  bob = await t.signedInClient({ username: 'bob_owner', isPublic: false });
  // The oldest of Alice's drones has the exact name; then more drones than are ranked.
  await addTrack(alice.userId, 'Drone');
  await addTracks(alice.userId, 'Drone take', SEARCH.trackCandidates);
  await addTrack(bob.userId, 'Drone');
});
afterAll(async () => t.close());

describe('track search reads the caller’s entries only (issue 48)', () => {
  it('finds the words by the owner’s words: `u_… drone` in tracks_search_idx', async () => {
    const [words] = matchArms(termsOf('drone'), tracks.name, trackDocument(tracks.name, tracks.notes), {
      column: tracks.userId,
      id: alice.userId,
    });
    const plan = await planOf(words!);
    expect(plan).toMatch(
      /Bitmap Index Scan on tracks_search_idx\s+.*\n\s+Index Cond: \(search_owned_words\(user_id, /,
    );
    // The owner is in the key: Alice's words find Alice's tracks only, Bob's exact "Drone" not.
    const rows = rowsOf<{ user_id: string }>(
      await t.db.execute(sql`select distinct user_id from tracks where ${words}`),
    );
    expect(rows.map((r) => r.user_id)).toEqual([alice.userId]);
  });

  it('keeps the trigram and typo indexes by owner first', async () => {
    const definitions = rowsOf<{ name: string; definition: string }>(
      await t.db.execute(sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'tracks' and indexname in ('tracks_name_trgm_idx', 'tracks_name_typo_idx')
        order by 1`),
    );
    expect(definitions.map((d) => [d.name, d.definition.replace(/^.* USING (.*\)) WITH .*$/, '$1')])).toEqual(
      [
        ['tracks_name_trgm_idx', 'gin (user_id, name gin_trgm_ops)'],
        ['tracks_name_typo_idx', 'gin (user_id, search_typo_keys(name))'],
      ],
    );
  });

  it('ranks the caller’s newest matches only: an exact name older than those is not among them', async () => {
    const drones = await find(alice, 'drone');
    expect(drones.tracks).toHaveLength(SEARCH.groupLimit);
    expect(drones.tracks.map((tr) => tr.name)).not.toContain('Drone');
    // One more exact name, the newest: ranked, and first.
    await addTrack(alice.userId, 'Drone');
    expect((await find(alice, 'drone')).tracks[0]!.name).toBe('Drone');
    // Bob's journal is his own: his one exact match, first.
    expect((await find(bob, 'drone')).tracks.map((tr) => tr.name)).toEqual(['Drone']);
  });

  it('sends a full set of candidates as one parameter, not one per id', async () => {
    const capture = captureStatements(t.database, () => 'search');
    try {
      expect((await find(alice, 'drone')).tracks).toHaveLength(SEARCH.groupLimit);
    } finally {
      capture.stop();
    }
    const ranked = capture.statements.filter((s) => /= any\(/.test(s.sql) && /order by/i.test(s.sql));
    expect(ranked.length, capture.statements.map((s) => s.sql).join('\n\n')).toBeGreaterThan(0);
    // 1,000 ids as 1,000 parameters cost PostgreSQL more to parse and plan than the search to run.
    expect(Math.max(...capture.statements.map((s) => s.params.length))).toBeLessThan(50);
  });

  it('still finds typos when the words find fewer than the candidates', async () => {
    expect((await find(bob, 'dronne')).tracks.map((tr) => tr.name)).toEqual(['Drone']);
    expect((await find(bob, 'dorne')).tracks.map((tr) => tr.name)).toEqual(['Drone']);
  });
});
