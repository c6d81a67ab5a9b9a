import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseOptions } from './client';

/**
 * Whether the next start makes a new PGlite data folder: PGlite, and no cluster in DATA_DIR yet.
 */
export function needsNewDataDir(options: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir'>): boolean {
  return (
    !options.databaseUrl && !existsSync(path.join(path.resolve(options.dataDir, 'pglite'), 'PG_VERSION'))
  );
}

/**
 * A first start on a new PGlite data folder makes the cluster (initdb), applies every migration and
 * installs the job queue's tables. That peaks near 800 MB, and a process does not give all of it
 * back (WebAssembly memory and the C heap behind it stay mapped): the serving instance stayed
 * ~90 MB larger for as long as it ran. So the folder is made by this same program's `migrate`
 * command in a child process, whose memory goes with it, and the serving instance starts as on
 * any later day (decision 0495).
 */
export async function makeNewDataDirApart(): Promise<void> {
  const entry = process.argv[1];
  if (!entry) throw new Error('Cannot tell which program to run to make the data folder');
  const child = fork(entry, ['migrate'], { execArgv: process.execArgv, stdio: 'inherit' });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`Making the new data folder failed (${signal ?? `exit code ${code}`})`);
}
