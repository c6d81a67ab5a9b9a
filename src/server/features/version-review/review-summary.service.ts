import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TrackReviewSummary, VerdictStatus } from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import {
  playlistCollectiveShares,
  playlistTracks,
  trackOpenThreads,
  tracks,
  trackVersionStatuses,
} from '../../db/schema';
import { requireMembership } from '../collectives/collectives.service';

/**
 * The rows' review summaries (decision 0653): apart from the track list, so the journal's cached
 * list (decision 0084) needs no new revision triggers for comments and statuses. Two grouped
 * queries whatever the number of rows: the current versions' status rows, the open threads' counts
 * (kept per version and collective in track_open_threads, read by owner or by collective: issue 48).
 * Only tracks with a status set or an open thread are listed; the others are In progress, 0 open.
 */
async function summaries(
  db: Database,
  scope: { tracks: SQL; openThreads: SQL },
  collectiveId: number | null,
): Promise<TrackReviewSummary[]> {
  const statusRows = await (collectiveId === null
    ? db
        .select({
          trackId: tracks.id,
          version: tracks.version,
          collectiveId: trackVersionStatuses.collectiveId,
          status: trackVersionStatuses.status,
        })
        .from(trackVersionStatuses)
        .innerJoin(
          tracks,
          and(eq(tracks.id, trackVersionStatuses.trackId), eq(tracks.version, trackVersionStatuses.version)),
        )
        .where(scope.tracks)
    : collectiveStatuses(db, scope.tracks, collectiveId));
  const openRows = await db
    .select({
      trackId: tracks.id,
      version: tracks.version,
      open: sql<number>`sum(${trackOpenThreads.open})::int`,
    })
    .from(trackOpenThreads)
    .innerJoin(
      tracks,
      and(eq(tracks.id, trackOpenThreads.trackId), eq(tracks.version, trackOpenThreads.trackVersion)),
    )
    .where(and(scope.openThreads, gt(trackOpenThreads.open, 0)))
    .groupBy(tracks.id, tracks.version);
  const byTrack = new Map<number, TrackReviewSummary>();
  const summary = (trackId: number, version: number) => {
    let s = byTrack.get(trackId);
    if (!s) {
      s = { trackId, version, status: 'in_progress', verdicts: [], openThreads: 0 };
      byTrack.set(trackId, s);
    }
    return s;
  };
  for (const r of statusRows) {
    const s = summary(r.trackId, r.version);
    if (r.collectiveId === null) s.status = r.status;
    else s.verdicts.push({ collectiveId: r.collectiveId, status: r.status as VerdictStatus });
  }
  for (const r of openRows) summary(r.trackId, r.version).openThreads = Number(r.open);
  return [...byTrack.values()].sort((a, b) => a.trackId - b.trackId);
}

/**
 * In a collective, the owner's word and that collective's verdict on each track shared there, looked
 * up track by track (a lateral join on track_version_statuses_track_idx): as a join from the
 * statuses, `collective_id is null or collective_id = $2` made the planner read the owner's word on
 * every track of the instance through its partial index (issue 48).
 */
function collectiveStatuses(db: Database, sharedHere: SQL, collectiveId: number) {
  const status = db
    .select({ collectiveId: trackVersionStatuses.collectiveId, status: trackVersionStatuses.status })
    .from(trackVersionStatuses)
    .where(
      and(
        eq(trackVersionStatuses.trackId, tracks.id),
        eq(trackVersionStatuses.version, tracks.version),
        or(isNull(trackVersionStatuses.collectiveId), eq(trackVersionStatuses.collectiveId, collectiveId)),
      ),
    )
    // At most two rows (the unique indexes: one word, one verdict of this collective); the limit also
    // keeps PostgreSQL from pulling the subquery up into a join it would drive from the statuses.
    .limit(2)
    .as('status');
  return db
    .select({
      trackId: tracks.id,
      version: tracks.version,
      collectiveId: status.collectiveId,
      status: status.status,
    })
    .from(tracks)
    .innerJoinLateral(status, sql`true`)
    .where(sharedHere);
}

/** GET /api/tracks/review: the caller's own tracks (the journal's rows). */
export async function journalReviewSummaries(db: Database, userId: string): Promise<TrackReviewSummary[]> {
  return summaries(
    db,
    { tracks: eq(tracks.userId, userId), openThreads: eq(trackOpenThreads.ownerId, userId) },
    null,
  );
}

/** GET /api/collectives/{id}/review: the tracks shared into the collective (members only, 404 else). */
export async function collectiveReviewSummaries(
  db: Database,
  collectiveId: number,
  userId: string,
): Promise<TrackReviewSummary[]> {
  await requireMembership(db, collectiveId, userId);
  // The tracks shared here, found from the collective's shares down (a few hundred), so the owner's
  // word on them is looked up track by track, not read for every track of the instance.
  const sharedIds = db
    .select({ trackId: playlistTracks.trackId })
    .from(playlistCollectiveShares)
    .innerJoin(playlistTracks, eq(playlistTracks.playlistId, playlistCollectiveShares.playlistId))
    .where(eq(playlistCollectiveShares.collectiveId, collectiveId));
  return summaries(
    db,
    {
      tracks: inArray(tracks.id, sharedIds),
      openThreads: and(eq(trackOpenThreads.collectiveId, collectiveId), inArray(tracks.id, sharedIds))!,
    },
    collectiveId,
  );
}
