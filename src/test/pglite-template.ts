import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { installJobSchema } from '../server/jobs/job-queue';

export const PGLITE_TEMPLATE_ENV = 'JOURNAL_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the server project: migrates one in-memory PGlite (the app's tables and the
 * job queue's) and saves its data
 * directory, so each test file starts its own database from it instead of migrating again. Made
 * anew on every run, so it always matches drizzle/. Workers inherit the variable naming the file.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  // Several projects ('server', 'slow') name this setup; the first one's template serves them all.
  const existing = process.env[PGLITE_TEMPLATE_ENV];
  if (existing && existsSync(existing)) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = openDatabase({ databaseUrl: 'memory:', dataDir: '' });
  await runMigrations(handle);
  // pg-boss's tables too: installing them costs seconds on PGlite, once here instead of per file.
  await installJobSchema(handle.queueConnection);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
