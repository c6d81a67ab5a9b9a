import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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

export async function runMigrations(handle: DatabaseHandle, migrationsFolder = findMigrationsFolder()) {
  // Both migrators take the same drizzle instance shape; the cast picks the matching driver.
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  } else {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  }
}
