import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tracks, trackVersions } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { UndecodableAudioError } from '../../media/analyse-audio';
import { ANALYSIS_LEVEL, fullDescription } from '../../media/take-description';
import { hashesOfFingerprint } from './similar-tracks.service';
import {
  describeStoredFile,
  MissingOriginalError,
  removeBlobs,
  type TrackProcessingDeps,
} from './track-analysis';
import { PROCESS_TRACK_QUEUE, type ProcessTrackJob } from './track-processing.service';

// Takes processed before a tap existed (ANALYSIS_LEVEL raised, e.g. issue 47's tempo, key,
// fingerprint and spectrogram) are described again, one track at a time (decision 0867): a chain of
// jobs on the media queue, each describing the next track by id and queueing the one after, so an
// instance of a million old takes is never a million queued jobs and new uploads wait for one
// take at most.

const undescribedTrack = and(eq(tracks.processingState, 'ready'), lt(tracks.analysisLevel, ANALYSIS_LEVEL));
const undescribedVersion = and(
  eq(trackVersions.processingState, 'ready'),
  isNotNull(trackVersions.storageKey),
  lt(trackVersions.analysisLevel, ANALYSIS_LEVEL),
);

/** The next track after `after` (by id) whose take or a kept version still waits, or null. */
async function nextUndescribed(db: Database, after: number): Promise<number | null> {
  const [track] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(gt(tracks.id, after), undescribedTrack))
    .orderBy(tracks.id)
    .limit(1);
  const [version] = await db
    .select({ id: trackVersions.trackId })
    .from(trackVersions)
    .where(and(gt(trackVersions.trackId, after), undescribedVersion))
    .orderBy(trackVersions.trackId)
    .limit(1);
  const ids = [track?.id, version?.id].filter((id): id is number => id !== undefined);
  return ids.length > 0 ? Math.min(...ids) : null;
}

/**
 * Queues the step after `after` when a take still waits. Each step has its own key, so two chains
 * (a restart while one ran) merge at the first step they share.
 */
async function queueStep(db: Database, queue: JobQueue, after: number): Promise<boolean> {
  if ((await nextUndescribed(db, after)) === null) return false;
  return await queue.send(
    PROCESS_TRACK_QUEUE,
    { trackId: 0, describeAfter: after } satisfies ProcessTrackJob,
    `describe-after-${after}`,
  );
}

/** Start-up: begins the sweep when any take waits (nothing is queued otherwise). */
export async function startDescriptionSweep(db: Database, queue: JobQueue): Promise<boolean> {
  return await queueStep(db, queue, 0);
}

/**
 * One step: describes the next waiting track's take and versions, then queues the next step. A file
 * that cannot be read is marked described (with nothing measured) so the sweep never stalls on it;
 * anything else throws and the queue retries the step.
 */
export async function describeNextTrack(deps: TrackProcessingDeps, after: number, signal?: AbortSignal) {
  const trackId = await nextUndescribed(deps.db, after);
  if (trackId === null) return;
  await describeTrack(deps, trackId, signal);
  await describeVersions(deps, trackId, signal);
  await queueStep(deps.db, deps.queue, trackId);
}

/** The queue gave up on a step (retries spent): the sweep goes on past the track it stalled on. */
export async function skipStalledStep(deps: TrackProcessingDeps, after: number) {
  const stalled = await nextUndescribed(deps.db, after);
  if (stalled === null) return;
  deps.log.warn({ trackId: stalled }, 'Could not describe this take again; the sweep goes on without it');
  await queueStep(deps.db, deps.queue, stalled);
}

async function describeTrack(deps: TrackProcessingDeps, trackId: number, signal?: AbortSignal) {
  const [row] = await deps.db
    .select({ filepath: tracks.filepath, peaksKey: tracks.peaksKey })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), undescribedTrack));
  if (!row) return;
  const measured = await measure(deps, row.filepath, row.peaksKey, signal);
  const updated = await deps.db
    .update(tracks)
    .set({
      ...measured.description,
      fingerprintHashes: hashesOfFingerprint(measured.description.fingerprint),
      analysisLevel: ANALYSIS_LEVEL,
    })
    // Still the file that was measured, and its peaks still the ones the picture was named after.
    .where(
      and(
        eq(tracks.id, trackId),
        eq(tracks.filepath, row.filepath),
        row.peaksKey === null ? sql`${tracks.peaksKey} is null` : eq(tracks.peaksKey, row.peaksKey),
        undescribedTrack,
      ),
    )
    .returning({ id: tracks.id });
  if (updated.length === 0) await removeBlobs(deps, measured.made);
}

async function describeVersions(deps: TrackProcessingDeps, trackId: number, signal?: AbortSignal) {
  const rows = await deps.db
    .select({ id: trackVersions.id, storageKey: trackVersions.storageKey, peaksKey: trackVersions.peaksKey })
    .from(trackVersions)
    .where(and(eq(trackVersions.trackId, trackId), undescribedVersion))
    .orderBy(trackVersions.version);
  for (const row of rows) {
    if (!row.storageKey) continue;
    const measured = await measure(deps, row.storageKey, row.peaksKey, signal);
    const updated = await deps.db
      .update(trackVersions)
      .set({ ...measured.description, analysisLevel: ANALYSIS_LEVEL })
      .where(
        and(eq(trackVersions.id, row.id), eq(trackVersions.storageKey, row.storageKey), undescribedVersion),
      )
      .returning({ id: trackVersions.id });
    if (updated.length === 0) await removeBlobs(deps, measured.made);
  }
}

/** The description of one stored file; an unreadable one is described as measuring nothing. */
async function measure(
  deps: TrackProcessingDeps,
  key: string,
  peaksKey: string | null,
  signal?: AbortSignal,
) {
  try {
    return await describeStoredFile(deps, key, peaksKey, signal);
  } catch (err) {
    if (!(err instanceof UndecodableAudioError || err instanceof MissingOriginalError)) throw err;
    deps.log.info({ key, reason: err.message }, 'A take could not be described again');
    return { description: fullDescription({}), made: [] as string[] };
  }
}
