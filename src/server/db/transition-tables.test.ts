import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import type { DbOrTx } from './client';
import { rowsOf } from './rows-of';

// Decision 0923: a statement trigger finds what an UPDATE changed with EXCEPT, never by joining its
// two transition tables. PL/pgSQL keeps the plan of a statement without parameters from its first
// run on the connection, sized for the transition tables of that run: a join planned for three rows
// stayed a nested loop for the connection's next bulk action, 5,000 × 5,000 pairs a trigger.

type Client = TestClient & { userId: string };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const read = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query));

/** Each trigger function that reads transition tables, with its source. */
const transitionTableFunctions = () =>
  read<{ name: string; source: string }>(sql`
    select distinct p.proname as name, p.prosrc as source
    from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
    where not tg.tgisinternal and (tg.tgoldtable is not null or tg.tgnewtable is not null)
    order by 1`);

/** A join of one transition table with the other, in either order and either spelling of a join. */
const JOINED =
  /"?(new|old)_rows"?(\s+(as\s+)?\w+)?\s*(,|(inner\s+|left\s+|cross\s+)?join)\s*"?(new|old)_rows"?/i;

async function addTracks(owner: Client, count: number, label: string) {
  await t.db.execute(sql`
    insert into tracks (user_id, name, filename, filepath, mime_type, size)
    select ${owner.userId}, ${label} || ' ' || i, 'f.wav', 'tracks/' || ${label} || '-' || i, 'audio/wav', 1000
    from generate_series(1, ${count}) i`);
}

const countOf = async (owner: Client) =>
  (
    await read<{ n: number }>(
      sql`select tracks::int as n from user_track_counts where user_id = ${owner.userId}`,
    )
  )[0]?.n ?? 0;
const removalRevisionOf = async (owner: Client) =>
  Number(
    (
      await read<{ r: string }>(
        sql`select journal_removal_revision as r from users where id = ${owner.userId}`,
      )
    )[0]!.r,
  );
const documentOwners = async (label: string) =>
  read<{ user_id: string; n: number }>(sql`
    select d.user_id, count(*)::int as n from track_match_documents d join tracks t on t.id = d.track_id
    where t.name like ${`${label} %`} group by d.user_id order by 2`);

