import pg from 'pg';
import type { TestDatabase } from './test-database';

/**
 * What the app asks the database while a test walks its routes, and how PostgreSQL would read each
 * of it (issue 48: "no sequential scan on the big tables in any request, and a test that fails
 * when one appears"; src/test/sequential-scans.test.ts).
 */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
  /** What the test was doing when the app sent it (e.g. "GET /api/tracks?sort=dateCreated"). */
  during: string;
}

/** One node of an `EXPLAIN (FORMAT JSON)` plan (only the fields read here). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Filter?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

export interface SeqScan {
  statement: CapturedStatement;
  table: string;
  /** The Seq Scan node, as EXPLAIN printed it (filter included): what to look at. */
  node: string;
}

/** Records every statement the app sends through Drizzle, each with what `during()` says. */
export function captureStatements(database: TestDatabase, during: () => string) {
  const statements: CapturedStatement[] = [];
  const stop = database.watchStatements((sql, params) => {
    statements.push({ sql, params: [...params], during: during() });
  });
  return { statements, stop };
}

/**
 * Statements EXPLAIN can plan: reads and writes. The rest (BEGIN/COMMIT, SET, LISTEN/NOTIFY as
 * statements, LOCK, DDL of the migrations, ANALYZE) read no table by a plan.
 */
const PLANNED = /^(select|with|update|delete|insert)\b/i;

/**
 * pg-boss keeps its queue in a schema of its own (src/server/jobs/job-queue.ts); its statements
 * are its library's, sized by the jobs waiting (a handful), not by the journal, and the app does
 * not choose their indexes. None goes through Drizzle today; the check stays should one come.
 */
const QUEUE_INTERNALS = /\bpgboss\./i;

