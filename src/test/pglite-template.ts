import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';

export const PGLITE_TEMPLATE_ENV = 'JOURNAL_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the server project: migrates one in-memory PGlite and saves its data
 * directory, so each test file starts its own database from it instead of migrating again. Made
 * anew on every run, so it always matches drizzle/. Workers inherit the variable naming the file.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = openDatabase({ databaseUrl: 'memory:', dataDir: '' });
  await runMigrations(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
