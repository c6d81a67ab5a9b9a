import { and, asc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { VERSION_STATUS_LABELS } from '../../../shared/schemas/version-review';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import { collectiveMembers, collectives, tracks, trackVersionStatuses } from '../../db/schema';
import type { SubsonicNode } from './subsonic-response';

/**
 * A song node's `comment` (issue 44, decision 0656): where its current version stands, e.g.
 * "v2: In review · Crew: Approved", the standard Subsonic field every client shows. The owner's
 * status, then the verdicts of the collectives the caller is in (the owner: all). One grouped query
 * for a getSong or a getAlbum; no comment while nothing was ever set.
 */
export async function songReview(
  db: Database,
  userId: string,
  trackIds: number[],
): Promise<(trackId: number) => SubsonicNode> {
  const rows =
    trackIds.length === 0
      ? []
      : await db
          .select({
            trackId: tracks.id,
            version: tracks.version,
            collectiveId: trackVersionStatuses.collectiveId,
            collectiveName: collectives.name,
            status: trackVersionStatuses.status,
          })
          .from(trackVersionStatuses)
          .innerJoin(
            tracks,
            and(
              eq(tracks.id, trackVersionStatuses.trackId),
              eq(tracks.version, trackVersionStatuses.version),
            ),
          )
          .leftJoin(collectives, eq(collectives.id, trackVersionStatuses.collectiveId))
          .where(
            and(
              inIds(trackVersionStatuses.trackId, trackIds),
              or(
                isNull(trackVersionStatuses.collectiveId),
                eq(tracks.userId, userId),
                exists(
                  db
                    .select({ one: sql`1` })
                    .from(collectiveMembers)
                    .where(
                      and(
                        eq(collectiveMembers.collectiveId, trackVersionStatuses.collectiveId),
                        eq(collectiveMembers.userId, userId),
                      ),
                    ),
                ),
              ),
            ),
          )
          .orderBy(asc(sql`${trackVersionStatuses.collectiveId} is not null`), asc(collectives.name));
  const byTrack = new Map<number, { version: number; owner: string; verdicts: string[] }>();
  for (const r of rows) {
    const entry = byTrack.get(r.trackId) ?? {
      version: r.version,
      owner: VERSION_STATUS_LABELS.in_progress,
      verdicts: [],
    };
    if (r.collectiveId === null) entry.owner = VERSION_STATUS_LABELS[r.status];
    else entry.verdicts.push(`${r.collectiveName}: ${VERSION_STATUS_LABELS[r.status]}`);
    byTrack.set(r.trackId, entry);
  }
  return (trackId) => {
    const found = byTrack.get(trackId);
    if (!found) return {};
    return { comment: [`v${found.version}: ${found.owner}`, ...found.verdicts].join(' · ') };
  };
}
