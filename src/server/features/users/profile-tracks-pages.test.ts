import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { PROFILE_NOT_FOUND, PUBLIC_PROFILE_TRACKS } from '../../../shared/schemas/users';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { publicTrackCountQuery, publicTracksQuery } from './profile.service';

// Issue 48: a public profile holds its newest tracks and a count; the rest is read in pages from
// GET /api/public/users/{x}/tracks, in order from tracks_user_public_order_idx. On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let ada: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  ada = await t.signedInClient({ username: 'ada-pages', isPublic: true });
  bob = await t.signedInClient({ username: 'bob-pages', isPublic: true });
});
afterAll(async () => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Page {
  items: Track[];
  nextCursor: string | null;
}

/**
 * `count` tracks of `owner`'s by set-based SQL: one in three private, one in eleven hidden by a
 * moderator; created_at repeats (`perSecond` tracks a second) and differs by microseconds within a
 * millisecond, so ties and the cursor's precision both count.
 */
async function seed(owner: string, count: number, perSecond = 3) {
  await t.db.execute(sql`
    insert into tracks (user_id, name, filename, filepath, mime_type, size, visibility, hidden_at, created_at)
    select ${owner}, 'Seeded ' || i, 'f.wav', 'seed/' || ${owner} || '/' || i, 'audio/wav', 1000,
      case when i % 3 = 0 then 'private' else 'public' end,
      case when i % 11 = 0 then now() end,
      timestamptz '2024-01-01 00:00:00.123456+00' + (i / ${perSecond}::int) * interval '1 second'
        + (case when i % 5 = 0 then i % 3 else 0 end) * interval '1 microsecond'
    from generate_series(1, ${count}::int) i`);
}

/** What the profile must show, read straight from tracks: public, not hidden, newest first, ties by id. */
async function expectedOrder(owner: string) {
  return rowsOf<{ id: number }>(
    await t.db.execute(sql`
      select id from tracks
      where user_id = ${owner} and visibility = 'public' and hidden_at is null
      order by created_at desc, id desc`),
  ).map((r) => Number(r.id));
}

/** The profile, then every page after it: the ids in the order read. */
async function readAll(client: TestClient, name: string, limit: number) {
  const profile = await client.get(`/api/public/users/${name}`);
  expect(profile.statusCode).toBe(200);
  const ids: number[] = profile.json().tracks.map((track: Track) => track.id);
  let cursor: string | null = profile.json().nextCursor;
  let pages = 0;
  while (cursor && pages < 1000) {
    const res = await client.get(
      `/api/public/users/${name}/tracks?limit=${limit}&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page;
    expect(body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...body.items.map((track) => track.id));
    cursor = body.nextCursor;
    pages += 1;
  }
  return { profile: profile.json(), ids, pages };
}

describe('a public profile with more tracks than its first page', () => {
  beforeAll(async () => seed(ada.userId, 400));

  it('holds the newest 50, the count of all and a cursor; the pages after it read the rest in order', async () => {
    const expected = await expectedOrder(ada.userId);
    expect(expected.length).toBeGreaterThan(200);
    const { profile, ids, pages } = await readAll(t.client(), 'ada-pages', 37);
    expect(profile.tracks).toHaveLength(PUBLIC_PROFILE_TRACKS.first);
    expect(profile.tracks.map((track: Track) => track.id)).toEqual(expected.slice(0, 50));
    expect(profile.trackCount).toBe(expected.length);
    expect(profile.trackCountCapped).toBe(false);
    expect(profile.nextCursor).toEqual(expect.any(String));
    expect(ids).toEqual(expected);
    expect(pages).toBe(Math.ceil((expected.length - 50) / 37));
  });

  it('…/tracks without a cursor starts at the newest, 50 unless told, and ends with a null cursor', async () => {
    const expected = await expectedOrder(ada.userId);
    const first = (await t.client().get('/api/public/users/ada-pages/tracks')).json() as Page;
    expect(first.items.map((track) => track.id)).toEqual(expected.slice(0, 50));
    // By id as by username; a page as large as the rest has no next.
    const whole = await t.client().get(`/api/public/users/${ada.userId}/tracks?limit=200`);
    const second = await t
      .client()
      .get(
        `/api/public/users/${ada.userId}/tracks?limit=200&cursor=${encodeURIComponent(whole.json().nextCursor)}`,
      );
    expect(second.json().items.map((track: Track) => track.id)).toEqual(expected.slice(200, 400));
    expect(second.json().nextCursor).toBeNull();
  });

  it('every track of a page is shaped as the profile shapes it, with its equipment', async () => {
    const [newest] = await expectedOrder(ada.userId);
    await ada.fetchCsrfToken();
    const juno = (await ada.post('/api/equipment', { name: 'Juno-106' })).json().id as number;
    const tagged = await ada.post(`/api/tracks/${newest}/equipment`, { equipmentTagId: juno });
    expect(tagged.statusCode).toBeLessThan(300);
    const page = (await t.client().get('/api/public/users/ada-pages/tracks?limit=1')).json() as Page;
    expect(page.items[0]).toMatchObject({ id: newest, visibility: 'public' });
    expect(page.items[0]!.equipment.map((e) => e.name)).toEqual(['Juno-106']);
    expect(JSON.stringify(page)).not.toContain('filepath');
  });

  it('the plan walks tracks_user_public_order_idx in order, for a first page, a later one and the count', async () => {
    // Another person's many tracks in the same minutes, most of them private, as on an instance.
    await seed(bob.userId, 3000, 25);
    await t.db.execute(sql`analyze tracks`);
    const plan = async (query: ReturnType<typeof sql> | { getSQL(): ReturnType<typeof sql> }) =>
      rowsOf<{ 'QUERY PLAN': string }>(await t.db.execute(sql`explain ${query}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    for (const cursor of [undefined, { time: '2024-01-01T00:01:00.123456Z', id: 1_000_000 }]) {
      const text = await plan(publicTracksQuery(t.db, ada.userId, 51, cursor));
      expect(text).toMatch(/^Limit/);
      expect(text).toMatch(/Index Scan using tracks_user_public_order_idx/);
      expect(text).not.toMatch(/Seq Scan|Sort|Filter/);
    }
    // The count reads the same index and stops at its cap, for a big journal with a few public tracks.
    const cal = await t.signedInClient({ isPublic: true });
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, visibility)
      select ${cal.userId}, 'Big ' || i, 'f.wav', 'big/' || i, 'audio/wav', 1000,
        case when i % 10 = 0 then 'public' else 'private' end
      from generate_series(1, 6000) i`);
    await t.db.execute(sql`analyze tracks`);
    // A table this small is read whole more cheaply; what is checked is that the index serves the
    // count (its predicate matches the query's), as it does on the seeded million-track instance.
    const counted = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain ${publicTrackCountQuery(t.db, cal.userId)}`),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(counted).toMatch(/Limit/);
    expect(counted).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) tracks_user_public_order_idx/);
    expect(counted).not.toMatch(/Filter/);
    expect(counted).not.toMatch(/Seq Scan/);
  });

  it('counts up to 1,000 and says when there are more', async () => {
    const public_ = (await expectedOrder(bob.userId)).length;
    expect(public_).toBeGreaterThan(PUBLIC_PROFILE_TRACKS.counted);
    const profile = (await t.client().get('/api/public/users/bob-pages')).json();
    expect(profile).toMatchObject({ trackCount: 1000, trackCountCapped: true });
    expect(profile.tracks.map((track: Track) => track.id)).toEqual(
      (await expectedOrder(bob.userId)).slice(0, 50),
    );
    // Exactly the cap is no more than it.
    await t.db.execute(sql`
      update tracks set visibility = 'private' where id in (
        select id from tracks where user_id = ${bob.userId} and visibility = 'public' and hidden_at is null
        order by id limit ${public_ - PUBLIC_PROFILE_TRACKS.counted})`);
    expect((await t.client().get('/api/public/users/bob-pages')).json()).toMatchObject({
      trackCount: 1000,
      trackCountCapped: false,
    });
  });
});

