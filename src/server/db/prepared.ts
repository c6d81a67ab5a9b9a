import type { Database } from './client';

/**
 * A statement built once per database (`build` calls drizzle's `.prepare(name)`): drizzle does not rebuild its SQL
 * text on each call, and PostgreSQL parses and plans it once per pooled connection (a generic plan
 * after five runs) instead of for every request. For the lookups made by nearly every request
 * (decision 0510): on a loaded two-core machine building and planning them cost more than running them.
 *
 * Prepared statements name their columns (drizzle never writes `*`), so a migration adding a
 * column does not invalidate one held by a running instance; PostgreSQL re-plans it by itself.
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
