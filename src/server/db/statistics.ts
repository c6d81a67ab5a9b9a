import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The planner's statistics kept fresh (issue 30, decision 0475). PGlite has no autovacuum, and on
 * PostgreSQL autovacuum may come minutes after a journal grew by thousands of tracks: until
 * statistics catch up, search and the filtered lists plan for the table as it was (measured: 4–9×
 * slower search on a freshly filled 5k journal). This analyzes the app's tables that changed by
 * more than autovacuum's own default threshold since their last analyze (50 rows + 10 %).
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  // The counters reach pg_stat_user_tables when a backend flushes them; PGlite's single backend
  // only does at idle, which it never is. PostgreSQL 15+ can be asked to; before 15 there is no such
  // function, and no need: its backends report their counters on their own.
  await db.execute(sql`select pg_stat_force_next_flush()`).catch(() => undefined);
  const { rows } = (await db.execute(sql`
    select relname from pg_stat_user_tables
    where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
    order by relname`)) as unknown as { rows: { relname: string }[] };
  for (const { relname } of rows) await db.execute(sql`analyze ${sql.identifier(relname)}`);
  return rows.map((row) => row.relname);
}
