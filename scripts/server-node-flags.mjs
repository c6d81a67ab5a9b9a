// The node flags the server runs with, by its database (decision 0912). `npm start` prints them
// into its command line (node $(node scripts/server-node-flags.mjs) dist/server/main.js); the bench
// and `npm run dev:oidc` start the server with the same.
//
// On PGlite (no DATABASE_URL, or memory:) the light install's flags, package.json config.nodeFlags:
// a 2 MB young generation and one V8 worker thread keep the resident set at start under its budget
// (decisions 0505, 0896). On PostgreSQL none: V8's own young generation, as docs/deploy.md runs an
// instance. A Subsonic sync page allocates ~8 MB; in 2 MB semi-spaces its short-lived objects
// survive scavenges and are promoted, and the old generation's collections become the slow pages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** PGlite's flags (package.json config.nodeFlags). */
export function pgliteNodeFlags() {
  const config = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).config;
  return String(config?.nodeFlags ?? '')
    .split(' ')
    .filter(Boolean);
}

/**
 * The flags for a server whose DATABASE_URL is `databaseUrl`. PostgreSQL is told apart as the
 * server's config does (isPostgresUrl, src/server/config-env.ts, on the trimmed value): this runs
 * under plain node before any build, so it cannot import that TypeScript; a test holds the two alike.
 */
export function serverNodeFlags(databaseUrl) {
  const onPostgres = /^postgres(ql)?:\/\//.test((databaseUrl ?? '').trim());
  return onPostgres ? [] : pgliteNodeFlags();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(serverNodeFlags(process.env.DATABASE_URL).join(' '));
}
