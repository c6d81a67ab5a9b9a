import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements, explainAsPlanned, planText } from '../../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { albumsByGenre, randomSongsOfGenre } from './genre-lists.service';

/**
 * Decision 0899, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: 3,000 tracks of mine over four
 * years, among 9,000 of someone else's (sixty shared with me), each track with gear of two of
 * twelve categories, vacuumed and analysed. getRandomSongs by genre reads my songs of the genre
 * from their range of track_genres' index alone (migration 0055), the years a part of the range;
 * getAlbumList2 byGenre finds my albums in my counts and sums only its page's, each a date range of
 * my order index. No statement reads tracks, their links or track_genres whole. Checked at scale too
 * (decision 0899); on rows this few the planner may read a small table whole where it would not.
 */
let h: TestDatabase;
const ME = 'plan-me';
const GENRE = 'Genre 3';

beforeAll(async () => {
  h = await createTestDatabase();
  const run = (query: ReturnType<typeof sql>) => h.db.execute(query);
  await run(sql`insert into users (id, email, username) values
    (${ME}, 'me@example.com', 'me'), ('plan-other', 'other@example.com', 'other')`);
  for (const [user, count] of [
    [ME, 3000],
    ['plan-other', 9000],
  ] as const) {
    await run(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, duration, created_at)
      select ${user}, 'Take ' || i, 't.wav', 'tracks/' || ${user} || i, 'audio/wav', 1000, 60 + i % 240,
        timestamptz '2022-01-01' + (i * 4 * 365 / ${count}::int) * interval '1 day' + i * interval '1 second'
      from generate_series(1, ${count}::int) i`);
  }
  await run(sql`
    insert into equipment_tags (name, category)
    select 'Gear ' || g, 'Genre ' || (g % 12) from generate_series(1, 24) g`);
  await run(sql`
    insert into track_equipment_tags (track_id, equipment_tag_id)
    select t.id, e.id from tracks t join equipment_tags e
      on e.id in ((select min(id) from equipment_tags) + t.id % 24, (select min(id) from equipment_tags) + (t.id * 7 + 3) % 24)`);
  // Sixty of the other's tracks in a playlist shared into a collective I belong to.
  await run(sql`insert into collectives (name, owner_id) values ('Band', 'plan-other')`);
  await run(sql`
    insert into collective_members (collective_id, user_id)
    select id, u from collectives, unnest(array['plan-other', ${ME}]) u`);
  await run(sql`insert into playlists (user_id, name) values ('plan-other', 'Shared')`);
  await run(sql`
    insert into playlist_tracks (playlist_id, track_id, position)
    select (select id from playlists), t.id, t.id from tracks t where t.user_id = 'plan-other' order by t.id limit 60`);
  await run(sql`
    insert into playlist_collective_shares (playlist_id, collective_id, shared_by_user_id)
    select (select id from playlists), (select id from collectives), 'plan-other'`);
  // The visibility map too: an index-only scan is planned for pages VACUUM has marked all-visible.
  await run(sql`vacuum analyze`);
}, 120_000);
afterAll(async () => h.close());

/** Each statement `call` sends, planned; and the plan's text. */
async function plansOf(call: () => Promise<unknown>): Promise<string[]> {
  const capture = captureStatements(h, () => 'plan');
  try {
    await call();
  } finally {
    capture.stop();
  }
  const planned = await explainAsPlanned(h, capture.statements);
  return planned.map(({ plan }) => planText(plan));
}

// The shared half is not looked at here: sixty shares are read whole on so few rows, where the scale
// database's are reached from the viewer's memberships (sequential-scans.known.ts, decision 0897).
const WHOLE = /Seq Scan on (tracks|track_genres|track_equipment_tags)\b/;

describe('genre lists on a seeded journal (decision 0899)', () => {
  it('getRandomSongs by genre: my half is my range of the genre, index-only; no table read whole', async () => {
    const [draw] = await plansOf(() => randomSongsOfGenre(h.db, ME, GENRE, 50, {}));
    expect(draw).toMatch(
      /Index Only Scan using track_genres_user_genre_order_idx on track_genres.*\[Index Cond: \(\(user_id = .*\) AND \(\(lower\(genre\)\) = /,
    );
    expect(draw).not.toMatch(WHOLE);
  });

  it('getRandomSongs by genre and years: the years are a range of the same index', async () => {
    const [draw] = await plansOf(() => randomSongsOfGenre(h.db, ME, GENRE, 50, { from: 2023, to: 2023 }));
    expect(draw).toMatch(
      /Index Only Scan using track_genres_user_genre_order_idx on track_genres.*\[Index Cond: .*\(track_created_at >= .*\(track_created_at < /,
    );
    expect(draw).not.toMatch(WHOLE);
  });

  it("getAlbumList2 byGenre: my albums from my counts, the page's own summed over its year's dates", async () => {
    const plans = await plansOf(() => albumsByGenre(h.db, ME, GENRE, { offset: 0, limit: 1 }));
    // My years of the genre from the counts alone (a few dozen rows: read whole here, by the key at scale).
    expect(plans.filter((plan) => /on user_genre_counts/.test(plan))).toHaveLength(1);
    // The page's album (my first year) a range of my order index.
    expect(plans.join('\n')).toMatch(
      /using tracks_user_uploaded_order_idx.*\[Index Cond: \(\(user_id = .*\) AND \(created_at >= .*\) AND \(created_at < /,
    );
    for (const plan of plans) expect(plan).not.toMatch(WHOLE);
  });
});
