import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { tracks } from './schema';
import { analyzeStaleTables } from './statistics';

// Decision 0475 (issue 30): the planner's statistics follow a journal's growth without a manual
// ANALYZE, on PGlite (no autovacuum) and PostgreSQL alike.

let t: TestApp;
let userId: string;

const addTracks = async (n: number, prefix: string) =>
  t.db.insert(tracks).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      name: `${prefix} ${i}`,
      filename: `${prefix}-${i}.wav`,
      filepath: `tracks/${prefix}-${i}.wav`,
      mimeType: 'audio/wav',
      size: 1000,
    })),
  );
const tracksStats = async () => {
  await t.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await t.db.execute(
    sql`select n_mod_since_analyze::int as changed, analyze_count::int as analyzed from pg_stat_user_tables where relname = 'tracks'`,
  )) as unknown as { rows: { changed: number; analyzed: number }[] };
  return rows[0]!;
};

beforeAll(async () => {
  t = await buildTestApp({ statisticsDebounceMs: 50 });
  userId = (await t.signedInClient()).userId;
});
afterAll(async () => t.close());

describe('planner statistics', () => {
  it('analyzes the tables changed past the threshold, and only those', async () => {
    await addTracks(400, 'bulk');
    expect(await analyzeStaleTables(t.db)).toContain('tracks');
    expect(await tracksStats()).toMatchObject({ changed: 0 });
    // A few more rows stay under the threshold (50 + 10 %): nothing to do.
    await addTracks(20, 'few');
    expect(await analyzeStaleTables(t.db)).not.toContain('tracks');
  });

  it('are refreshed by themselves a moment after a successful write', async () => {
    const before = (await tracksStats()).analyzed;
    await addTracks(600, 'grown');
    const client = await t.signedInClient();
    expect((await client.post('/api/playlists', { name: 'After the growth' })).statusCode).toBe(201);
    await expect
      .poll(async () => (await tracksStats()).analyzed, { timeout: 5_000, interval: 100 })
      .toBeGreaterThan(before);
    expect((await tracksStats()).changed).toBe(0);
  });
});
