import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findMigrationsFolder } from '../server/db/migrate';

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
