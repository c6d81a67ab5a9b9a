import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the cluster gets a database on (any database there to connect to). */
const SERVER_URL = process.env.CLUSTER_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function asAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface ClusterDatabase {
  name: string;
  /** What the instances get as DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database named for this run: the instances (or npm run db:migrate) migrate it. */
export async function createClusterDatabase(): Promise<ClusterDatabase> {
  const name = `journal_cluster_${randomBytes(5).toString('hex')}`;
  try {
    await asAdmin((admin) => admin.query(`create database ${name}`));
  } catch (error) {
    throw new Error(
      `The cluster test needs PostgreSQL at ${SERVER_URL} (set CLUSTER_POSTGRES_URL): ${String(error)}`,
    );
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    // The instances are stopped (or killed) first; `with (force)` ends whatever they left behind.
    drop: () =>
      asAdmin(async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`))),
  };
}
