import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pgliteStats } from './pglite-pool';
import { createTestDatabase, testDatabaseKind } from './test-database';

const columnStatistics = sql`
  select count(*)::int as n from pg_statistic s join pg_class c on c.oid = s.starelid
  where c.relnamespace = 'public'::regnamespace`;

const count = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
  ((await database.db.execute(columnStatistics)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe.skipIf(testDatabaseKind() !== 'pglite')('a reused PGlite instance (decision 0150)', () => {
  it("comes back without the column statistics an earlier test's ANALYZE wrote", async () => {
    const first = await createTestDatabase();
    expect(await count(first)).toBe(0);
    await first.db.execute(sql`insert into users (id, username) values ('a', 'a'), ('b', 'b')`);
    await first.db.execute(sql`analyze users`);
    expect(await count(first)).toBeGreaterThan(0);
    await first.close();

    const reusedBefore = pgliteStats().reused;
    const second = await createTestDatabase();
    try {
      expect(pgliteStats().reused).toBe(reusedBefore + 1);
      expect(await count(second)).toBe(0);
      const rows = await second.db.execute(sql`select count(*)::int as n from users`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  });
});
