import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { tracks, trackVersions } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { UndecodableAudioError } from '../../media/analyse-audio';
import { alignSeconds } from '../../media/onsets';
import { carryOpenThreads } from '../track-comments/carry-comments.service';
import { realignTrackVersions } from './track-alignment.service';
import {
  analyseStoredFile,
  MissingOriginalError,
  measureStoredFile,
  processedColumns,
  removeBlobs,
  type TrackProcessingDeps,
} from './track-analysis';
import { GAVE_UP_MESSAGE, PROCESS_TRACK_QUEUE, type ProcessTrackJob } from './track-processing.service';

// An earlier version is a take like the current one (issue 43, decision 0606): its kept original is
// processed by the process-track queue, a job of its own per version, as the track's file is.

/** Queues processing of an earlier version's kept original; never twice at once (its own key). */
export async function enqueueVersionProcessing(queue: JobQueue, trackId: number, version: number) {
  const job: ProcessTrackJob = { trackId, version };
  await queue.send(PROCESS_TRACK_QUEUE, job, `track-${trackId}-v${version}`);
}

/** After a new version replaced a file not yet processed: queue it, never failing the answer over it. */
export async function enqueueVersionAfterUpload(
  queue: JobQueue,
  trackId: number,
  version: number,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  await enqueueVersionProcessing(queue, trackId, version).catch((err: unknown) =>
    log.warn({ err, trackId, version }, 'Could not queue the version for processing'),
  );
}

/** A version row the queue still has to work on: pending, or processed before onsets were measured. */
const needsProcessing = and(
  isNotNull(trackVersions.storageKey),
  or(
    eq(trackVersions.processingState, 'pending'),
    and(eq(trackVersions.processingState, 'ready'), isNull(trackVersions.onsets)),
  ),
);

/**
 * Queues every version that waits (of one track, or of all): at start-up, as for pending tracks (the
 * versions migration 0035 marked, an enqueue that failed), and after an import wrote its versions.
 */
export async function enqueuePendingVersions(db: Database, queue: JobQueue, trackId?: number) {
  const pending = await db
    .select({ trackId: trackVersions.trackId, version: trackVersions.version })
    .from(trackVersions)
    .where(and(needsProcessing, trackId === undefined ? undefined : eq(trackVersions.trackId, trackId)))
    .orderBy(trackVersions.trackId, trackVersions.version);
  for (const v of pending) await enqueueVersionProcessing(queue, v.trackId, v.version);
  return pending.length;
}

/**
 * The job of one earlier version: copies its kept original out of the store, analyses it (a
 * rendition only when browsers cannot play the original), stores peaks and rendition beside it,
 * marks the row `ready` and lines it up against the track's current file. An undecodable or missing
 * file marks the row `failed`; the track is never touched but for its onsets, which a track
 * processed before they were measured gets here (so there is something to line up against).
 */
export async function processTrackVersion(
  deps: TrackProcessingDeps,
  trackId: number,
  version: number,
  signal?: AbortSignal,
) {
  const row = await findVersion(deps.db, trackId, version);
  if (row?.storageKey && (row.processingState === 'pending' || row.onsets === null)) {
    await processVersionFile(deps, { ...row, storageKey: row.storageKey }, signal);
  }
  await measureCurrentOnsets(deps, trackId, signal);
  // The track's job left the threads of a version still to be measured to this one (decision 0866).
  await carryOpenThreads(deps.db, trackId);
}

type VersionRow = typeof trackVersions.$inferSelect & { storageKey: string };

