#!/usr/bin/env node
// node scripts/pg-test-leftovers.mjs [DATABASE_URL]: the throw-away databases (journal_test_…) that
// a run of the suite on PostgreSQL left behind, each with the test that made it (its comment, set by
// src/test/test-database.ts), then dropped. Exits 1 when there was one, so CI names the test that
// did not close its database rather than filling the server run after run.
import pg from 'pg';

const url = process.argv[2] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const { rows } = await client.query(
    `select datname as name, coalesce(shobj_description(oid, 'pg_database'), '(no comment)') as maker
     from pg_database where datname like 'journal\\_test\\_%' order by datname`,
  );
  for (const { name, maker } of rows) {
    console.error(`left behind: ${name}, made by ${maker}`);
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  }
  if (rows.length > 0) process.exitCode = 1;
  else console.log('No test database left behind.');
} finally {
  await client.end();
}
