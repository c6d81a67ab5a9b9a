import { and, eq } from 'drizzle-orm';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { tracks } from '../../db/schema';
import { kickBlobDeletions } from '../../jobs/blob-deletions';
import type { JobQueue } from '../../jobs/job-queue';
import { UndecodableAudioError } from '../../media/analyse-audio';
import { carryOpenThreads } from '../track-comments/carry-comments.service';
import { hashesOfFingerprint } from './similar-tracks.service';
import { realignTrackVersions } from './track-alignment.service';
import {
  analyseStoredFile,
  MissingOriginalError,
  processedColumns,
  removeBlobs,
  type TrackProcessingDeps,
} from './track-analysis';
import { reuseTwinMeasures } from './track-measures-reuse';
import { findOwnTrack, processingOf, type TrackRow, withEquipment } from './tracks.service';

export type { TrackProcessingDeps } from './track-analysis';

export const PROCESS_TRACK_QUEUE = 'process-track';
export const GAVE_UP_MESSAGE = 'Processing kept failing on our side. Please try again later.';

/**
 * A job of the process-track queue: the track's current file, or (with `version`) an earlier
 * version's kept original (decision 0606), or a step of the description sweep.
 */
export interface ProcessTrackJob {
  trackId: number;
  version?: number;
  /** A step of the description sweep (decision 0867): the next waiting track after this id. */
  describeAfter?: number;
}

/** Queues processing of a track; a track already queued or being processed is not queued twice. */
export async function enqueueTrackProcessing(queue: JobQueue, trackId: number): Promise<void> {
  await queue.send(PROCESS_TRACK_QUEUE, { trackId } satisfies ProcessTrackJob, `track-${trackId}`);
}

/**
 * After a job on the track's current file was marked complete: a track pending again (a new
 * version, a retry) whose send the queue refused while that job ran is queued now (decision 0921).
 */
export async function requeueIfStillPending(db: Database, queue: JobQueue, trackId: number) {
  const [row] = await db
    .select({ state: tracks.processingState })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .limit(1);
  if (row?.state === 'pending') await enqueueTrackProcessing(queue, trackId);
}

/**
 * After an upload (first file or new version) is stored: queue its processing, but never fail the
 * answer over it. Should the enqueue fail, the track stays `pending` and the next start-up queues it
 * (decision 0039).
 */
export async function enqueueAfterUpload(
  queue: JobQueue,
  trackId: number,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  await enqueueTrackProcessing(queue, trackId).catch((err: unknown) =>
    log.warn({ err, trackId }, 'Could not queue the track for processing'),
  );
}

/**
 * Start-up: every track still `pending` gets a job (those already queued or running are skipped by
 * the queue), so tracks from before the upgrade, or whose enqueue failed, are never left waiting.
 */
export async function enqueuePendingTracks(db: Database, queue: JobQueue): Promise<number> {
  const pending = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.processingState, 'pending'))
    .orderBy(tracks.id);
  for (const { id } of pending) await enqueueTrackProcessing(queue, id);
  return pending.length;
}

/**
 * The process-track job (decision 0042): copies the original out of the store, runs ffmpeg once for
 * the rendition (when browsers need one), the waveform peaks and the loudness, stores what it made
 * beside the original and marks the track `ready`. A file ffmpeg cannot decode marks it `failed` at
 * once; anything else (store, database, a killed ffmpeg) throws, and the queue retries with backoff.
 */
