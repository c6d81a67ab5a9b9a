import { type AnyColumn, and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { displayName } from '../../../shared/format';
import type { AdminJobs, AdminOverview, SignupMode } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { exports, storageTotals, tracks, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { JOB_SCHEMA } from '../../jobs/job-queue';
import { HttpError, notFound } from '../../plugins/errors';
import { enqueueTrackProcessing } from '../tracks/track-processing.service';

type Rows<T> = { rows: T[] };

/** The newest failed tracks the console lists (their owners see theirs in the journal). */
const FAILED_SHOWN = 50;

/**
 * Jobs per queue and state, read from pg-boss's own table (decision 0445): the queue keeps finished
 * jobs for a while, so completed and failed counts are the recent ones, not all time.
 */
export async function jobCounts(db: Database): Promise<AdminJobs['counts']> {
  const result = (await db.execute(
    sql`select name as queue, state::text as state, count(*)::int as count
        from ${sql.identifier(JOB_SCHEMA)}.job group by name, state order by name, state`,
  )) as unknown as Rows<{ queue: string; state: string; count: number | string }>;
  return result.rows.map((row) => ({ queue: row.queue, state: row.state, count: Number(row.count) }));
}

/**
 * Tracks whose processing failed for good, with the reason their owner sees (a job's own error is
 * about one attempt; the track's says what the person can do).
 */
export async function failedTracks(db: Database): Promise<AdminJobs['failedTracks']> {
  const rows = await db
    .select({
      trackId: tracks.id,
      name: tracks.name,
      error: tracks.processingError,
      updatedAt: tracks.updatedAt,
      owner: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName },
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(eq(tracks.processingState, 'failed'))
    .orderBy(desc(tracks.updatedAt), desc(tracks.id))
    .limit(FAILED_SHOWN);
  return rows.map((row) => ({
    trackId: row.trackId,
    name: row.name,
    ownerId: row.owner.id,
    ownerName: displayName(row.owner),
    error: row.error,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Retry: a failed track goes back to `pending` and its processing job is queued again, as its owner's
 * own "Try again" does (POST /api/tracks/{id}/process). 404 for no track, 409 unless it failed.
 */
export async function retryFailedTrack(db: Database, queue: JobQueue, trackId: number): Promise<void> {
  const [updated] = await db
    .update(tracks)
    .set({ processingState: 'pending', processingError: null })
    .where(and(eq(tracks.id, trackId), eq(tracks.processingState, 'failed')))
    .returning({ id: tracks.id });
  if (!updated) {
    const [exists] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId));
    if (!exists) throw notFound('Track not found');
    throw new HttpError(409, 'Only a track whose processing failed can be retried');
  }
  await enqueueTrackProcessing(queue, updated.id);
}

/**
 * What the database knows of the instance's storage: sizes of originals, cached transcodes and
 * exports; renditions and images are counted (their sizes are not recorded). The big tables' totals
 * are kept in storage_totals (migration 0051, issue 48); people, avatars and exports are few.
 */
export async function instanceOverview(
  db: Database,
  demo: { enabled: boolean; ttlHours: number },
  signup: SignupMode,
): Promise<AdminOverview> {
  const total = (column: AnyColumn) => sql<string | number>`coalesce(sum(${column}), 0)`;
  const [[kept], [exportRows], [avatars], [people], [suspended], [demos]] = await Promise.all([
    db
      .select({
        trackBytes: total(storageTotals.trackBytes),
        tracks: total(storageTotals.tracks),
        renditions: total(storageTotals.renditions),
        versionBytes: total(storageTotals.versionBytes),
        versions: total(storageTotals.versions),
        transcodeBytes: total(storageTotals.transcodeBytes),
        playlistCovers: total(storageTotals.playlistCovers),
      })
      .from(storageTotals),
    db.select({ bytes: total(exports.size) }).from(exports),
    db.select({ n: count() }).from(users).where(isNotNull(users.avatarKey)),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(isNotNull(users.suspendedAt)),
    db.select({ n: count() }).from(users).where(eq(users.isDemo, true)),
  ]);
  return {
    storage: {
      // Earlier versions' kept originals are originals too (decision 0430).
      originalsBytes: Number(kept?.trackBytes ?? 0) + Number(kept?.versionBytes ?? 0),
      originalsCount: Number(kept?.tracks ?? 0) + Number(kept?.versions ?? 0),
      renditionsCount: Number(kept?.renditions ?? 0),
      transcodeCacheBytes: Number(kept?.transcodeBytes ?? 0),
      exportsBytes: Number(exportRows?.bytes ?? 0),
      avatarsCount: Number(avatars?.n ?? 0),
      playlistCoversCount: Number(kept?.playlistCovers ?? 0),
    },
    people: { total: Number(people?.n ?? 0), suspended: Number(suspended?.n ?? 0) },
    demo: { enabled: demo.enabled, live: Number(demos?.n ?? 0), ttlHours: demo.ttlHours },
    signup,
  };
}
