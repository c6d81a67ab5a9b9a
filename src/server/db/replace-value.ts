import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Writes `changes` to one row and returns the updated row with the value `key` held before, the row
 * locked between the read and the write. However concurrent callers interleave, each learns exactly
 * the value its own write replaced: a replaced image is deleted once, and never the current one.
 * Undefined when there is no such row.
 */
export async function replaceValue<
  TTable extends PgTable,
  TKey extends keyof TTable['$inferSelect'] & string,
>(
  db: Database,
  table: TTable,
  where: { column: PgColumn; equals: string | number },
  key: TKey,
  changes: Partial<TTable['$inferInsert']>,
): Promise<{ row: TTable['$inferSelect']; previous: TTable['$inferSelect'][TKey] } | undefined> {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[key];
  if (!column) throw new Error(`No column ${key}`);
  const match = eq(where.column, where.equals);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ previous: column })
      .from(table as PgTable)
      .where(match)
      .for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(table as PgTable)
      .set(changes as never)
      .where(match)
      .returning();
    return { row: row as TTable['$inferSelect'], previous: current.previous as TTable['$inferSelect'][TKey] };
  });
}
