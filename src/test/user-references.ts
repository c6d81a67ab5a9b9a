import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Columns named as people are named, whether or not a foreign key says so. */
const PERSON_COLUMN =
  /(^|_)(user|owner|author|actor|creator|inviter|invitee|member)(_id)?$|_by(_id)?$|_by_user_id$/;

export interface UserColumn {
  schema: string;
  table: string;
  column: string;
  /** How it is compared: equality for id columns, containment for text and JSON that may hold one. */
  how: 'equals' | 'contains';
}

/**
 * Every place a row can name a person, read from the catalog at the time of the call (decision
 * 0420), so a table added later is covered without touching the tests: every column with a foreign
 * key to users, every column named like a person's id, and every text or JSON column of every
 * non-system schema (the session's `sess->>'userId'`, rate-limit keys `user:{id}`, queued jobs'
 * payloads), searched for the id as a substring. User ids are long random strings, so a substring
 * match is never a coincidence.
 */
export async function userColumns(db: Database): Promise<UserColumn[]> {
  const foreignKeys = await rowsOf<{ schema: string; table: string; column: string }>(
    db,
    sql`select n.nspname as schema, cl.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass`,
  );
  const columns = await rowsOf<{ schema: string; table: string; column: string; type: string }>(
    db,
    sql`select c.table_schema as schema, c.table_name as "table", c.column_name as "column", c.data_type as type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema')
        and c.table_schema not like 'pg\\_%'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found = new Map<string, UserColumn>();
  const add = (column: UserColumn) => found.set(`${column.schema}.${column.table}.${column.column}`, column);
  for (const c of columns) add({ ...c, how: 'contains' });
  for (const c of columns.filter((c) => PERSON_COLUMN.test(c.column))) add({ ...c, how: 'equals' });
  for (const c of foreignKeys) add({ ...c, how: 'equals' });
  add({ schema: 'public', table: 'users', column: 'id', how: 'equals' });
  return [...found.values()];
}

/** `schema.table.column` → rows naming `userId`, for every place that has any. */
export async function rowsNamingUser(db: Database, userId: string): Promise<Record<string, number>> {
  const named: Record<string, number> = {};
  for (const c of await userColumns(db)) {
    const column = sql`${sql.identifier(c.schema)}.${sql.identifier(c.table)}.${sql.identifier(c.column)}`;
    const match =
      c.how === 'equals' ? sql`${column}::text = ${userId}` : sql`strpos(${column}::text, ${userId}) > 0`;
    const [row] = await rowsOf<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${sql.identifier(c.schema)}.${sql.identifier(c.table)} where ${match}`,
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) named[`${c.schema}.${c.table}.${c.column}`] = n;
  }
  return named;
}