export async function processTrack(deps: TrackProcessingDeps, trackId: number, signal?: AbortSignal) {
  const { db } = deps;
  const [row] = await db.select().from(tracks).where(eq(tracks.id, trackId)).limit(1);
  // A retry after the file was processed: finish what that run may not have (decision 0670).
  if (row?.processingState === 'ready') return void (await carryOpenThreads(db, trackId));
  if (row?.processingState !== 'pending') return;

  deps.log.info({ trackId }, 'Processing track');
  let made: string[] = [];
  try {
    const reused = await reuseTwinMeasures(deps, row);
    const measured = reused ?? (await measureTrackFile(deps, row, signal));
    const { columns } = measured;
    made = measured.made;
    const outcome = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(tracks).where(eq(tracks.id, trackId)).for('update');
      // Deleted (or handled by another run) meanwhile: what this run made belongs to nobody.
      if (current?.processingState !== 'pending') return 'lost';
      // A new version replaced the file this run measured (decision 0222): its results are stale.
      if (current.filepath !== row.filepath) return 'superseded';
      // The track row alone holds the hashes its fingerprint is found by (decision 0832).
      const fingerprintHashes = hashesOfFingerprint(columns.fingerprint);
      await tx
        .update(tracks)
        .set({ ...columns, fingerprintHashes })
        .where(eq(tracks.id, trackId));
      return current.renditionKey !== null || current.peaksKey !== null ? 'displaced' : 'stored';
    });
    // Displaced rendition and peaks were queued for removal by the update itself (decision 0095);
    // a run that lost its track removes what it made, which no row ever named.
    if (outcome === 'displaced') await kickBlobDeletions(deps.queue, deps.log);
    if (outcome === 'lost' || outcome === 'superseded') await removeBlobs(deps, made);
    made = [];
    // The queue skipped the new version's job while this one ran (one job per track): run it here.
    if (outcome === 'superseded') return await processTrack(deps, trackId, signal);
    // The earlier versions now line up against the new current (decision 0607): stored envelopes only.
    await realignTrackVersions(db, trackId).catch((err: unknown) =>
      deps.log.warn({ err, trackId }, 'Could not line the earlier versions up with the new one'),
    );
    // Open threads of the version before follow the take (issue 44); a failure here is retried.
    await carryOpenThreads(db, trackId);
    // twinId: measured as that byte-identical track was, without ffmpeg (decision 0918).
    deps.log.info(
      { trackId, rendition: columns.renditionKey !== null, twinId: reused?.twinId },
      'Track processed',
    );
  } catch (err) {
    await removeBlobs(deps, made);
    if (err instanceof UndecodableAudioError || err instanceof MissingOriginalError) {
      deps.log.info({ trackId, reason: err.message }, 'Track could not be processed');
      return await failUnlessReplaced(deps, row, err.message, signal);
    }
    throw err;
  }
}

/** The track's file through ffmpeg: its columns, and the blobs stored for them. */
async function measureTrackFile(deps: TrackProcessingDeps, row: TrackRow, signal?: AbortSignal) {
  const result = await analyseStoredFile(deps, row.filepath, { knownDuration: row.duration }, signal);
  return { columns: processedColumns(result), made: result.made };
}

/** The queue gave up (retries spent, or its worker kept dying): say so on the track. */
export async function giveUpOnTrack(db: Database, trackId: number) {
  await markFailed(db, trackId, GAVE_UP_MESSAGE);
}

/**
 * The file this run read cannot be processed. A new version may have replaced it meanwhile (decision
 * 0222): then the track is not marked, and the new file, whose job the queue skipped, is run now.
 */
async function failUnlessReplaced(
  deps: TrackProcessingDeps,
  row: { id: number; filepath: string },
  reason: string,
  signal?: AbortSignal,
) {
  if (await markFailed(deps.db, row.id, reason, row.filepath)) return;
  await processTrack(deps, row.id, signal);
}

/** `filepath`: only while the track still holds that file. True when the track was marked. */
async function markFailed(db: Database, trackId: number, reason: string, filepath?: string) {
  const marked = await db
    .update(tracks)
    .set({ processingState: 'failed', processingError: reason })
    .where(
      and(
        eq(tracks.id, trackId),
        eq(tracks.processingState, 'pending'),
        filepath === undefined ? undefined : eq(tracks.filepath, filepath),
      ),
    )
    .returning({ id: tracks.id });
  return marked.length > 0;
}

/**
 * POST /api/tracks/{id}/process: a failed track goes back to `pending` and is queued again. Only the
 * owner may (404 for anyone else); a track that has not failed answers 409.
 */
export async function retryTrackProcessing(db: Database, queue: JobQueue, trackId: number, viewerId: string) {
  const row = await findOwnTrack(db, trackId, viewerId);
  const [updated] = await db
    .update(tracks)
    .set({ processingState: 'pending', processingError: null })
    .where(and(eq(tracks.id, row.id), eq(tracks.processingState, 'failed')))
    .returning();
  if (!updated) throw new ProcessingConflict(processingOf(row));
  await enqueueTrackProcessing(queue, updated.id);
  const [track] = await withEquipment(db, [updated]);
  return track!;
}

/** 409 with the track's processing state, as the stream and waveform routes answer it too. */
export class ProcessingConflict extends Error {
  constructor(readonly processing: Track['processing']) {
    super(
      processing.state === 'pending'
        ? 'The track is still being processed'
        : processing.state === 'failed'
          ? `The track could not be processed: ${processing.error}`
          : 'The track is already processed',
    );
  }
}
