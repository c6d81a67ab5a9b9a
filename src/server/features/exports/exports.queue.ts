import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { exports } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { BlobStore } from '../../storage/blob-store';
import { writeExportArchive } from './export-archive';
import { planExport } from './export-journal';
import { failExport, finishExport, startExportRun } from './exports.service';

/** The queue that builds data exports (decision 0415); one job per export id. */
export const EXPORTS_QUEUE = 'export-user-data';

export interface ExportDeps {
  db: Database;
  store: BlobStore;
  tempDir: string;
  log: FastifyBaseLogger;
}

/**
 * Builds one export: its journal and file list, the zip in a temporary file (streamed, memory
 * flat), then into the store under the key the row already names, so a crash at any point leaves
 * a blob the row's removal will queue. An export gone meanwhile (the account deleted) is skipped,
 * and an archive stored for it after all is removed at once.
 */
export async function runExport(deps: ExportDeps, id: string, signal?: AbortSignal): Promise<void> {
  const { db, store, tempDir } = deps;
  const row = await startExportRun(db, id);
  if (!row) return;
  const key = row.blobKey!;
  const plan = await planExport(db, row.userId);
  const file = path.join(tempDir, `export-${id}.zip`);
  // Made by the first upload otherwise: an export may come first.
  await mkdir(tempDir, { recursive: true });
  try {
    await writeExportArchive(store, plan, file, signal);
    const { size } = await store.putFile(key, file);
    if (!(await finishExport(db, row, size))) await store.delete(key);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Works the export queue on this instance (one export at a time: it is disk and network bound, and
 * runs on instances without media workers too), and queues again exports a restart left waiting.
 */
export async function startExports(queue: JobQueue, deps: ExportDeps, workers = 1): Promise<void> {
  await queue.define<{ exportId: string }>({
    name: EXPORTS_QUEUE,
    workers,
    wakeOnSend: true,
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryDelayMaxSeconds: 300,
    // A 10 GiB account at a slow store's pace, with room to spare.
    expireInSeconds: 6 * 60 * 60,
    handle: async (data, signal) => {
      try {
        await runExport(deps, data.exportId, signal);
      } catch (err) {
        deps.log.warn({ err, exportId: data.exportId }, 'A data export failed; it will be retried');
        throw err;
      }
    },
    onGiveUp: async (data) => {
      deps.log.warn({ exportId: data.exportId }, 'A data export failed for good');
      await failExport(deps.db, data.exportId);
    },
  });
  const waiting = await deps.db
    .select({ id: exports.id })
    .from(exports)
    .where(inArray(exports.state, ['queued', 'running']));
  for (const { id } of waiting) await sendExport(queue, id);
}

export const sendExport = (queue: JobQueue, id: string) => queue.send(EXPORTS_QUEUE, { exportId: id }, id);
