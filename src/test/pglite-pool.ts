import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from '../server/db/client';
import { PGLITE_TEMPLATE_ENV } from './pglite-template';

/**
 * In-memory PGlite instances kept by a test worker and handed to one test database at a time
 * (decision 0150). Starting a PGlite from the migrated template costs ≈3 s idle (9 s when the
 * machine is busy): Postgres itself starting in WebAssembly, not the migrations. Emptying one that
 * a test file used costs ≈0.1 s. So each instance is started once per worker (Vitest's server
 * project runs with `isolate: false`, keeping this module and its pool across test files) and,
 * when a test database is closed, put back exactly as the template left it:
 *   - every table emptied (TRUNCATE … RESTART IDENTITY), the template's own rows put back
 *     (the migrations journal, pg-boss's version row), every sequence set to its template value;
 *   - session state dropped (RESET ALL, advisory locks, any open transaction rolled back);
 *   - the planner's column statistics and the activity counters cleared (none in the template).
 * An instance whose catalog no longer matches the template (a test created a table, a trigger,
 * a function…), that still LISTENs, or that is closed, is not reused: it is closed and the next
 * test database starts a new one, as before.
 *
 * Each lease sees the instance through a proxy that refuses work once the lease ends, so a late
 * query of an app a test forgot to close fails as it did on a closed instance, instead of landing in
 * the next test's database.
 */

/** Idle instances a worker keeps (a test file may hold two or three databases at once). */
const MAX_IDLE = 3;

/** Schemas that are Postgres's own; everything else (public, drizzle, pgboss) belongs to the app. */
const USER_NAMESPACE = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Everything a test could change in the catalog, in one digest. */
const FINGERPRINT_SQL = `
select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
  select 'n:' || n.nspname as item from pg_namespace n where ${USER_NAMESPACE}
  union all
  select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}
  union all
  select 'a:' || a.attrelid::regclass::text || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':' || a.attisdropped
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_NAMESPACE} and a.attnum > 0
  union all
  select 'k:' || c.conrelid::regclass::text || '.' || c.conname
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_NAMESPACE}
  union all
  select 'p:' || n.nspname || '.' || p.proname || ':' || md5(coalesce(p.prosrc, ''))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NAMESPACE}
  union all
  select 't:' || t.tgrelid::regclass::text || '.' || t.tgname || ':' || t.tgenabled::text || ':' || t.tgfoid
    from pg_trigger t where not t.tgisinternal
  union all
  select 'e:' || t.typname || '.' || e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
  union all
  select 'x:' || extname || ':' || extversion from pg_extension
  union all
  select 'd:' || coalesce(array_to_string(setconfig, ';'), '') from pg_db_role_setting
) items`;

const TABLES_SQL = `
select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where ${USER_NAMESPACE} and c.relkind in ('r', 'p') and not c.relispartition
 order by 1`;

/** The app's tables and indexes (whose column statistics an ANALYZE writes). */
const USER_RELATIONS_SQL = `
select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}`;

const SEQUENCES_SQL = `
select format('%I.%I', schemaname, sequencename) as name,
       coalesce(last_value, start_value)::text as value,
       last_value is not null as called
  from pg_sequences
 where schemaname not in ('pg_catalog', 'information_schema')`;

