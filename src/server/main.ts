import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { makeNewDataDirApart, needsNewDataDir } from './db/new-data-dir';
import { installJobSchema } from './jobs/job-queue';
import { prettyLogStream, wantsPrettyLog } from './observability/log-format';
import { startTracingIfConfigured } from './observability/start-tracing';

/** SESSION_SECRET absent: generate one on first start and keep it under DATA_DIR. */
function resolveSessionSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: fall through and create it.
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readConfig(options: { serving: boolean }) {
  try {
    return loadConfig(process.env, options);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * `main.js migrate` (npm run db:migrate): applies pending migrations and exits, for deployments that
 * migrate as a step of their own and start instances with MIGRATE_ON_START=false (decision 0096).
 */
async function migrateOnly() {
  const config = readConfig({ serving: false });
  mkdirSync(config.dataDir, { recursive: true });
  const database = openDatabase(config);
  try {
    if (config.migrateOnStart) {
      await runMigrations(database);
      // pg-boss would make its tables at the queue's first start; with the rest, for a new folder.
      if (database.kind === 'pglite') await installJobSchema(database.queueConnection);
    }
    console.log(`Migrations applied (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
  } finally {
    await database.close();
  }
}

async function main() {
  const config = readConfig({ serving: true });
  mkdirSync(config.dataDir, { recursive: true });
  const sessionSecret = resolveSessionSecret(config.dataDir, config.sessionSecret);

  // The app's logger exists only once the app is built; until then a lost connection goes to stderr.
  let reportConnectionLoss = (err: Error) => console.warn(`PostgreSQL connection lost: ${err.message}`);
  if (config.migrateOnStart && needsNewDataDir(config)) await makeNewDataDirApart();
  const database = openDatabase({ ...config, onConnectionLost: (err) => reportConnectionLoss(err) });
  if (config.migrateOnStart) await runMigrations(database);

  // Before the app is built: @fastify/otel instruments the Fastify instances created after it.
  const tracing = await startTracingIfConfigured(config.otlpEndpoint);
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'client');
  const app = await buildApp({
    config: { ...config, sessionSecret },
    db: database.db,
    queueConnection: database.queueConnection,
    clientDir,
    ...(wantsPrettyLog(config.logFormat, process.stdout.isTTY === true) && {
      logStream: await prettyLogStream(),
    }),
  });
  reportConnectionLoss = (err) =>
    app.log.warn(
      { err: { message: err.message, code: (err as { code?: string }).code } },
      'PostgreSQL connection lost; reconnecting on demand',
    );

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database. A
  // request that never finishes (a stalled upload) must not hold the process: past the deadline it
  // exits anyway, and the next start sweeps what the cut-off uploads left in the temp folder.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'Shutting down');
      setTimeout(() => {
        app.log.warn(
          { deadlineMs: config.shutdownTimeoutMs },
          'Shutdown deadline passed with requests still open; exiting anyway',
        );
        process.exit(1);
      }, config.shutdownTimeoutMs);
      // The database closes last: closing the app stops the job queue, which still writes to it.
      app
        .close()
        .then(() => database.close())
        // The spans still buffered go out before the process ends.
        .then(() => tracing?.shutdown())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'Shutdown failed');
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Journal is up at ${config.publicUrl} (listening on ${listenAddress(config.host, config.port)}${config.host === '127.0.0.1' ? ': this machine only, set HOST=0.0.0.0 to open it to the network' : ''}; ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}; Google sign-in ${config.oidc ? 'on' : 'not configured'}; tracing ${tracing ? 'on' : 'off'})`,
  );
}

/** host:port as a person would type it (IPv6 in brackets). */
function listenAddress(host: string, port: number) {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

(process.argv[2] === 'migrate' ? migrateOnly() : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
