import { and, asc, desc, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import { DEFAULT_EQUIPMENT_CATEGORY } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
import { listedToViewer } from '../tracks/tracks.service';
import { ownerColumns, toOwner, yearOf } from './browse.service';
import { type AlbumListItem, listAlbums, orderAlbums } from './lists.service';
import type { SubsonicNode } from './subsonic-response';

/**
 * Genres (issue 46, decision 0771): a genre is an equipment category (EQUIPMENT_CATEGORIES), and a
 * song is of every category of the gear tagged on it. "not defined", the category of gear nobody
 * categorised, says nothing of the music and is no genre. Counted and listed over the tracks
 * browsing lists to the caller (listedToViewer) only.
 */
const isGenre = ne(equipmentTags.category, DEFAULT_EQUIPMENT_CATEGORY);
/** Genre names as clients send them back: the case they were given in need not survive. */
const isNamed = (genre: string) => sql`lower(${equipmentTags.category}) = lower(${genre})`;

/** Each track's genres (of `trackIds`), alphabetical, in one query; a track without any is absent. */
export async function genresOf(db: Database, trackIds: number[]): Promise<Map<number, string[]>> {
  const byTrack = new Map<number, string[]>();
  if (trackIds.length === 0) return byTrack;
  const rows = await db
    .selectDistinct({ trackId: trackEquipmentTags.trackId, genre: equipmentTags.category })
    .from(trackEquipmentTags)
    .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
    .where(and(inArray(trackEquipmentTags.trackId, trackIds), isGenre))
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

/** Every genre of a track listed to the viewer, by name, with its songs and albums (owner × year). */
export async function listGenres(db: Database, viewerId: string): Promise<GenreSummary[]> {
  const rows = await db
    .select({
      genre: equipmentTags.category,
      songCount: sql<number>`count(distinct ${tracks.id})::int`,
      albumCount: sql<number>`count(distinct (${tracks.userId}, ${yearOf}))::int`,
    })
    .from(tracks)
    .innerJoin(trackEquipmentTags, eq(trackEquipmentTags.trackId, tracks.id))
    .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
    .where(and(listedToViewer(db, viewerId), isGenre))
    .groupBy(equipmentTags.category)
    .orderBy(asc(equipmentTags.category));
  return rows.map((row) => ({
    genre: row.genre,
    songCount: Number(row.songCount),
    albumCount: Number(row.albumCount),
  }));
}

/** A name a category could have: short, printable (PostgreSQL would refuse a NUL). */
export const couldBeGenre = (genre: string) => genre.length <= 100 && !/\p{Cc}/u.test(genre);

/** Whether the track (`tracks` of the outer query) carries gear of the genre. */
export const ofGenre = (db: Database, genre: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(trackEquipmentTags)
      .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
      .where(and(eq(trackEquipmentTags.trackId, tracks.id), isGenre, isNamed(genre))),
  );

/** One page of the genre's songs listed to the viewer, newest first (getSongsByGenre). */
export async function songsByGenre(
  db: Database,
  viewerId: string,
  genre: string,
  page: { offset: number; limit: number },
) {
  if (page.limit === 0 || !couldBeGenre(genre)) return [];
  const rows = await db
    .select({ track: tracks, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(listedToViewer(db, viewerId), ofGenre(db, genre)))
    .orderBy(desc(tracks.createdAt), desc(tracks.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((r) => ({ track: r.track, owner: toOwner(r.owner) }));
}

/** getAlbumList2 `byGenre`: the albums with a song of the genre, by artist then year. */
export async function albumsByGenre(db: Database, viewerId: string, genre: string): Promise<AlbumListItem[]> {
  if (!couldBeGenre(genre)) return [];
  const [albums, having] = await Promise.all([
    listAlbums(db, viewerId),
    db
      .selectDistinct({ ownerId: tracks.userId, year: yearOf })
      .from(tracks)
      .where(and(listedToViewer(db, viewerId), ofGenre(db, genre))),
  ]);
  const keys = new Set(having.map((row) => `${row.ownerId}\n${Number(row.year)}`));
  const matching = albums.filter((a) => keys.has(`${a.owner.id}\n${a.album.year}`));
  return orderAlbums(matching, 'alphabeticalByArtist');
}