describe('statement triggers', () => {
  it('never join their two transition tables', async () => {
    const functions = await transitionTableFunctions();
    // The rule has something to hold: the tracks triggers (0004, 0031, 0048, 0053) are among them.
    expect(functions.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'journal_revision_from_tracks',
        'track_match_from_tracks',
        'track_genres_from_tracks',
      ]),
    );
    for (const { name, source } of functions) expect(source, name).not.toMatch(JOINED);
    // The pattern itself catches the spellings the former functions used.
    expect('FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"').toMatch(JOINED);
    expect('FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"').toMatch(JOINED);
    expect('from new_rows, old_rows where').toMatch(JOINED);
  });

  it('find what changed in a small update and then in a big one on the same connection', async () => {
    const from = (await t.signedInClient()) as Client;
    const to = (await t.signedInClient()) as Client;
    await addTracks(from, 3, 'Small');
    await addTracks(from, 2_000, 'Big');
    expect(await countOf(from)).toBe(2_003);

    // Plans are made here for three rows, as on a connection whose first change was one edit.
    const before = await removalRevisionOf(to);
    let fromRemoval = await removalRevisionOf(from);
    await t.db.execute(sql`update tracks set user_id = ${to.userId} where name like 'Small %'`);
    expect([await countOf(from), await countOf(to)]).toEqual([2_000, 3]);
    expect(await removalRevisionOf(from)).toBeGreaterThan(fromRemoval);
    expect(await removalRevisionOf(to)).toBe(before);
    expect(await documentOwners('Small')).toEqual([{ user_id: to.userId, n: 3 }]);

    // An update that changes none of the columns the triggers compare moves nothing.
    fromRemoval = await removalRevisionOf(from);
    await t.db.execute(sql`update tracks set visibility = 'public' where name like 'Big %'`);
    expect([await countOf(from), await countOf(to)]).toEqual([2_000, 3]);
    expect(await removalRevisionOf(from)).toBe(fromRemoval);

    // The same statements, now 2,000 rows a side, with half of them changing hands.
    await t.db.execute(sql`
      update tracks set user_id = case when id % 2 = 0 then ${to.userId} else user_id end, notes = 'moved?'
      where name like 'Big %'`);
    expect([await countOf(from), await countOf(to)]).toEqual([1_000, 1_003]);
    expect(await removalRevisionOf(from)).toBeGreaterThan(fromRemoval);
    expect(await removalRevisionOf(to)).toBe(before);
    const [moved] = await read<{ n: number }>(sql`
      select count(*)::int as n from track_match_documents d join tracks t on t.id = d.track_id
      where t.name like 'Big %' and d.user_id = t.user_id and d.document like '% moved %'`);
    expect(moved!.n).toBe(2_000);
  });

  it('follow links moved to other gear or another track, a few and then all of them', async () => {
    const owner = (await t.signedInClient()) as Client;
    await addTracks(owner, 1_000, 'Linked');
    const [first, second] = await read<{ id: number }>(sql`
      insert into equipment_tags (name, category) values ('Junoalpha', 'Hardware Synth'), ('Moogbeta', 'Modular FX')
      returning id`);
    await t.db.execute(sql`
      insert into track_equipment_tags (track_id, equipment_tag_id)
      select id, ${first!.id} from tracks where name like 'Linked %'`);
    const documentsNaming = async (word: string) =>
      (
        await read<{ n: number }>(sql`
          select count(*)::int as n from track_match_documents d join tracks t on t.id = d.track_id
          where t.name like 'Linked %' and d.document like ${`% ${word} %`}`)
      )[0]!.n;
    const genreTracks = async (genre: string) =>
      (
        await read<{ n: number }>(sql`
          select count(*)::int as n from track_genres g join tracks t on t.id = g.track_id
          where t.name like 'Linked %' and g.genre = ${genre}`)
      )[0]!.n;
    expect([await documentsNaming('junoalpha'), await genreTracks('Hardware Synth')]).toEqual([1_000, 1_000]);

    // One link moves to a track without gear: the track it left names the gear no more.
    await addTracks(owner, 1, 'Linked spare');
    const names = async (track: string) =>
      (
        await read<{ document: string }>(sql`
          select d.document from track_match_documents d join tracks t on t.id = d.track_id
          where t.name = ${track}`)
      )[0]!.document;
    await t.db.execute(sql`
      update track_equipment_tags set track_id = (select id from tracks where name = 'Linked spare 1')
      where track_id = (select id from tracks where name = 'Linked 1')`);
    expect(await names('Linked 1')).not.toContain(' junoalpha ');
    expect(await names('Linked spare 1')).toContain(' junoalpha ');
    expect([await documentsNaming('junoalpha'), await genreTracks('Hardware Synth')]).toEqual([1_000, 1_000]);

    // Then every link moves to the other gear.
    await t.db.execute(sql`update track_equipment_tags set equipment_tag_id = ${second!.id}
      where equipment_tag_id = ${first!.id}`);
    expect([await documentsNaming('junoalpha'), await documentsNaming('moogbeta')]).toEqual([0, 1_000]);
    expect([await genreTracks('Hardware Synth'), await genreTracks('Modular FX')]).toEqual([0, 1_000]);
  });

  // Decision 0925: the reverse. A connection whose first change was a bulk one kept plans sized for
  // its thousands of rows: a hash join that reads the whole of users, user_track_counts or tracks,
  // kept for every single edit after it. A table reached from a transition table is looked up
  // through `= ANY(ARRAY(…))`, planned for a handful of keys whatever the first run held.
  it('after a bulk change, reach the tables they update by index for a single change', async () => {
    const prefix = `Plan ${Date.now()}`;
    const person = (n: number) => `${prefix} ${n}`;
    await t.db
      .transaction(async (tx) => {
        const run = (query: ReturnType<typeof sql>) => tx.execute(query);
        // The people of the issue's instance, with the per-person counts that instance holds. Below a
        // few thousand rows a sequential scan is the cheaper plan anyway, and would hide the one kept.
        await run(sql`insert into users (id) select ${prefix} || ' ' || i from generate_series(1, 10000) i`);
        await run(
          sql`insert into user_track_counts (user_id) select id from users where id like ${`${prefix} %`}`,
        );
        await run(sql`insert into user_genre_counts (user_id, genre, year)
        select id, 'Hardware Synth', extract(year from now() at time zone 'UTC')::int from users
        where id like ${`${prefix} %`}`);
        const [gear] = rowsOf<{ id: number }>(
          await run(
            sql`insert into equipment_tags (name, category) values (${prefix}, 'Hardware Synth') returning id`,
          ),
        );
        const addTakes = (where: ReturnType<typeof sql>) =>
          run(sql`insert into tracks (user_id, name, filename, filepath, mime_type, size)
          select id, 'take', 'f.wav', 'tracks/' || id, 'audio/wav', 1000 from users ${where}`);
        const tagTakes = (where: ReturnType<typeof sql>) =>
          run(sql`insert into track_equipment_tags (track_id, equipment_tag_id)
          select t.id, ${gear!.id} from tracks t join users u on u.id = t.user_id ${where}`);
        const deleteTakes = (where: ReturnType<typeof sql>) =>
          run(sql`delete from tracks t using users u where u.id = t.user_id and ${where}`);
        const bulk = sql`u.id in (select ${prefix} || ' ' || i from generate_series(100, 2599) i)`;
        const one = sql`u.id = ${person(7)}`;

        // Each bulk statement is the first of its kind since the plans were dropped, as on a
        // connection whose first request was an import or a bulk action.
        await run(sql`discard plans`);
        await addTakes(sql`u where ${bulk}`);
        await tagTakes(sql`where ${bulk}`);
        await deleteTakes(bulk);

        const edits: [string, () => Promise<unknown>][] = [
          ['a new take', () => addTakes(sql`u where ${one}`)],
          ['a gear tag', () => tagTakes(sql`where ${one}`)],
          ['a deleted take', () => deleteTakes(one)],
        ];
        for (const [edit, change] of edits) {
          const before = await sequentialScans(tx);
          await change();
          expect.soft(await sequentialScans(tx), edit).toEqual(before);
        }
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });
});

/** Sequential scans this transaction made of the tables the triggers reach from transition tables. */
async function sequentialScans(tx: DbOrTx) {
  const rows = rowsOf<{ table: string; scans: number }>(
    await tx.execute(sql`
      select relname as table, seq_scan::int as scans from pg_stat_xact_user_tables
      where relname in ('users', 'tracks', 'user_track_counts', 'user_genre_counts')
      order by 1`),
  );
  return Object.fromEntries(rows.map((row) => [row.table, row.scans]));
}
