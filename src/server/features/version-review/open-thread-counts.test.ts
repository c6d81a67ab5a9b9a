import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { collectives, trackComments } from '../../db/schema';

/**
 * track_open_threads (migration 0050, issue 48) is kept by triggers on track_comments: whatever
 * statements change comments (one row or many, insert, resolve, reopen, hide, reply, move,
 * delete, a cascade from a deleted track or collective), its positive rows are exactly the open
 * threads counted from track_comments, with each track's owner.
 */
type Person = TestClient & { userId: string };
let t: TestApp;
let artist: Person;
let fan: Person;
const trackIds: number[] = [];
const collectiveIds: number[] = [];

async function upload(who: Person) {
  const res = await who.upload(
    '/api/tracks',
    {},
    { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(1) },
  );
  return res.json().id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  artist = await t.signedInClient({ username: 'artist' });
  fan = await t.signedInClient({ username: 'fan' });
  trackIds.push(await upload(artist), await upload(artist), await upload(fan));
  for (const name of ['One', 'Two']) {
    collectiveIds.push((await artist.post('/api/collectives', { name })).json().id);
  }
});
afterAll(async () => t.close());

type Row = { track_id: number; track_version: number; collective_id: number; owner_id: string; open: number };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

const kept = async () =>
  rowsOf(
    await t.db.execute(sql`
      select track_id, track_version, collective_id, owner_id, open from track_open_threads
      where open > 0 order by 1, 2, 3`),
  );

const counted = async () =>
  rowsOf(
    await t.db.execute(sql`
      select c.track_id, c.track_version, c.collective_id, tr.user_id as owner_id, count(*)::int as open
      from track_comments c join tracks tr on tr.id = c.track_id
      where c.parent_id is null and c.resolved_at is null and c.hidden_at is null
      group by 1, 2, 3, 4 order by 1, 2, 3`),
  );

const pick = <T>(list: T[], i: number) => list[i % list.length]!;

/** One statement on track_comments, as the app or a cascade would send it. */
type Step =
  | { kind: 'insert'; n: number; track: number; version: number; collective: number }
  | { kind: 'reply'; n: number }
  | { kind: 'resolve' | 'reopen' | 'hide' | 'unhide' | 'delete' | 'moveVersion'; every: number }
  | { kind: 'deleteTrack'; track: number }
  | { kind: 'deleteCollective'; collective: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    n: fc.integer({ min: 1, max: 4 }),
    track: fc.nat(),
    version: fc.integer({ min: 1, max: 2 }),
    collective: fc.nat(),
  }),
  fc.record({ kind: fc.constant('reply' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constantFrom(
      'resolve' as const,
      'reopen' as const,
      'hide' as const,
      'unhide' as const,
      'delete' as const,
      'moveVersion' as const,
    ),
    // Applies to the comments whose id is a multiple of this: one, some or all in one statement.
    every: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('deleteTrack' as const), track: fc.nat() }),
  fc.record({ kind: fc.constant('deleteCollective' as const), collective: fc.nat() }),
);

async function apply(step: Step) {
  const some = (every: number) => sql`id % ${every} = 0`;
  switch (step.kind) {
    case 'insert': {
      if (trackIds.length === 0 || collectiveIds.length === 0) return;
      const values = Array.from({ length: step.n }, (_, i) => ({
        collectiveId: pick(collectiveIds, step.collective),
        trackId: pick(trackIds, step.track),
        userId: fan.userId,
        content: `note ${i}`,
        atSeconds: i,
        trackVersion: step.version,
      }));
      await t.db.insert(trackComments).values(values);
      return;
    }
    case 'reply':
      // Replies to the newest threads: never counted themselves.
      await t.db.execute(sql`
        insert into track_comments (collective_id, track_id, user_id, parent_id, content, at_seconds, track_version)
        select collective_id, track_id, user_id, id, 'reply', at_seconds, track_version from track_comments
        where parent_id is null order by id desc limit ${step.n}`);
      return;
    case 'resolve':
      await t.db.execute(sql`update track_comments set resolved_at = now() where ${some(step.every)}`);
      return;
    case 'reopen':
      await t.db.execute(sql`update track_comments set resolved_at = null where ${some(step.every)}`);
      return;
    case 'hide':
      await t.db.execute(sql`update track_comments set hidden_at = now() where ${some(step.every)}`);
      return;
    case 'unhide':
      await t.db.execute(sql`update track_comments set hidden_at = null where ${some(step.every)}`);
      return;
    case 'moveVersion':
      await t.db.execute(
        sql`update track_comments set track_version = 3 - track_version where ${some(step.every)}`,
      );
      return;
    case 'delete':
      await t.db.execute(sql`delete from track_comments where ${some(step.every)}`);
      return;
    case 'deleteTrack': {
      if (trackIds.length <= 1) return;
      const [id] = trackIds.splice(step.track % trackIds.length, 1);
      await t.db.execute(sql`delete from tracks where id = ${id}`);
      return;
    }
    case 'deleteCollective': {
      if (collectiveIds.length <= 1) return;
      const [id] = collectiveIds.splice(step.collective % collectiveIds.length, 1);
      await t.db.execute(sql`delete from ${collectives} where id = ${id}`);
      return;
    }
  }
}

describe('open threads kept per version and collective (migration 0050)', () => {
  it('equal the open threads counted from the comments after any sequence of statements', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) await apply(step);
        expect(await kept()).toEqual(await counted());
      }),
      { numRuns: 15 },
    );
    // The runs did count something: threads were open at some point and are kept with their owner.
    const ever = rowsOf(await t.db.execute(sql`select count(*)::int as open from track_open_threads`));
    expect(ever[0]!.open).toBeGreaterThan(0);
  }, 120_000);

  it('serve GET /api/tracks/review: each track its open threads of its current version', async () => {
    const mine = await upload(artist);
    const crew = (await artist.post('/api/collectives', { name: 'Crew' })).json().id as number;
    await t.db.insert(trackComments).values(
      [1, 2, 3].map((i) => ({
        collectiveId: crew,
        trackId: mine,
        userId: artist.userId,
        content: `open ${i}`,
        atSeconds: i,
        trackVersion: 1,
      })),
    );
    await t.db.execute(
      sql`update track_comments set resolved_at = now() where track_id = ${mine} and content = 'open 2'`,
    );
    const summaries = (await artist.get('/api/tracks/review')).json().items as {
      trackId: number;
      openThreads: number;
    }[];
    expect(summaries.find((s) => s.trackId === mine)?.openThreads).toBe(2);
    // Threads of another version do not count for the current one.
    await t.db.execute(
      sql`update track_comments set track_version = 2 where track_id = ${mine} and content = 'open 3'`,
    );
    const after = (await artist.get('/api/tracks/review')).json().items as {
      trackId: number;
      openThreads: number;
    }[];
    expect(after.find((s) => s.trackId === mine)?.openThreads).toBe(1);
    // The fan's journal holds none of the artist's tracks.
    const fans = (await fan.get('/api/tracks/review')).json().items as { trackId: number }[];
    expect(fans.some((s) => s.trackId === mine)).toBe(false);
  });
});
