import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';

/**
 * Finds the committed drizzle/ folder by walking up from this module, so the same code works
 * from src/ (tests, tsx) and from the bundled dist/server/main.js.
 */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No drizzle/ migrations folder found above ${start}`);
    dir = parent;
  }
}

/**
 * The advisory lock key all instances take around their migrations (decision 0096). Any fixed
 * number works as long as nothing else in the database uses it: these are the bytes of "journmig".
 */
export const MIGRATION_LOCK_KEY = 0x6a6f75726e6d6967n;

/**
 * Applies pending migrations. On PostgreSQL, instances starting together take turns under a
 * session advisory lock held on a connection of its own: the first applies them, the others then
 * find nothing left to do. PGlite is one process, so it needs no lock.
 */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = findMigrationsFolder()) {
  // Both migrators take the same drizzle instance shape; the cast picks the matching driver.
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  const { connectionString } = handle.queueConnection as { connectionString: string };
  const lock = new pg.Client({ connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
    await lock.end();
  }
}
