import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { TrackReviewSummary, VerdictStatus } from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import {
  playlistCollectiveShares,
  playlistTracks,
  trackComments,
  tracks,
  trackVersionStatuses,
} from '../../db/schema';
import { requireMembership } from '../collectives/collectives.service';

/**
 * The rows' review summaries (decision 0653): apart from the track list, so the journal's cached
 * list (decision 0084) needs no new revision triggers for comments and statuses. Two grouped
 * queries whatever the number of rows: the current versions' status rows, the open threads' counts.
 * Only tracks with a status set or an open thread are listed; the others are In progress, 0 open.
 */
async function summaries(
  db: Database,
  scope: SQL,
  collectiveId: number | null,
): Promise<TrackReviewSummary[]> {
  const currentVersion = and(
    eq(tracks.id, trackVersionStatuses.trackId),
    eq(tracks.version, trackVersionStatuses.version),
  );
  const statusRows = await db
    .select({
      trackId: tracks.id,
      version: tracks.version,
      collectiveId: trackVersionStatuses.collectiveId,
      status: trackVersionStatuses.status,
    })
    .from(trackVersionStatuses)
    .innerJoin(tracks, currentVersion)
    .where(
      and(
        scope,
        // In a collective: the owner's word and that collective's verdict only.
        collectiveId === null
          ? undefined
          : sql`(${trackVersionStatuses.collectiveId} is null or ${trackVersionStatuses.collectiveId} = ${collectiveId})`,
      ),
    );
  const openRows = await db
    .select({ trackId: tracks.id, version: tracks.version, open: count() })
    .from(trackComments)
    .innerJoin(
      tracks,
      and(eq(tracks.id, trackComments.trackId), eq(tracks.version, trackComments.trackVersion)),
    )
    .where(
      and(
        scope,
        isNull(trackComments.parentId),
        isNull(trackComments.resolvedAt),
        // A thread hidden by a moderator is not a task anyone can read.
        isNull(trackComments.hiddenAt),
        collectiveId === null ? undefined : eq(trackComments.collectiveId, collectiveId),
      ),
    )
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

/** GET /api/tracks/review: the caller's own tracks (the journal's rows). */
export async function journalReviewSummaries(db: Database, userId: string): Promise<TrackReviewSummary[]> {
  return summaries(db, eq(tracks.userId, userId), null);
}

/** GET /api/collectives/{id}/review: the tracks shared into the collective (members only, 404 else). */
export async function collectiveReviewSummaries(
  db: Database,
  collectiveId: number,
  userId: string,
): Promise<TrackReviewSummary[]> {
  await requireMembership(db, collectiveId, userId);
  const sharedHere = sql`exists (select 1 from ${playlistTracks} pt join ${playlistCollectiveShares} s on s.playlist_id = pt.playlist_id where pt.track_id = ${tracks.id} and s.collective_id = ${collectiveId})`;
  return summaries(db, sharedHere, collectiveId);
}
