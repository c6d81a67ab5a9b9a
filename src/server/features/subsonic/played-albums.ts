import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trackPlays, tracks } from '../../db/schema';
import { listedToViewer } from '../tracks/tracks.service';
import { yearOf } from './browse.service';
import { type AlbumListItem, listAlbums } from './lists.service';

/**
 * getAlbumList2 `recent` and `frequent` (decision 0395): the albums the caller browses that they
 * played, by their latest play or by how often they played them (the web player's plays and
 * scrobbles alike). Only the caller's own plays: what others hear is the owner's to know.
 */
export async function albumsByPlays(
  db: Database,
  viewerId: string,
  type: 'recent' | 'frequent',
): Promise<AlbumListItem[]> {
  const [albums, played] = await Promise.all([
    listAlbums(db, viewerId),
    db
      .select({
        ownerId: tracks.userId,
        year: yearOf,
        last: sql<string>`max(${trackPlays.playedAt})`,
        plays: sql<number>`count(*)::int`,
      })
      .from(trackPlays)
      .innerJoin(tracks, eq(tracks.id, trackPlays.trackId))
      .where(and(eq(trackPlays.userId, viewerId), listedToViewer(db, viewerId)))
      .groupBy(tracks.userId, yearOf),
  ]);
  const key = (ownerId: string, year: number) => `${ownerId}\n${year}`;
  const stats = new Map(
    played.map((p) => [
      key(p.ownerId, Number(p.year)),
      { last: new Date(p.last).getTime(), plays: Number(p.plays) },
    ]),
  );
  const of = (a: AlbumListItem) => stats.get(key(a.owner.id, a.album.year))!;
  return albums
    .filter((a) => stats.has(key(a.owner.id, a.album.year)))
    .sort((a, b) =>
      type === 'recent' ? of(b).last - of(a).last : of(b).plays - of(a).plays || of(b).last - of(a).last,
    );
}
