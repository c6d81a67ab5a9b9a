import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { RECENT_PLAY_WINDOWS, recentPlays } from './plays.service';

// Issue 48: Recently played reads the person's newest plays first (RECENT_PLAY_WINDOWS) instead of
// grouping every play they ever made; the list must be the one all plays give, on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let listener: TestClient & { userId: string };
let stranger: TestClient & { userId: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  t = await buildTestApp();
  listener = await t.signedInClient();
  stranger = await t.signedInClient();
  // 120 of the listener's own tracks (theirs to hear) and 40 of a stranger's, private (not theirs).
  const made = async (owner: string, count: number) =>
    rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into tracks (user_id, name, filename, filepath, mime_type, size)
        select ${owner}, 'Take ' || i, 'f.wav', 'seed/' || ${owner} || '/' || i, 'audio/wav', 1000
        from generate_series(1, ${count}::int) i returning id`),
    ).map((r) => Number(r.id));
  const own = await made(listener.userId, 120);
  const foreign = await made(stranger.userId, 40);
  // Older plays: each own track several times, three plays a second (ties in time, between
  // tracks too), then the newest 60 plays: three own tracks over and over and the foreign ones.
  await t.db.execute(sql`
    insert into track_plays (user_id, track_id, client, played_at)
    select ${listener.userId}, (${`{${own.join(',')}}`}::int[])[1 + (i * 7) % 120], 'web',
      timestamptz '2025-01-01 00:00:00+00' + (i / 3) * interval '1 second'
    from generate_series(1, 600) i`);
  await t.db.execute(sql`
    insert into track_plays (user_id, track_id, client, played_at)
    select ${listener.userId},
      case when i % 2 = 0 then (${`{${own.slice(0, 3).join(',')}}`}::int[])[1 + i % 3]
           else (${`{${foreign.join(',')}}`}::int[])[1 + i % 40] end,
      'web', timestamptz '2025-06-01 00:00:00+00' + (i / 2) * interval '1 second'
    from generate_series(1, 60) i`);
});
afterAll(async () => t.close());

/** What the list must be, read straight from every play: own tracks, latest play first, ties by id. */
async function fromAllPlays(limit: number) {
  return rowsOf<{ id: number; plays: number; at: string }>(
    await t.db.execute(sql`
      select p.track_id as id, count(*)::int as plays, max(p.played_at) as at
      from track_plays p join tracks t on t.id = p.track_id
      where p.user_id = ${listener.userId} and t.user_id = ${listener.userId}
      group by p.track_id order by max(p.played_at) desc, p.track_id desc limit ${limit}`),
  ).map((r) => [Number(r.id), Number(r.plays), new Date(r.at).toISOString()]);
}

const shown = (items: Awaited<ReturnType<typeof recentPlays>>['items']) =>
  items.map((item) => [item.track.id, item.plays, item.playedAt]);

describe('Recently played from the newest plays', () => {
  it('equals the list all plays give, whatever the windows, with the counts of all plays', async () => {
    const expected = await fromAllPlays(50);
    expect(expected).toHaveLength(50);
    for (const windows of [
      [null],
      [10, 40, null],
      [61, null],
      [100, 200, null],
      [64, 5_000],
      [1_000, 20_000, null],
      RECENT_PLAY_WINDOWS,
    ]) {
      const got = await recentPlays(t.db, listener.userId, 50, windows);
      expect(shown(got.items), JSON.stringify(windows)).toEqual(expected);
    }
  });

  it('a window ending inside a second of tied plays still ranks them as all plays do', async () => {
    // The newest 60 plays, then the older ones from 600 back, three a second: window 61 + k ends
    // inside a second, where the tie is broken by the highest track id.
    for (const window of [62, 63, 64, 65, 66, 67]) {
      for (const limit of [1, 2, 3, 4, 5]) {
        const got = await recentPlays(t.db, listener.userId, limit, [window, null]);
        expect(shown(got.items), `window ${window}, limit ${limit}`).toEqual(await fromAllPlays(limit));
      }
    }
  });

  it('GET /api/user/recent answers that list', async () => {
    const res = await listener.get('/api/user/recent');
    expect(res.statusCode).toBe(200);
    expect(
      res.json().items.map((i: { track: { id: number }; plays: number }) => [i.track.id, i.plays]),
    ).toEqual((await fromAllPlays(50)).map(([id, plays]) => [id, plays]));
  });
});
