import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Temp files an upload of this process is writing or still using: never swept. */
const held = new Set<string>();

/** Marks a temp file as in use until the returned release is called. */
export function holdTempFile(file: string): () => void {
  const full = path.resolve(file);
  held.add(full);
  return () => held.delete(full);
}

/**
 * Removes what uploads left in the temp folder (a killed process leaves its half-written files
 * behind): entries last modified more than olderThanMs ago and not held by an upload in progress.
 * Returns how many were removed. A missing folder has nothing to sweep.
 */
export async function sweepTempDir(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const full = path.resolve(dir, name);
    if (held.has(full)) continue;
    const info = await stat(full).catch(() => undefined);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(full, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
