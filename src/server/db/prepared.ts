import type { Database } from './client';

/**
 * A statement built once per database (`build` calls drizzle's `.prepare(name)`): drizzle does not
 * rebuild its SQL text on each call, and PostgreSQL parses and plans it once per pooled connection
 * (a generic plan after five runs) instead of for every request. For the lookups nearly every
 * request makes (decision 0510), where building and planning cost more than running.
 *
 * Prepared statements name their columns (drizzle never writes `*`), so a migration adding a
 * column while an older instance runs does not break the instance's statements: PostgreSQL re-plans
 * them by itself (connection-faults.test.ts).
 */
export function preparedOnce<P>(build: (db: Database) => P): (db: Database) => P {
  const made = new WeakMap<Database, P>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