export function plannable(statement: CapturedStatement): boolean {
  const text = statement.sql.replace(/^[\s(]+/, '');
  return PLANNED.test(text) && !QUEUE_INTERNALS.test(statement.sql);
}

/**
 * Runs `EXPLAIN (FORMAT JSON)` of each statement with its own parameters, in a transaction with
 * `enable_seqscan = off`: the planner then picks a Seq Scan only where no index can serve the
 * statement at all, so a database of a few rows gives the plan's shape that a big one would need
 * (with it on, a table of ten rows is always cheaper to read whole). EXPLAIN without ANALYZE runs
 * nothing, writes included; the transaction is rolled back anyway.
 */
export async function explainAll(
  database: TestDatabase,
  statements: CapturedStatement[],
): Promise<{ plans: { statement: CapturedStatement; plan: PlanNode }[]; failures: string[] }> {
  const explain = await explainer(database);
  const plans: { statement: CapturedStatement; plan: PlanNode }[] = [];
  const failures: string[] = [];
  const seen = new Set<string>();
  try {
    for (const statement of statements) {
      if (!plannable(statement)) continue;
      const key = `${statement.sql}\u0000${safeJson(statement.params)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      try {
        plans.push({ statement, plan: await explain.plan(statement) });
      } catch (err) {
        failures.push(`${statement.during}: ${(err as Error).message}\n  ${statement.sql}`);
      }
    }
  } finally {
    await explain.close();
  }
  return { plans, failures };
}

const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan']);

/**
 * Every node of a plan that reads a table `big` says is big from end to end: a Seq Scan, or an
 * index scan without an index condition (the planner's way round `enable_seqscan = off` when no
 * index narrows the rows but one gives them in order: the whole index walked instead of the whole
 * table), or a bitmap built from a whole index. An index scan under a Limit is let through when
 * it filters nothing: it stops at the page's last row (a newest-first page of a table, say). One
 * that filters may read the whole index looking for the page's rows (the page of a person's
 * songs through the index of everyone's dates), so it counts.
 */
export function wholeTableReadsIn(plan: PlanNode, big: (table: string) => boolean): PlanNode[] {
  const found: PlanNode[] = [];
  const walk = (node: PlanNode, underLimit: boolean) => {
    const table = node['Relation Name'];
    if (table && big(table)) {
      if (node['Node Type'] === 'Seq Scan') found.push(node);
      else if (INDEX_SCANS.has(node['Node Type']) && !node['Index Cond'] && !(underLimit && !node.Filter))
        found.push(node);
      else if (node['Node Type'] === 'Bitmap Heap Scan') {
        // A bitmap of a whole (partial) index: every row it holds is fetched, Limit or not.
        const whole = bitmapIndexScans(node).find((scan) => !scan['Index Cond']);
        if (whole) found.push({ ...node, 'Index Name': whole['Index Name'] });
      }
    }
    const limited = underLimit || node['Node Type'] === 'Limit';
    for (const child of node.Plans ?? []) walk(child, limited);
  };
  walk(plan, false);
  return found;
}

function bitmapIndexScans(node: PlanNode): PlanNode[] {
  return (node.Plans ?? []).flatMap((child) =>
    child['Node Type'] === 'Bitmap Index Scan' ? [child] : bitmapIndexScans(child),
  );
}

export function describeNode(node: PlanNode): string {
  const alias = node.Alias && node.Alias !== node['Relation Name'] ? ` ${node.Alias}` : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const on = `${node['Node Type']}${using} on ${node['Relation Name']}${alias}`;
  return node.Filter ? `${on} (Filter: ${node.Filter})` : on;
}

/** A plan as indented lines (node type, table, index, conditions): for a report or a dump. */
export function planText(plan: PlanNode): string {
  const lines: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    const parts = [node['Node Type']];
    if (node['Index Name']) parts.push(`using ${node['Index Name']}`);
    if (node['Relation Name']) parts.push(`on ${node['Relation Name']}${node.Alias ? ` ${node.Alias}` : ''}`);
    if (node['Index Cond']) parts.push(`[Index Cond: ${node['Index Cond']}]`);
    if (node['Recheck Cond']) parts.push(`[Recheck: ${node['Recheck Cond']}]`);
    if (node.Filter) parts.push(`[Filter: ${node.Filter}]`);
    lines.push(`${'  '.repeat(depth)}${parts.join(' ')}`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan, 0);
  return lines.join('\n');
}

/**
 * Seq Scans off, and hash and merge joins too: on a few rows, hashing a whole table (or walking its
 * whole primary key for a merge) is cheaper than looking rows up one by one, a choice the planner
 * reverses on a million rows. With nested loops only, each table is reached by an index condition
 * wherever one exists; what remains read whole has no index to be read by.
 */
const PLANNER_SETTINGS =
  'set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off';

interface Explainer {
  plan(statement: CapturedStatement): Promise<PlanNode>;
  close(): Promise<void>;
}

/**
 * `EXPLAIN (FORMAT JSON)` of each statement as the planner chooses it, no setting changed: for a
 * plan test on a database seeded and analysed at a realistic size, where the choice is the point.
 */
export async function explainAsPlanned(
  database: TestDatabase,
  statements: CapturedStatement[],
): Promise<{ statement: CapturedStatement; plan: PlanNode }[]> {
  const explain = await explainer(database, '');
  try {
    const plans: { statement: CapturedStatement; plan: PlanNode }[] = [];
    for (const statement of statements.filter(plannable)) {
      plans.push({ statement, plan: await explain.plan(statement) });
    }
    return plans;
  } finally {
    await explain.close();
  }
}

async function explainer(database: TestDatabase, settings = PLANNER_SETTINGS): Promise<Explainer> {
  const connection = database.queueConnection;
  if (connection.kind === 'pglite') {
    const client = connection.client;
    return {
      async plan(statement) {
        // Thrown to roll back: the plan is all that is wanted of the transaction.
        const done = { plan: undefined as PlanNode | undefined };
        try {
          await client.transaction(async (tx) => {
            if (settings) await tx.exec(settings);
            const result = await tx.query<Record<string, unknown>>(
              `explain (format json) ${statement.sql}`,
              statement.params,
            );
            done.plan = firstPlan(result.rows);
            throw done;
          });
        } catch (err) {
          if (err !== done) throw err;
        }
        return done.plan!;
      },
      close: async () => {},
    };
  }
  // Its own connection: the app's pool stays as the test left it.
  const client = new pg.Client({ connectionString: connection.connectionString });
  await client.connect();
  return {
    async plan(statement) {
      await client.query('begin');
      try {
        if (settings) await client.query(settings);
        const result = await client.query(
          `explain (format json) ${statement.sql}`,
          statement.params as unknown[],
        );
        return firstPlan(result.rows);
      } finally {
        await client.query('rollback');
      }
    },
    close: () => client.end(),
  };
}

function firstPlan(rows: Record<string, unknown>[]): PlanNode {
  const value = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

function safeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
}
