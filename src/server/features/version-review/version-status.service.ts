import { and, asc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type {
  SetVersionStatusBody,
  VersionStatusEntry,
  VersionStatuses,
} from '../../../shared/schemas/version-review';
import type { Database, DbOrTx } from '../../db/client';
import {
  collectiveMembers,
  collectives,
  playlistCollectiveShares,
  playlistTracks,
  tracks,
  trackVersionStatuses,
  users,
} from '../../db/schema';
import { forbidden, notFound } from '../../plugins/errors';
import { requireMembership } from '../collectives/collectives.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import { refusalMessage, statusRefusal } from './version-review.policy';

interface ReviewTrack {
  track: { id: number; userId: string; version: number };
  /** The collectives the track is shared into that the viewer sees (the owner: all), by name. */
  collectives: { id: number; name: string }[];
}

/**
 * The track and the collectives it is shared into that the viewer may see. 404 unless the viewer
 * owns it or belongs to one of them (decision 0650: a public track's statuses are still its
 * collaborators' business) and for a version it does not have (1 to its current version).
 */
async function requireReviewTrack(
  db: DbOrTx,
  trackId: number,
  version: number,
  viewerId: string,
): Promise<ReviewTrack> {
  const [track] = await db
    .select({ id: tracks.id, userId: tracks.userId, version: tracks.version })
    .from(tracks)
    .where(eq(tracks.id, trackId));
  if (!track) throw notFound('Track not found');
  const isOwner = track.userId === viewerId;
  const shared = await db
    .selectDistinct({ id: collectives.id, name: collectives.name })
    .from(playlistTracks)
    .innerJoin(playlistCollectiveShares, eq(playlistCollectiveShares.playlistId, playlistTracks.playlistId))
    .innerJoin(collectives, eq(collectives.id, playlistCollectiveShares.collectiveId))
    .where(
      and(
        eq(playlistTracks.trackId, trackId),
        isOwner
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(collectiveMembers)
                .where(
                  and(
                    eq(collectiveMembers.collectiveId, collectives.id),
                    eq(collectiveMembers.userId, viewerId),
                  ),
                ),
            ),
      ),
    )
    .orderBy(asc(collectives.name), asc(collectives.id));
  if (!isOwner && shared.length === 0) throw notFound('Track not found');
  if (version > track.version) throw notFound(`Version ${version} not found`);
  return { track, collectives: shared };
}

/** The owner's entry first (In progress when never set), then each visible collective's. */
async function statusesOf(db: DbOrTx, { track, collectives: shared }: ReviewTrack, version: number) {
  const rows = await db
    .select({
      collectiveId: trackVersionStatuses.collectiveId,
      status: trackVersionStatuses.status,
      setAt: trackVersionStatuses.setAt,
      setBy: userSummaryColumns,
    })
    .from(trackVersionStatuses)
    .leftJoin(users, eq(users.id, trackVersionStatuses.setBy))
    .where(and(eq(trackVersionStatuses.trackId, track.id), eq(trackVersionStatuses.version, version)));
  const entry = (collectiveId: number | null, collectiveName: string | null): VersionStatusEntry => {
    const row = rows.find((r) => r.collectiveId === collectiveId);
    return {
      collectiveId,
      collectiveName,
      status: row?.status ?? (collectiveId === null ? 'in_progress' : null),
      setBy: row?.setBy ? toUserSummary(row.setBy) : null,
      setAt: row?.setAt.toISOString() ?? null,
    };
  };
  return {
    trackId: track.id,
    version,
    statuses: [entry(null, null), ...shared.map((c) => entry(c.id, c.name))],
  };
}

/** GET /api/tracks/{id}/versions/{version}/status. */
export async function getVersionStatuses(
  db: Database,
  trackId: number,
  version: number,
  viewerId: string,
): Promise<VersionStatuses> {
  return statusesOf(db, await requireReviewTrack(db, trackId, version, viewerId), version);
}

/**
 * PUT /api/tracks/{id}/versions/{version}/status (decision 0650): the owner's status without
 * `collectiveId`, a collective's verdict with it. 404 for a collective the viewer is not in or the
 * track is not shared into, 403 for a status their role may not set.
 */
export async function setVersionStatus(
  db: Database,
  trackId: number,
  version: number,
  viewerId: string,
  body: SetVersionStatusBody,
): Promise<VersionStatuses> {
  const review = await requireReviewTrack(db, trackId, version, viewerId);
  const collectiveId = body.collectiveId ?? null;
  if (collectiveId !== null) {
    await requireMembership(db, collectiveId, viewerId);
    if (!review.collectives.some((c) => c.id === collectiveId)) {
      throw notFound('Track not found in this collective');
    }
  }
  const refusal = statusRefusal(viewerId, review.track.userId, body.status, collectiveId);
  if (refusal) throw forbidden(refusalMessage(refusal, collectiveId));
  const values = { trackId, version, collectiveId, status: body.status, setBy: viewerId, setAt: sql`now()` };
  const set = { status: body.status, setBy: viewerId, setAt: sql`now()` };
  const base = db.insert(trackVersionStatuses).values(values);
  await (collectiveId === null
    ? base.onConflictDoUpdate({
        target: [trackVersionStatuses.trackId, trackVersionStatuses.version],
        targetWhere: isNull(trackVersionStatuses.collectiveId),
        set,
      })
    : base.onConflictDoUpdate({
        target: [
          trackVersionStatuses.trackId,
          trackVersionStatuses.version,
          trackVersionStatuses.collectiveId,
        ],
        targetWhere: sql`${trackVersionStatuses.collectiveId} is not null`,
        set,
      }));
  return statusesOf(db, review, version);
}

/** Status rows of these tracks' current versions (the rows' summaries, Subsonic, the feed). */
export async function currentVersionStatuses(db: DbOrTx, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  return db
    .select({
      trackId: trackVersionStatuses.trackId,
      collectiveId: trackVersionStatuses.collectiveId,
      status: trackVersionStatuses.status,
    })
    .from(trackVersionStatuses)
    .innerJoin(
      tracks,
      and(eq(tracks.id, trackVersionStatuses.trackId), eq(tracks.version, trackVersionStatuses.version)),
    )
    .where(inArray(trackVersionStatuses.trackId, trackIds));
}
