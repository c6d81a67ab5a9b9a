import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '../../e2e/fixtures';
import { freePort, ROOT, snapshotBuild } from '../../e2e/support/journal-server';
import { type LocalOidcProvider, startOidcProvider } from '../../src/test/oidc-provider';
import { type Balancer, startBalancer } from './balancer';
import { CLUSTER_OUTPUT, type Instance, startInstance } from './instances';
import { type ClusterDatabase, createClusterDatabase } from './postgres';
import { type Bucket, startBucket } from './s3';

/** Shared by both instances, as every instance of a deployment must (fixed: a failing run replays). */
const SESSION_SECRET = 'cluster-session-secret-0123456789abcdef0123456789';

export interface Cluster {
  /** nginx: the only address the browsers use. */
  baseURL: string;
  instances: readonly [Instance, Instance];
  /** The instance whose INSTANCE_NAME (X-Instance header) is `name`. */
  instance(name: string): Instance;
  oidc: LocalOidcProvider;
  /** The object store; undefined while the S3 part is missing (the instances then share a DATA_DIR). */
  bucket: Bucket;
  balancer: Balancer;
  database: ClusterDatabase;
}

function npm(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/**
 * PostgreSQL (a new database), the S3-protocol server, the local OIDC issuer, two instances of the
 * built app and nginx in front, as docs/deploy.md describes. Everything is undone by the returned
 * stop, also when starting fails half-way.
 */
export async function startCluster(): Promise<Cluster & { stop(): Promise<void> }> {
  const undo: (() => Promise<unknown> | unknown)[] = [];
  const stop = async () => {
    for (const step of undo.reverse())
      await Promise.resolve(step()).catch((e) => console.warn(`[cluster] ${e}`));
  };
  try {
    const database = await createClusterDatabase();
    undo.push(() => database.drop());

    const bucket = await startBucket();
    undo.push(() => bucket.stop());

    const oidc = await startOidcProvider();
    undo.push(() => oidc.stop());
    const [balancerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const baseURL = `http://127.0.0.1:${balancerPort}`;
    const appDir = snapshotBuild();
    undo.push(() => rmSync(appDir, { recursive: true, force: true }));
    const newDataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'journal-cluster-data-'));
      undo.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };

    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      SESSION_SECRET,
      // One origin for the browsers, links and the OIDC redirect: the balancer's.
      PUBLIC_URL: baseURL,
      // nginx is on this machine: its X-Forwarded-For names the browser (rate limits key on it).
      TRUST_PROXY: '127.0.0.1',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      ...bucket.env,
    };
    const start = (name: string, port: number) => {
      const instance = startInstance({ name, port, appDir, dataDir: newDataDir(), env });
      undo.push(() => instance.stop());
      return instance;
    };

    // Migrating is a deployment step; then both instances start at once.
    await npm(['run', 'db:migrate'], { DATABASE_URL: database.url });
    const instances: [Instance, Instance] = [start('a', portA), start('b', portB)];
    await Promise.all(instances.map((i) => i.healthy()));

    const balancer = await startBalancer({
      port: balancerPort,
      instances: instances.map((i) => i.address),
      // Beside the instances' logs, after the run.
      keepLogsIn: CLUSTER_OUTPUT,
    });
    undo.push(() => balancer.stop());

    return {
      baseURL,
      instances,
      instance(name) {
        const found = instances.find((i) => i.name === name);
        if (!found) throw new Error(`no instance named ${JSON.stringify(name)}`);
        return found;
      },
      oidc,
      bucket,
      balancer,
      database,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The story's fixtures: one cluster per worker, and every page's baseURL is its balancer. */
export const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const cluster = await startCluster();
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.baseURL);
  },
});
