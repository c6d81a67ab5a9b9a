import { and, asc, desc, eq, gt, lt, ne, notExists, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { DEFAULT_EQUIPMENT_CATEGORY } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import {
  equipmentTags,
  trackEquipmentTags,
  trackGenres,
  tracks,
  userGenreCounts,
  users,
} from '../../db/schema';
import { listedFromOthers } from '../tracks/tracks.service';
import { ownerColumns, songColumns, toOwner, yearOf } from './browse.service';
import type { ListPage } from './page-params';
import type { SubsonicNode } from './subsonic-response';

/**
 * Genres (issue 46, decision 0771): a genre is an equipment category (EQUIPMENT_CATEGORIES), and a
 * song is of every category of the gear tagged on it. "not defined", the category of gear nobody
 * categorised, says nothing of the music and is no genre. Counted and listed over the tracks
 * browsing lists to the caller only, each half of them (listedHalves) read by its own index.
 */
const isGenre = ne(equipmentTags.category, DEFAULT_EQUIPMENT_CATEGORY);

/** Each track's genres (of `trackIds`), alphabetical, in one query; a track without any is absent. */
export async function genresOf(db: Database, trackIds: number[]): Promise<Map<number, string[]>> {
  const byTrack = new Map<number, string[]>();
  if (trackIds.length === 0) return byTrack;
  const rows = await db
    .selectDistinct({ trackId: trackEquipmentTags.trackId, genre: equipmentTags.category })
    .from(trackEquipmentTags)
    .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
    .where(and(inIds(trackEquipmentTags.trackId, trackIds), isGenre))
    .orderBy(asc(trackEquipmentTags.trackId), asc(equipmentTags.category));
  for (const { trackId, genre } of rows) byTrack.set(trackId, [...(byTrack.get(trackId) ?? []), genre]);
  return byTrack;
}

/** A song node's `genre` (the first) and OpenSubsonic `genres` (all); nothing when it has none. */
export const genreFields = (genres: string[] | undefined): SubsonicNode =>
  genres?.[0] ? { genre: genres[0], genres: genres.map((name) => ({ name })) } : {};

export interface GenreSummary {
  genre: string;
  songCount: number;
  albumCount: number;
}

/**
 * Every genre of a track listed to the viewer, by name, with its songs and albums (owner × year).
 * Counted per half (listedHalves) and added up: a track, and an album (one owner's), is in one half
 * only. The viewer's own half is read from the counts kept per owner, genre and year (migration
 * 0053, decision 0897): a song per row of track_genres, an album per year with a song. Others'
 * tracks shared with the viewer (a few hundred at most) are counted from their track_genres rows.
 */
export async function listGenres(db: Database, viewerId: string): Promise<GenreSummary[]> {
  const own = db
    .select({
      genre: sql<string>`${userGenreCounts.genre}`.as('genre'),
      songs: sql<number>`sum(${userGenreCounts.songs})`.as('songs'),
      albums: sql<number>`count(*)`.as('albums'),
    })
    .from(userGenreCounts)
    .where(and(eq(userGenreCounts.userId, viewerId), gt(userGenreCounts.songs, 0)))
    .groupBy(userGenreCounts.genre);
  // A row of track_genres is one track's genre (its key): counted, they are the genre's songs.
  const fromOthers = db
    .select({
      genre: sql<string>`${trackGenres.genre}`.as('genre'),
      songs: sql<number>`count(*)`.as('songs'),
      albums: sql<number>`count(distinct (${tracks.userId}, ${yearOf}))`.as('albums'),
    })
    .from(tracks)
    .innerJoin(trackGenres, eq(trackGenres.trackId, tracks.id))
    .where(listedFromOthers(db, viewerId))
    .groupBy(trackGenres.genre);
  const counted = unionAll(own, fromOthers).as('counted');
  const rows = await db
    .select({
      genre: counted.genre,
      songCount: sql<number>`sum(${counted.songs})::int`,
      albumCount: sql<number>`sum(${counted.albums})::int`,
    })
    .from(counted)
    .groupBy(counted.genre)
    .orderBy(asc(counted.genre));
  return rows.map((row) => ({
    genre: row.genre,
    songCount: Number(row.songCount),
    albumCount: Number(row.albumCount),
  }));
}

/** A name a category could have: short, printable (PostgreSQL would refuse a NUL). */
export const couldBeGenre = (genre: string) => genre.length <= 100 && !/\p{Cc}/u.test(genre);

/** A row of track_genres of the genre named, in any case (its index is on `lower(genre)`). */
export const genreNamed = (genre: string) => sql`lower(${trackGenres.genre}) = lower(${genre})`;

/** A row of track_genres of the genre named (in any case) whose track has no other row that is. */
const firstOfGenre = (db: Database, genre: string) => {
  const other = alias(trackGenres, 'other');
  return and(
    genreNamed(genre),
    // Two categories one name but for case would list a track twice; none of EQUIPMENT_CATEGORIES
    // are, so this looks up nothing but the track's own row (its key).
    notExists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(
          and(
            eq(other.trackId, trackGenres.trackId),
            sql`lower(${other.genre}) = lower(${genre})`,
            lt(other.genre, trackGenres.genre),
          ),
        ),
    ),
  )!;
};

/**
 * One page of the genre's songs listed to the viewer, newest first (getSongsByGenre): each half
 * (listedHalves) in that order cut at offset + limit, the two merged, and only the page's rows read.
 * The viewer's own half is one range of track_genres' index (migration 0053, decision 0897), not
 * their journal newest first tested track by track until the page is full.
 */
export async function songsByGenre(db: Database, viewerId: string, genre: string, page: ListPage) {
  if (page.limit === 0 || !couldBeGenre(genre)) return [];
  const own = db
    .select({ id: trackGenres.trackId, createdAt: trackGenres.trackCreatedAt })
    .from(trackGenres)
    .where(and(eq(trackGenres.userId, viewerId), firstOfGenre(db, genre)))
    .orderBy(desc(trackGenres.trackCreatedAt), desc(trackGenres.trackId))
    .limit(page.offset + page.limit);
  // Joined to track_genres by its key rather than an EXISTS over the track's gear: PostgreSQL made
  // that a hash of every link of the genre on the instance (190,000: 550 ms) for a hundred tracks.
  const fromOthers = db
    .select({ id: tracks.id, createdAt: tracks.createdAt })
    .from(tracks)
    .innerJoin(trackGenres, eq(trackGenres.trackId, tracks.id))
    .where(and(listedFromOthers(db, viewerId), firstOfGenre(db, genre)))
    .orderBy(desc(tracks.createdAt), desc(tracks.id))
    .limit(page.offset + page.limit);
  // The union's columns are named by its first arm's: tracks' id and created_at.
  const found = unionAll(fromOthers, own)
    .orderBy(sql`created_at desc`, sql`id desc`)
    .limit(page.limit)
    .offset(page.offset)
    .as('found');
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
    .from(found)
    .innerJoin(tracks, eq(tracks.id, found.id))
    .innerJoin(users, eq(users.id, tracks.userId))
    .orderBy(desc(tracks.createdAt), desc(tracks.id));
  return rows.map((r) => ({ track: r.track, owner: toOwner(r.owner) }));
}