async function processVersionFile(deps: TrackProcessingDeps, row: VersionRow, signal?: AbortSignal) {
  const { db } = deps;
  const where = { trackId: row.trackId, version: row.version };
  deps.log.info(where, 'Processing an earlier version');
  let made: string[] = [];
  try {
    // A row processed before onsets were measured keeps its rendition and peaks: only measured.
    if (row.processingState === 'ready') {
      const analysis = await measureStoredFile(deps, row.storageKey, signal);
      await db.transaction(async (tx) => {
        const track = await lockTrack(tx, row.trackId);
        await tx
          .update(trackVersions)
          .set({
            onsets: analysis.onsets,
            audioStartSeconds: analysis.audioStartSeconds,
            alignSeconds: track ? alignSeconds(analysis, track) : null,
          })
          .where(and(eq(trackVersions.id, row.id), eq(trackVersions.storageKey, row.storageKey)));
      });
      return;
    }
    const result = await analyseStoredFile(deps, row.storageKey, { knownDuration: row.duration }, signal);
    made = result.made;
    const { analysis } = result;
    const kept = await db.transaction(async (tx) => {
      const track = await lockTrack(tx, row.trackId);
      const updated = await tx
        .update(trackVersions)
        .set({
          ...processedColumns(result),
          // Against the current file's stored onsets; when they come later, its job aligns this.
          alignSeconds: track ? alignSeconds(analysis, track) : null,
        })
        // Its owner removed the file (or the row went) meanwhile: what this run made is nobody's.
        .where(pendingWithFile(row))
        .returning({ id: trackVersions.id });
      return updated.length > 0;
    });
    if (!kept) await removeBlobs(deps, made);
    made = [];
    deps.log.info({ ...where, kept }, 'Earlier version processed');
  } catch (err) {
    await removeBlobs(deps, made);
    if (err instanceof UndecodableAudioError || err instanceof MissingOriginalError) {
      deps.log.info({ ...where, reason: err.message }, 'An earlier version could not be processed');
      await markVersionFailed(db, row, err.message);
      return;
    }
    throw err;
  }
}

/**
 * A track processed before onsets were measured (it is `ready` without them): measure its current
 * file now, store them while it still holds that file, and line every version up against it.
 */
async function measureCurrentOnsets(deps: TrackProcessingDeps, trackId: number, signal?: AbortSignal) {
  const [track] = await deps.db.select().from(tracks).where(eq(tracks.id, trackId));
  if (track?.processingState !== 'ready' || track.onsets !== null) return;
  let analysis: Awaited<ReturnType<typeof measureStoredFile>>;
  try {
    analysis = await measureStoredFile(deps, track.filepath, signal);
  } catch (err) {
    // The track's own job owns its failures; without onsets the versions fall back to null.
    if (err instanceof UndecodableAudioError || err instanceof MissingOriginalError) return;
    throw err;
  }
  await deps.db
    .update(tracks)
    .set({ onsets: analysis.onsets, audioStartSeconds: analysis.audioStartSeconds })
    .where(and(eq(tracks.id, trackId), eq(tracks.filepath, track.filepath), isNull(tracks.onsets)));
  await realignTrackVersions(deps.db, trackId);
}

/** The queue gave up on a version (retries spent): say so on its row, the track is untouched. */
export async function giveUpOnVersion(db: Database, trackId: number, version: number) {
  const row = await findVersion(db, trackId, version);
  if (row?.storageKey) await markVersionFailed(db, { ...row, storageKey: row.storageKey }, GAVE_UP_MESSAGE);
  // Never measured: its open threads go to the current version unmoved rather than not at all.
  await carryOpenThreads(db, trackId);
}

async function markVersionFailed(db: Database, row: VersionRow, reason: string) {
  await db
    .update(trackVersions)
    .set({ processingState: 'failed', processingError: reason })
    .where(pendingWithFile(row));
}

/** Still pending with the very file this run read. */
const pendingWithFile = (row: VersionRow) =>
  and(
    eq(trackVersions.id, row.id),
    eq(trackVersions.processingState, 'pending'),
    eq(trackVersions.storageKey, row.storageKey),
  );

async function findVersion(db: Database, trackId: number, version: number) {
  const [row] = await db
    .select()
    .from(trackVersions)
    .where(and(eq(trackVersions.trackId, trackId), eq(trackVersions.version, version)));
  return row;
}

/**
 * The track's current onsets, its row locked so that a new version (which replaces them, and locks
 * the row too) lands either before this alignment or after it, never in between (decision 0607).
 */
async function lockTrack(tx: Transaction, trackId: number) {
  const [track] = await tx
    .select({ onsets: tracks.onsets, audioStartSeconds: tracks.audioStartSeconds })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .for('update');
  return track;
}
