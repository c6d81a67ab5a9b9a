import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../shared/schemas/activity';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { captureStatements, explainAsPlanned, planText } from '../../../test/query-plans';
import { rowsOf } from '../../db/rows-of';

/**
 * A collective's activity read kind by kind (decision 0911): each kind's newest past the cursor,
 * merged. Shares, joins and comments here share three instants, so a page boundary falls between
 * items of the same time and of different kinds; every page size must give the one order.
 */
type Person = TestClient & { userId: string };
let t: TestApp;
let owner: Person;
let member: Person;
let crew: number;
const COMMENTS = 1500;
const INSTANTS = ['2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00.123457Z', '2026-03-02T08:30:00Z'];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'owner' });
  member = await t.signedInClient({ username: 'member' });
  crew = (await owner.post('/api/collectives', { name: 'Crew' })).json().id;
  const elsewhere = (await owner.post('/api/collectives', { name: 'Elsewhere' })).json().id as number;
  const run = (query: ReturnType<typeof sql>) => t.db.execute(query);
  await run(sql`insert into users (id, email, username)
    select 'joiner-' || i, 'joiner' || i || '@example.com', 'joiner' || i from generate_series(1, 12) i`);
  await run(sql`insert into collective_members (collective_id, user_id, joined_at)
    select ${crew}::int, 'joiner-' || i, (${sql.raw(`array['${INSTANTS.join("','")}']`)})[1 + i % 3]::timestamptz
      from generate_series(1, 12) i
    union all select ${crew}::int, ${member.userId}, ${INSTANTS[2]}::timestamptz`);
  await run(sql`insert into tracks (user_id, name, filename, filepath, mime_type, size, duration)
    select ${owner.userId}, 'Take ' || i, 't.wav', 'tracks/take' || i, 'audio/wav', 1000, 60
      from generate_series(1, 4) i`);
  const trackIds = rowsOf<{ id: number }>(
    await run(sql`select id from tracks where user_id = ${owner.userId} order by id`),
  ).map((r) => r.id);
  const playlist = (await owner.post('/api/playlists', { name: 'Set' })).json().id as number;
  for (const trackId of trackIds) await owner.post(`/api/playlists/${playlist}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlist}/share`, { collectiveIds: [crew, elsewhere] });
  await run(sql`update playlist_collective_shares set created_at = ${INSTANTS[1]}::timestamptz`);
  // Comments at the three instants, a few carried copies (no news: left out), and as many elsewhere.
  for (const [collective, carried] of [
    [crew, 'case when i % 50 = 0 then 1 end'],
    [elsewhere, 'null'],
  ] as const) {
    await run(sql`insert into track_comments (collective_id, track_id, user_id, content, at_seconds, created_at, carried_from_version)
      select ${collective}::int, (${sql.raw(`array[${trackIds.join(',')}]`)})[1 + i % 4], ${owner.userId}, 'Note ' || i, i % 60,
             (${sql.raw(`array['${INSTANTS.join("','")}']`)})[1 + (i * 7) % 3]::timestamptz, ${sql.raw(carried)}::integer
        from generate_series(1, ${COMMENTS}::int) i`);
  }
  await run(sql`vacuum analyze`);
}, 120_000);
afterAll(async () => t.close());

/** Every item of the crew's activity, in the order the feed must give: (time, kind, id), newest first. */
async function expectedOrder(): Promise<string[]> {
  const rows = rowsOf<{ kind: string; id: number; at: string }>(
    await t.db.execute(sql`
      select 'share' as kind, id, (extract(epoch from created_at) * 1000000)::bigint::text as at
        from playlist_collective_shares where collective_id = ${crew}
      union all select 'join', id, (extract(epoch from joined_at) * 1000000)::bigint::text
        from collective_members where collective_id = ${crew}
      union all select 'comment', id, (extract(epoch from created_at) * 1000000)::bigint::text
        from track_comments where collective_id = ${crew} and carried_from_version is null`),
  );
  const descending = (a: string | bigint, b: string | bigint) => (a < b ? 1 : a > b ? -1 : 0);
  return rows
    .sort((a, b) => descending(BigInt(a.at), BigInt(b.at)) || descending(a.kind, b.kind) || b.id - a.id)
    .map((r) => `${r.kind}-${r.id}`);
}

async function walk(limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&before=${encodeURIComponent(cursor)}` : '';
    const res = await member.get(`/api/collectives/${crew}/activity?limit=${limit}${q}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<ActivityPage>();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe("a collective's activity, kind by kind (decision 0911)", () => {
  it('pages of any size follow on in one order, ties of time and kind included', async () => {
    const expected = await expectedOrder();
    expect(expected).toHaveLength(1 + 14 + COMMENTS - COMMENTS / 50);
    for (const limit of [100, 7, 3]) expect(await walk(limit)).toEqual(expected);
  }, 120_000);

  // The joins and shares are too few here for an index to be worth it; at scale they take theirs.
  it('reads the comments from their own order, only a page of them past the cursor', async () => {
    const first = (await member.get(`/api/collectives/${crew}/activity?limit=30`)).json<ActivityPage>();
    const capture = captureStatements(t.database, () => 'activity');
    try {
      await member.get(
        `/api/collectives/${crew}/activity?limit=30&before=${encodeURIComponent(first.nextCursor!)}`,
      );
    } finally {
      capture.stop();
    }
    const plans = (await explainAsPlanned(t.database, capture.statements)).map(({ plan }) => planText(plan));
    const feed = plans.find((plan) => plan.includes('track_comments_activity_idx'));
    expect(feed, plans.join('\n\n')).toBeDefined();
    // A page of comments past the cursor, in the index's order: no sort of the collective's comments.
    expect(feed).toMatch(/Limit\n\s+Index Scan using track_comments_activity_idx on track_comments/);
    expect(feed).not.toMatch(/Seq Scan on track_comments|Bitmap Heap Scan on track_comments/);
  });
});
