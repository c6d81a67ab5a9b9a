import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { blobDeletions } from '../db/schema';
import { imageKeysOf } from '../media/image-variants';
import { spectrogramKeysOf } from '../media/spectrogram';
import { tileKeysOf } from '../media/waveform-tile';
import type { BlobStore } from '../storage/blob-store';
import { isStorageUnavailable } from '../storage/storage-errors';
import type { JobQueue } from './job-queue';
import { schedulePeriodicTask } from './periodic-task';

/** The queue that drains blob_deletions (decision 0095); one job key, so one drain at a time. */
export const BLOB_DELETIONS_QUEUE = 'delete-blobs';
const DRAIN_KEY = 'drain';
/** Rows read, and files removed at once, per step of a drain. */
const BATCH = 100;

export interface BlobDeletionDeps {
  db: Database;
  store: BlobStore;
  log: FastifyBaseLogger;
}

/**
 * The files behind one outbox reference: the variants of an image key base (decision 0116), or the
 * storage key itself, with a peaks file's waveform tiles (decision 0790) and spectrogram (0842). Anything that looks like
 * a URL or a path (none should be queued; migration 0007 turned queued image URLs into key bases)
 * names no file.
 */
export function blobKeysOf(ref: string): string[] {
  const image = imageKeysOf(ref);
  if (image.length > 0) return image;
  return /^([a-z]+:\/\/|\/)/i.test(ref) ? [] : [ref, ...tileKeysOf(ref), ...spectrogramKeysOf(ref)];
}

/**
 * Removes every queued blob, then its row (a missing file is fine: a crash after the removal and
 * before the row's deletion repeats it). Rows queued while it runs are drained too. A file the store
 * fails to remove keeps its row (with the error) and the drain throws, so the job is retried with
 * backoff; each row is tried once per drain, so a failing store is not hammered.
 */
export async function drainBlobDeletions(deps: BlobDeletionDeps, signal?: AbortSignal): Promise<number> {
  const { db, store, log } = deps;
  let after = 0;
  let removed = 0;
  let failed = 0;
  while (!signal?.aborted) {
    const rows = await db
      .select({ id: blobDeletions.id, ref: blobDeletions.ref })
      .from(blobDeletions)
      .where(gt(blobDeletions.id, after))
      .orderBy(asc(blobDeletions.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const results = await Promise.allSettled(
      rows.map((row) => Promise.all(blobKeysOf(row.ref).map((key) => store.delete(key)))),
    );
    const done: number[] = [];
    for (const [i, result] of results.entries()) {
      const row = rows[i]!;
      if (result.status === 'fulfilled') {
        done.push(row.id);
        continue;
      }
      failed += 1;
      const message = String((result.reason as Error)?.message ?? result.reason).slice(0, 500);
      // An unreachable store fails every row of every drain until it is back: the store's watch logs
      // that once (decision 0257). Any other failure is this row's, and worth a line.
      if (!isStorageUnavailable(result.reason)) {
        log.warn({ err: result.reason, ref: row.ref }, 'Could not remove a blob; will retry');
      }
      await db
        .update(blobDeletions)
        .set({ attempts: sql`${blobDeletions.attempts} + 1`, lastError: message })
        .where(eq(blobDeletions.id, row.id));
    }
    if (done.length > 0) await db.delete(blobDeletions).where(inArray(blobDeletions.id, done));
    removed += done.length;
  }
  if (failed > 0) throw new Error(`${failed} blob(s) could not be removed yet`);
  return removed;
}

/** Asks for a drain (at most one waits while one runs, whoever asks); never throws. */
export async function kickBlobDeletions(queue: JobQueue, log?: FastifyBaseLogger): Promise<void> {
  await queue
    .send(BLOB_DELETIONS_QUEUE, {}, DRAIN_KEY)
    .catch((err: unknown) => log?.warn({ err }, 'Could not queue a blob drain; the periodic one will do it'));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks for a drain of the blob-deletions outbox, after a commit that queued rows in it. */
    kickBlobDeletions(): Promise<void>;
  }
}

/**
 * Drains the outbox on start-up (rows a crash left), after each change that queued rows
 * (app.kickBlobDeletions), and once every intervalMs across instances (rows whose drain gave up on a
 * failing store); 0: no periodic drain.
 */
export async function startBlobRemoval(
  app: FastifyInstance,
  options: { queue: JobQueue; deps: BlobDeletionDeps; intervalMs: number },
) {
  const { queue, deps } = options;
  app.decorate('kickBlobDeletions', () => kickBlobDeletions(queue, app.log));
  await startBlobDeletions(queue, deps);
  schedulePeriodicTask(app, deps.db, {
    name: 'drain-blob-deletions',
    intervalMs: options.intervalMs,
    run: () => kickBlobDeletions(queue, app.log),
    failure: 'Queueing the periodic blob drain failed',
  });
}

/** Works the drain queue on this instance and kicks it once, for rows a crash left behind. */
export async function startBlobDeletions(queue: JobQueue, deps: BlobDeletionDeps): Promise<void> {
  await queue.define({
    name: BLOB_DELETIONS_QUEUE,
    workers: 1,
    policy: 'stately',
    wakeOnSend: true,
    retryLimit: 10,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 300,
    expireInSeconds: 15 * 60,
    handle: async (_data, signal) => {
      const removed = await drainBlobDeletions(deps, signal);
      if (removed > 0) deps.log.info({ removed }, 'Removed blobs no row refers to');
    },
    onGiveUp: async () => {
      deps.log.warn('Blob removals keep failing; the periodic drain will try again');
    },
  });
  await kickBlobDeletions(queue, deps.log);
}
