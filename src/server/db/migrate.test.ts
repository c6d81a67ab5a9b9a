import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { findMigrationsFolder, MIGRATION_LOCK_KEY, runMigrations } from './migrate';

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8'));
const MIGRATIONS = journal.entries.length as number;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// PGlite is one process and takes no lock; the race needs a server (CI runs this file with it).
describe.skipIf(!serverUrl)('runMigrations on PostgreSQL (decision 0096)', () => {
  const handles: DatabaseHandle[] = [];
  let name = '';
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  async function freshDatabase(): Promise<string> {
    name = `journal_migrate_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.href;
  }

  const open = (url: string) => {
    const handle = openDatabase({ databaseUrl: url, dataDir: '', onConnectionLost: () => {} });
    handles.push(handle);
    return handle;
  };

  it('applies each migration once when several instances start together', async () => {
    const url = await freshDatabase();
    const instances = Array.from({ length: 5 }, () => open(url));
    await Promise.all(instances.map((h) => runMigrations(h)));
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const { rows } = await check.query('select hash from drizzle.__drizzle_migrations');
      expect(rows).toHaveLength(MIGRATIONS);
      expect(new Set(rows.map((r) => r.hash)).size).toBe(MIGRATIONS);
      // The lock is released: nobody holds it once they are all done. pg_locks spans the whole
      // server, and other suites' queues take advisory locks of their own in their databases, so
      // count only this database's locks.
      const held = await check.query(
        `select count(*)::int as n from pg_locks
          where locktype = 'advisory'
            and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(held.rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
  });

  it('waits while another session holds the migration lock', async () => {
    const url = await freshDatabase();
    // Migrated already, so a run that did not wait would be done within milliseconds.
    await runMigrations(open(url));
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      let done = false;
      const migrating = runMigrations(open(url)).then(() => {
        done = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(done).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      await migrating;
      expect(done).toBe(true);
    } finally {
      await holder.end();
    }
  });
});
