import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import { trackPlays } from '../../db/schema';
import type { SubsonicNode } from './subsonic-response';

/**
 * A song node's `playCount` and `played` (decision 0395): the caller's own plays of each song, in
 * one grouped query for a getSong or a getAlbum (never anyone else's: those are the owner's to see).
 */
export async function songPlays(
  db: Database,
  userId: string,
  trackIds: number[],
): Promise<(trackId: number) => SubsonicNode> {
  const rows =
    trackIds.length === 0
      ? []
      : await db
          .select({
            trackId: trackPlays.trackId,
            count: sql<number>`count(*)::int`,
            last: sql<string>`max(${trackPlays.playedAt})`,
          })
          .from(trackPlays)
          .where(and(eq(trackPlays.userId, userId), inIds(trackPlays.trackId, trackIds)))
          .groupBy(trackPlays.trackId);
  const byId = new Map(rows.map((r) => [r.trackId, r]));
  return (trackId) => {
    const found = byId.get(trackId);
    return found
      ? { playCount: Number(found.count), played: new Date(found.last).toISOString() }
      : { playCount: 0 };
  };
}
