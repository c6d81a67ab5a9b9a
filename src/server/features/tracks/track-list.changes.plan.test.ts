import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';
import { tracks } from '../../db/schema';
import { changesSince } from './track-list.changes';

/**
 * The list right after a change asks for the tracks changed since the cached revision, prepared
 * (decision 0510). PostgreSQL re-plans a prepared statement on every run while a custom plan
 * (made for the values given) looks cheaper than the generic one: with `list_revision > $since`
 * estimated from the values, that was every run once the tables were analysed (0.9 ms of planning
 * for 0.1 ms of work). The ids now come from journal_changed_tracks() (ROWS 1, decision 0902), so
 * the estimate, and the plan kept, are the same whatever the values. A named statement on a
 * connection of its own, run as the pool's connections run it, before and after ANALYZE.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('the changes since a revision, prepared', () => {
  let t: TestApp;
  let client: pg.Client;
  let owner: string;
  let newest: number;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = (await t.signedInClient()).userId;
    const other = (await t.signedInClient({ username: 'other' })).userId;
    for (const userId of [owner, other]) {
      await t.db.insert(tracks).values(
        Array.from({ length: 500 }, (_, i) => ({
          userId,
          name: `Take ${i}`,
          filename: `take-${i}.wav`,
          filepath: `tracks/${userId}/${i}`,
          mimeType: 'audio/wav',
          size: 1000 + i,
          duration: 60,
          processingState: 'ready' as const,
        })),
      );
    }
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${t.database.name}`;
    client = new pg.Client({ connectionString: url.href });
    await client.connect();
    const { rows } = await client.query(
      'select max(list_revision)::float8 as n from tracks where user_id = $1',
      [owner],
    );
    newest = rows[0].n;
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  const statement = () => changesSince(t.db, sql.placeholder('userId'), sql.placeholder('since')).toSQL();

  async function runTimes(name: string, since: number, times: number) {
    const { sql: text, params } = statement();
    const values = (params as { name: string }[]).map((p) => (p.name === 'userId' ? owner : since));
    let last: pg.QueryResult | undefined;
    for (let i = 0; i < times; i++) last = await client.query({ name, text, values });
    const { rows } = await client.query(
      'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = $1',
      [name],
    );
    return { rows: last!.rows, plans: rows[0] as { generic: number; custom: number } };
  }

  for (const analysed of [false, true]) {
    it(`keeps one generic plan ${analysed ? 'once the tables are analysed' : 'on never-analysed tables'}`, async () => {
      if (analysed) await client.query('analyze tracks; analyze users');
      const name = `changes_${analysed ? 'analysed' : 'fresh'}`;
      const { rows, plans } = await runTimes(name, newest - 1, 12);
      // The last track changed, and only it (the other person's are not the owner's).
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].revision)).toBe(newest);
      // Five custom plans first (PostgreSQL's rule), then the generic one kept.
      expect(plans.generic).toBeGreaterThanOrEqual(7);

      await client.query('set plan_cache_mode = force_generic_plan');
      try {
        const { sql: text, params } = statement();
        const values = (params as { name: string }[]).map((p) =>
          p.name === 'userId' ? `'${owner}'` : String(newest - 1),
        );
        await client.query(`prepare plan_${name} as ${text}`);
        const plan = await client.query(`explain execute plan_${name}(${values.join(', ')})`);
        const text2 = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        // Driven by the changed ids: one primary-key lookup each, never a walk of the journal.
        expect(text2).toMatch(/Function Scan on journal_changed_tracks/);
        expect(text2).toMatch(/Index Scan using tracks_pkey on tracks t/);
        expect(text2).not.toMatch(/Seq Scan on tracks/);
      } finally {
        await client.query('reset plan_cache_mode');
      }
    });
  }
});
