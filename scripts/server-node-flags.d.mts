/** PGlite's node flags (package.json config.nodeFlags). */
export function pgliteNodeFlags(): string[];
/** The node flags for a server whose DATABASE_URL is `databaseUrl` (decision 0912). */
export function serverNodeFlags(databaseUrl: string | undefined): string[];
