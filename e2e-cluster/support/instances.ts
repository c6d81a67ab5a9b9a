import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, spawnBuiltApp, stopChild, waitForHealth } from '../../e2e/support/journal-server';

/** Instance logs, the balancer's files and the run's notes (git-ignored). */
export const CLUSTER_OUTPUT = path.join(ROOT, 'test-results', 'cluster');

/** One app instance: `node dist/server/main.js` from the run's copy of the build. */
export interface Instance {
  /** INSTANCE_NAME: the X-Instance header of every reply it sends. */
  name: string;
  /** host:port, as the balancer reaches it. */
  address: string;
  baseURL: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  /** Waits for GET /api/health on the instance itself (not through the balancer). */
  healthy(): Promise<void>;
  /** SIGKILL: the machine is gone, nothing is closed cleanly. Resolves once the process is. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  log(): string;
}

export function startInstance(options: {
  name: string;
  port: number;
  appDir: string;
  dataDir: string;
  env: Record<string, string>;
}): Instance {
  const { name, port, appDir, dataDir } = options;
  mkdirSync(CLUSTER_OUTPUT, { recursive: true });
  const logFile = path.join(CLUSTER_OUTPUT, `instance-${name}.log`);
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only what the cluster sets, whatever the calling shell has.
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|OIDC_|S3_|STORAGE|SESSION_SECRET|TRUST_PROXY|PUBLIC_URL|INSTANCE_NAME)/.test(key))
      delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    INSTANCE_NAME: name,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...options.env,
  });
  const child = spawnBuiltApp(appDir, env, log);
  const baseURL = `http://127.0.0.1:${port}`;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    address: `127.0.0.1:${port}`,
    baseURL,
    dataDir,
    logFile,
    child,
    healthy: () => waitForHealth(baseURL, child, logFile, 60_000),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      await stopChild(child);
      log.end();
    },
    log: () => readFileSync(logFile, 'utf8'),
  };
}
