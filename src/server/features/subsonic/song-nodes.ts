import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tracks } from '../../db/schema';
import { listedFromOthers } from '../tracks/tracks.service';
import { type SongRow, yearOf } from './browse.service';
import { genreFields, genresOf } from './genres.service';
import { songPlays } from './song-plays';
import { songReview } from './song-review';
import { songNode } from './subsonic-library';
import type { SubsonicNode } from './subsonic-response';

/**
 * Each song's `track`: its place in its album (its owner's year) among what the caller browses,
 * oldest first, as getAlbum lists them (decision 0793). One query for any number of songs; a song
 * the caller hears without browsing it (a public track by id) has no place, so no number. Only the
 * tracks from the first song's New Year to the last song are numbered (a track after the last song
 * moves no number; every album of a song starts inside), the caller's own by their order index
 * and others' from the caller's collectives (listedFromOthers): a sync page of a 100,000-track
 * journal numbered every track of it (issue 48).
 */
async function trackNumbers(db: Database, viewerId: string, rows: SongRow[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const owners = [...new Set(rows.map((row) => row.track.userId))];
  const times = rows.map((row) => row.track.createdAt.getTime());
  const from = new Date(Date.UTC(new Date(Math.min(...times)).getUTCFullYear(), 0, 1));
  // A millisecond past the last song: PostgreSQL keeps microseconds, a Date milliseconds.
  const to = new Date(Math.max(...times) + 1);
  const others = owners.filter((owner) => owner !== viewerId);
  const numbered = db
    .select({
      id: tracks.id,
      n: sql<number>`row_number() over (partition by ${tracks.userId}, ${yearOf} order by ${tracks.createdAt}, ${tracks.id})`.as(
        'n',
      ),
    })
    .from(tracks)
    .where(
      and(
        gte(tracks.createdAt, from),
        lte(tracks.createdAt, to),
        or(
          owners.includes(viewerId) ? eq(tracks.userId, viewerId) : undefined,
          others.length > 0 ? and(inArray(tracks.userId, others), listedFromOthers(db, viewerId)) : undefined,
        ),
      ),
    )
    .as('numbered');
  const found = await db
    .select({ id: numbered.id, n: numbered.n })
    .from(numbered)
    .where(
      inArray(
        numbered.id,
        rows.map((row) => row.track.id),
      ),
    );
  return new Map(found.map((row) => [row.id, Number(row.n)]));
}

/**
 * Song nodes as every method that lists songs answers them (getAlbum, getSong, search3, playlists,
 * getStarred2…): songNode's fields, then what needs the database, one grouped query each whatever
 * the number of songs (decision 0793): the caller's plays (song-plays.ts), the review comment
 * (song-review.ts), the track number, the genres (genres.service.ts). `starred` and `userRating`
 * are marked on the whole reply (withStars).
 */
export async function songNodes(db: Database, viewerId: string, rows: SongRow[]): Promise<SubsonicNode[]> {
  const ids = [...new Set(rows.map((row) => row.track.id))];
  const [plays, review, numbers, genres] = await Promise.all([
    songPlays(db, viewerId, ids),
    songReview(db, viewerId, ids),
    trackNumbers(db, viewerId, rows),
    genresOf(db, ids),
  ]);
  return rows.map(({ track, owner }) => ({
    ...songNode(track, owner),
    track: numbers.get(track.id),
    ...plays(track.id),
    ...review(track.id),
    ...genreFields(genres.get(track.id)),
  }));
}
