import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (initdb in a temp folder, its own port and socket), so a
 * fault test can restart or stop it without touching the machine's shared cluster that other test
 * runs use. Uses the server binaries of the local PostgreSQL installation (Debian's
 * /usr/lib/postgresql/<version>/bin); PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` system user.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** 'fast': a clean shutdown and start; 'immediate': a crash (WAL recovery on start). */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL server binaries found (set PG_BIN_DIR)');
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
  const initdb = spawnSync(
    ...command('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']),
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stdout}\n${initdb.stderr}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  // Asynchronous, so a load running in this process keeps going while the server restarts.
  const pgCtl = async (action: string, mode = 'fast') => {
    await execFileAsync(
      ...command('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(dir, 'server.log'),
        '-o',
        options,
        '-w',
        '-m',
        mode,
        action,
      ]),
      { timeout: 60_000 },
    );
  };
  await pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: (mode = 'fast') => pgCtl('restart', mode),
    stop: () => pgCtl('stop'),
    start: () => pgCtl('start'),
    async destroy() {
      await pgCtl('stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
