import { inArray } from 'drizzle-orm';
import { imports } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { IMPORT_GAVE_UP_MESSAGE, type ImportDeps, runImport, undoImport } from './import-job';
import { dropStaleClaims, endImport, startImportRun } from './imports.service';

/** The queue that recreates imported exports (decision 0425); one job per import id. */
export const IMPORTS_QUEUE = 'import-user-data';

/**
 * Works the import queue on this instance (one import at a time: it is disk, store and ffmpeg
 * bound), and queues again imports a restart left waiting (claims whose archive never arrived go).
 */
export async function startImports(queue: JobQueue, deps: ImportDeps, workers = 1): Promise<void> {
  await queue.define<{ importId: string }>({
    name: IMPORTS_QUEUE,
    workers,
    wakeOnSend: true,
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryDelayMaxSeconds: 300,
    // Paced by the API's per-minute upload limit (decision 0525): a back catalogue of thousands of
    // files takes hours, and an expired run would be undone and started over.
    expireInSeconds: 24 * 60 * 60,
    handle: async (data) => {
      try {
        await runImport(deps, data.importId);
      } catch (err) {
        deps.log.warn({ err, importId: data.importId }, 'An import failed; it will be retried');
        throw err;
      }
    },
    onGiveUp: async (data) => {
      deps.log.warn({ importId: data.importId }, 'An import failed for good');
      const row = await startImportRun(deps.db, data.importId);
      if (row) await undoImport(deps, row);
      await endImport(deps.db, data.importId, IMPORT_GAVE_UP_MESSAGE);
      await deps.kickBlobDeletions();
    },
  });
  await dropStaleClaims(deps.db);
  const waiting = await deps.db
    .select({ id: imports.id })
    .from(imports)
    .where(inArray(imports.state, ['queued', 'running']));
  for (const { id } of waiting) await sendImport(queue, id);
}

export const sendImport = (queue: JobQueue, id: string) => queue.send(IMPORTS_QUEUE, { importId: id }, id);
