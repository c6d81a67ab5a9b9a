import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import { libraryRatings, trackRatings } from '../../db/schema';
import { type AlbumListItem, listAlbums, orderAlbums } from './lists.service';
import { songIdOf } from './song-access';
import { albumId, parseAlbumId, parseArtistId } from './subsonic-library';

/**
 * Ratings (issue 46, decision 0784): a person's 1-5 stars for songs (track_ratings, cascading with
 * the track) and for albums and artists, kept by their Subsonic ids like stars (library_ratings).
 * They are the rater's own, as likes are: nobody else reads them, and no access answer holds them.
 */
export type RatingKind = 'song' | 'album' | 'artist';

/** Sets the caller's rating of one item (1-5), or removes it (0). The item was checked reachable. */
export async function setRating(db: Database, userId: string, kind: RatingKind, id: string, rating: number) {
  if (kind === 'song') {
    const trackId = songIdOf(id)!;
    if (rating === 0) {
      await db
        .delete(trackRatings)
        .where(and(eq(trackRatings.userId, userId), eq(trackRatings.trackId, trackId)));
      return;
    }
    await db
      .insert(trackRatings)
      .values({ userId, trackId, rating })
      .onConflictDoUpdate({
        target: [trackRatings.userId, trackRatings.trackId],
        set: { rating, ratedAt: new Date() },
      });
    return;
  }
  if (rating === 0) {
    await db
      .delete(libraryRatings)
      .where(
        and(eq(libraryRatings.userId, userId), eq(libraryRatings.kind, kind), eq(libraryRatings.itemId, id)),
      );
    return;
  }
  await db
    .insert(libraryRatings)
    .values({ userId, kind, itemId: id, rating })
    .onConflictDoUpdate({
      target: [libraryRatings.userId, libraryRatings.kind, libraryRatings.itemId],
      set: { rating, ratedAt: new Date() },
    });
}

/**
 * The caller's rating of each of `ids` they rated (songs by track id, albums `al-…`, artists
 * `ar-…`, as the nodes carry them), by id: one query. For `userRating` on every node.
 */
export async function ratingsOf(
  db: Database,
  userId: string,
  kind: RatingKind,
  ids: string[],
): Promise<Map<string, number>> {
  if (kind === 'song') {
    const trackIds = [...new Set(ids.map(songIdOf).filter((id) => id !== undefined))];
    if (trackIds.length === 0) return new Map();
    const rows = await db
      .select({ id: trackRatings.trackId, rating: trackRatings.rating })
      .from(trackRatings)
      .where(and(eq(trackRatings.userId, userId), inIds(trackRatings.trackId, trackIds)));
    return new Map(rows.map((row) => [String(row.id), row.rating]));
  }
  const itemIds = [...new Set(ids)];
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: libraryRatings.itemId, rating: libraryRatings.rating })
    .from(libraryRatings)
    .where(
      and(
        eq(libraryRatings.userId, userId),
        eq(libraryRatings.kind, kind),
        inArray(libraryRatings.itemId, itemIds),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.rating]));
}

/**
 * getAlbumList2 `highest`: the albums the caller rated and may still browse, best first; albums of
 * one rating by artist, then year (the alphabeticalByArtist order).
 */
export async function highestAlbums(db: Database, userId: string): Promise<AlbumListItem[]> {
  const rated = await db
    .select({ id: libraryRatings.itemId, rating: libraryRatings.rating })
    .from(libraryRatings)
    .where(and(eq(libraryRatings.userId, userId), eq(libraryRatings.kind, 'album')));
  if (rated.length === 0) return [];
  const ratings = new Map(rated.map((row) => [row.id, row.rating]));
  const ratingOf = (item: AlbumListItem) => ratings.get(albumId(item.owner.id, item.album.year)) ?? 0;
  return orderAlbums(await listAlbums(db, userId), 'alphabeticalByArtist')
    .filter((item) => ratingOf(item) > 0)
    .sort((a, b) => ratingOf(b) - ratingOf(a));
}

/**
 * The caller's album and artist ratings with the person each names (and an album's year), oldest
 * first, for their data export; ids that name no one are left out.
 */
export async function libraryRatingsOf(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(libraryRatings)
    .where(eq(libraryRatings.userId, userId))
    .orderBy(asc(libraryRatings.ratedAt), asc(libraryRatings.itemId));
  return rows.flatMap((row) => {
    const named =
      row.kind === 'album' ? parseAlbumId(row.itemId) : { ownerId: parseArtistId(row.itemId), year: null };
    if (!named?.ownerId) return [];
    return [
      { kind: row.kind, ownerId: named.ownerId, year: named.year, rating: row.rating, ratedAt: row.ratedAt },
    ];
  });
}
