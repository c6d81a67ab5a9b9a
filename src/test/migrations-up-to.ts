import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { findMigrationsFolder, runMigrations } from '../server/db/migrate';

// For migration tests: build a database as an older release left it, insert rows of that era, then
// apply the rest of the migrations and check what they did to those rows.

/** A copy of the migrations folder whose journal stops after `lastIdx`. */
export function migrationsUpTo(lastIdx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-migrations-'));
  cpSync(findMigrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= lastIdx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** The index of the migration whose tag ends with `name` (e.g. 'track_visibility'). */
export function migrationIndex(name: string): number {
  const journalFile = path.join(findMigrationsFolder(), 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const entry = journal.entries.find((e) => e.tag.endsWith(`_${name}`));
  if (!entry) throw new Error(`No migration named ${name}`);
  return entry.idx;
}

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL (creating/dropping databases). */
export async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one migration test: a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, else an in-memory PGlite. `migrateThrough(name, offset)` applies the
 * migrations up to the one named (offset -1: the one before it); `close` drops everything.
 */
export async function openMigrationTestDatabase(label: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const folders: string[] = [];
  let name = '';
  let handle: DatabaseHandle;
  if (serverUrl) {
    name = `journal_${label}_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = openDatabase({ databaseUrl: url.href, dataDir: '', onConnectionLost: () => {} });
  } else {
    handle = openDatabase({ databaseUrl: 'memory:', dataDir: '' });
  }
  return {
    handle,
    async migrateThrough(migration: string, offset = 0) {
      const folder = migrationsUpTo(migrationIndex(migration) + offset);
      folders.push(folder);
      await runMigrations(handle, folder);
    },
    async close() {
      await handle.close();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
      if (serverUrl && name) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