interface Snapshot {
  fingerprint: string;
  tables: string[];
  /** Tables the template has rows in, with those rows (as JSON). */
  rows: { table: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
}

interface PooledPglite {
  client: PGlite;
  snapshot: Snapshot;
}

const POOL_KEY = Symbol.for('journal.test.pglitePool');
type PoolState = { idle: PooledPglite[]; started: number; reused: number; discarded: number };

function pool(): PoolState {
  const holder = globalThis as { [POOL_KEY]?: PoolState };
  holder[POOL_KEY] ??= { idle: [], started: 0, reused: 0, discarded: 0 };
  return holder[POOL_KEY];
}

/** What this worker's pool has done (started, reused, discarded instances): for tests and debugging. */
export function pgliteStats(): Readonly<Omit<PoolState, 'idle'>> & { idle: number } {
  const { started, reused, discarded, idle } = pool();
  return { started, reused, discarded, idle: idle.length };
}

export interface PgliteLease {
  /** The instance as this lease sees it: every call fails once the lease is released. */
  client: PGlite;
  /** Whether this lease reuses an instance an earlier test database had (for debugging). */
  reused: boolean;
  /** Ends the lease and puts the instance back, emptied (or closes it when it cannot be reused). */
  release(): Promise<void>;
}

/** A PGlite at the template's state, from the pool or newly started; `migrate` runs on new ones. */
export async function leasePglite(migrate: (client: PGlite) => Promise<void>): Promise<PgliteLease> {
  const state = pool();
  let entry = state.idle.pop();
  const reused = entry !== undefined;
  if (entry) {
    state.reused += 1;
  } else {
    const template = loadTemplate();
    const client = new PGlite(template ? { ...PGLITE_OPTIONS, loadDataDir: template } : PGLITE_OPTIONS);
    // On the template this finds every migration applied and does nothing; without it, it migrates.
    await migrate(client);
    entry = { client, snapshot: await takeSnapshot(client) };
    state.started += 1;
  }
  const { proxy, revoke } = leaseProxy(entry.client);
  const leased = entry;
  let released: Promise<void> | undefined;
  return {
    client: proxy,
    reused,
    release() {
      released ??= (async () => {
        revoke();
        if (await restore(leased)) {
          if (state.idle.length < MAX_IDLE) {
            state.idle.push(leased);
            return;
          }
        } else {
          state.discarded += 1;
        }
        if (!leased.client.closed) await leased.client.close();
      })();
      return released;
    },
  };
}

function loadTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const fingerprint = (await client.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0]!.fingerprint;
  const tables = (await client.query<{ name: string }>(TABLES_SQL)).rows.map((r) => r.name);
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (found[0]?.json) rows.push({ table, json: found[0].json });
  }
  const sequences = (await client.query<Snapshot['sequences'][number]>(SEQUENCES_SQL)).rows;
  return { fingerprint, tables, rows, sequences };
}

/** Puts the instance back at the template's state; false when it cannot be (then it is not reused). */
async function restore({ client, snapshot }: PooledPglite): Promise<boolean> {
  if (client.closed) return false;
  try {
    if (client.isInTransaction()) await client.exec('rollback');
    // A listener left behind would hear the next test's notifications; PGlite keeps its callbacks.
    const channels = await client.query('select pg_listening_channels()');
    if (channels.rows.length > 0) return false;
    await client.exec('reset all; select pg_advisory_unlock_all();');
    if (
      (await client.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0]!.fingerprint !==
      snapshot.fingerprint
    ) {
      return false;
    }
    await client.transaction(async (tx) => {
      await tx.exec(`truncate ${snapshot.tables.join(', ')} restart identity cascade`);
      for (const { table, json } of snapshot.rows) {
        await tx.query(
          `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
          [json],
        );
      }
      if (snapshot.sequences.length > 0) {
        await tx.query(
          'select setval(v.name::regclass, v.value, v.called) from unnest($1::text[], $2::int8[], $3::bool[]) as v(name, value, called)',
          [
            snapshot.sequences.map((s) => s.name),
            snapshot.sequences.map((s) => s.value),
            snapshot.sequences.map((s) => s.called),
          ],
        );
      }
    });
    // TRUNCATE gives each table a new file (its page and row figures back to never-analysed) but
    // keeps the column statistics an earlier test's ANALYZE wrote: on a reused instance the planner
    // then chose other plans than on a new one (the EXPLAIN walk failed in CI on what the suite's
    // earlier files had analysed). The template has none; the activity counters go too.
    await client.exec(`
      delete from pg_statistic where starelid in (${USER_RELATIONS_SQL});
      delete from pg_statistic_ext_data where stxoid in (
        select x.oid from pg_statistic_ext x join pg_namespace n on n.oid = x.stxnamespace where ${USER_NAMESPACE});
      select pg_stat_reset();`);
    return true;
  } catch (err) {
    if (process.env.JOURNAL_TEST_DB_DEBUG) console.warn('[pglite-pool] could not reset an instance:', err);
    return false;
  }
}

/**
 * The instance seen through a proxy: methods run on the instance itself (PGlite keeps private
 * fields), and once revoked every call fails and `closed` reads true, as on a closed instance.
 */
function leaseProxy(client: PGlite): { proxy: PGlite; revoke(): void } {
  let revoked = false;
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === 'closed') return revoked || target.closed;
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        // Rejected rather than thrown: callers write `client.query(…).catch(…)`.
        if (revoked) return Promise.reject(new Error('PGlite is closed (this test database was released)'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    proxy,
    revoke() {
      revoked = true;
    },
  };
}