describe('…/tracks answers whom the profile answers', () => {
  it('a small profile: every track in the profile, no cursor', async () => {
    const cy = await t.signedInClient({ username: 'cy-pages', isPublic: true });
    await seed(cy.userId, 6);
    const profile = (await t.client().get('/api/public/users/cy-pages')).json();
    expect(profile.tracks.map((track: Track) => track.id)).toEqual(await expectedOrder(cy.userId));
    expect(profile).toMatchObject({
      trackCount: profile.tracks.length,
      trackCountCapped: false,
      nextCursor: null,
    });
    const none = await t.signedInClient({ username: 'no-tracks', isPublic: true });
    expect((await t.client().get(`/api/public/users/${none.userId}`)).json()).toMatchObject({
      tracks: [],
      trackCount: 0,
      trackCountCapped: false,
      nextCursor: null,
    });
  });

  it('private, missing, suspended, blocked and moderator-hidden profiles: the same 404', async () => {
    const dee = await t.signedInClient({ username: 'dee-pages', isPublic: true });
    await seed(dee.userId, 3);
    const tracksOf = (client: TestClient, name = 'dee-pages') =>
      client.get(`/api/public/users/${name}/tracks`);
    expect((await tracksOf(t.client())).statusCode).toBe(200);
    expect((await tracksOf(t.client(), 'nobody-at-all')).json().message).toBe(PROFILE_NOT_FOUND);
    // Blocked: 404 to the blocked one only (decision 0450).
    await dee.fetchCsrfToken();
    expect((await dee.put('/api/users/bob-pages/block')).statusCode).toBeLessThan(300);
    expect((await tracksOf(bob)).statusCode).toBe(404);
    expect((await tracksOf(ada)).statusCode).toBe(200);
    // Hidden by a moderator: its owner's alone (decision 0455).
    await t.db.execute(sql`update users set profile_hidden_at = now() where id = ${dee.userId}`);
    expect((await tracksOf(t.client())).statusCode).toBe(404);
    expect((await tracksOf(dee)).statusCode).toBe(200);
    await t.db.execute(
      sql`update users set profile_hidden_at = null, suspended_at = now() where id = ${dee.userId}`,
    );
    expect((await tracksOf(t.client())).statusCode).toBe(404);
    await t.db.execute(sql`update users set suspended_at = null, is_public = false where id = ${dee.userId}`);
    const hidden = await tracksOf(t.client());
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual((await tracksOf(t.client(), 'nobody-at-all')).json());
  });

  it('a limit out of bounds or a cursor the server did not give is a 400', async () => {
    const base = '/api/public/users/ada-pages/tracks';
    const bad = (what: unknown) =>
      encodeURIComponent(Buffer.from(JSON.stringify(what)).toString('base64url'));
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=201', 'limit must be at most 200'],
      ['limit=2.5', 'limit must be a whole number'],
      ['cursor=not-a-cursor', 'cursor is not one this server gave'],
      [`cursor=${bad(['2024-01-01T00:00:00.000Z', 5])}`, 'cursor is not one this server gave'],
      [`cursor=${bad(['2024-01-01T00:00:00.000000Z', 0])}`, 'cursor is not one this server gave'],
      [`cursor=${'a'.repeat(201)}`, 'cursor is not one this server gave'],
    ]) {
      const res = await t.client().get(`${base}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});
