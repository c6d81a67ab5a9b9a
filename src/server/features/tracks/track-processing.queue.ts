import type { JobQueue } from '../../jobs/job-queue';
import { describeNextTrack, skipStalledStep, startDescriptionSweep } from './track-description-sweep.service';
import {
  enqueuePendingTracks,
  giveUpOnTrack,
  PROCESS_TRACK_QUEUE,
  type ProcessTrackJob,
  processTrack,
  requeueIfStillPending,
  type TrackProcessingDeps,
} from './track-processing.service';
import {
  enqueuePendingVersions,
  giveUpOnVersion,
  processTrackVersion,
} from './track-version-processing.service';

/**
 * Retries of a transient failure (store, database, a killed ffmpeg): 10 s, 20 s, 40 s… with jitter,
 * at most 10 minutes apart, six tries in all, then the track is `failed` (decision 0039).
 */
const RETRIES = { retryLimit: 5, retryDelaySeconds: 10, retryDelayMaxSeconds: 600 };
/** Far beyond any real run (a 1-hour file takes about a minute): only a hung ffmpeg reaches it. */
const MAX_RUN_SECONDS = 4 * 60 * 60;

/**
 * Declares the process-track queue, works it with `workers` jobs at once (0: this instance only
 * enqueues) and queues every track and earlier version still waiting, e.g. tracks uploaded before
 * the upgrade, versions migration 0035 marked. That
 * sweep runs in the background (after an upgrade it may queue thousands): `queued` settles when it
 * is done, and the app waits for it before closing the queue.
 */
export async function startTrackProcessing(
  queue: JobQueue,
  deps: TrackProcessingDeps,
  options: { workers: number; retryDelaySeconds?: number; retryLimit?: number },
): Promise<{ queued: Promise<void> }> {
  await queue.define<ProcessTrackJob>({
    name: PROCESS_TRACK_QUEUE,
    workers: options.workers,
    ...RETRIES,
    retryDelaySeconds: options.retryDelaySeconds ?? RETRIES.retryDelaySeconds,
    retryLimit: options.retryLimit ?? RETRIES.retryLimit,
    expireInSeconds: MAX_RUN_SECONDS,
    // An upload's processing starts at once, not at the next poll (issue 30, decision 0470).
    wakeOnSend: true,
    // One queue for both kinds of job (decision 0606): MEDIA_WORKERS bounds every ffmpeg at once.
    handle: (job, signal) =>
      job.describeAfter !== undefined
        ? describeNextTrack(deps, job.describeAfter, signal)
        : job.version === undefined
          ? processTrack(deps, job.trackId, signal)
          : processTrackVersion(deps, job.trackId, job.version, signal),
    // Only the current file is set pending again under a running job (a new version, a retry): a
    // version's file and a sweep's step are queued once each.
    afterComplete: async (job) => {
      if (job.describeAfter === undefined && job.version === undefined) {
        await requeueIfStillPending(deps.db, queue, job.trackId);
      }
    },
    onGiveUp: (job) =>
      job.describeAfter !== undefined
        ? skipStalledStep(deps, job.describeAfter)
        : job.version === undefined
          ? giveUpOnTrack(deps.db, job.trackId)
          : giveUpOnVersion(deps.db, job.trackId, job.version),
  });
  const queued = (async () => {
    const pending = await enqueuePendingTracks(deps.db, queue);
    const versions = await enqueuePendingVersions(deps.db, queue);
    // After what waits for processing: takes measured before the current analysis (decision 0867).
    const describing = await startDescriptionSweep(deps.db, queue);
    return { pending, versions, describing };
  })().then(
    ({ pending, versions, describing }) => {
      if (pending > 0 || versions > 0) {
        deps.log.info({ pending, versions }, 'Tracks and versions waiting for processing were queued');
      }
      if (describing) deps.log.info('Takes measured before the current analysis will be described again');
    },
    (err: unknown) => deps.log.warn({ err }, 'Could not queue the tracks waiting for processing'),
  );
  return { queued };
}
