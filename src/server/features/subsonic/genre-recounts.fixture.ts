import { and, asc, desc, eq, exists, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';
import { listedToViewer } from '../tracks/tracks.service';
import { yearOf } from './browse.service';
import { couldBeGenre } from './genres.service';
import { albumsWhere, orderAlbums } from './lists.service';

/**
 * The genre methods' answers as they were before the kept genres (migration 0053, decisions 0897
 * and 0899): over every track listed to the viewer (listedToViewer, one condition), each tested for
 * gear of the genre. genre-counts.test.ts holds the kept answers to these after any statements.
 */

/** Whether the track (`tracks` of the outer query) carries gear of the genre, in any case. */
const ofGenre = (db: Database, genre: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(trackEquipmentTags)
      .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
      .where(
        and(
          eq(trackEquipmentTags.trackId, tracks.id),
          ne(equipmentTags.category, 'not defined'),
          sql`lower(${equipmentTags.category}) = lower(${genre})`,
        ),
      ),
  );

/** getGenres: every listed track's gear, by category. */
export async function recountGenres(db: Database, viewerId: string) {
  const rows = await db
    .select({
      genre: equipmentTags.category,
      songCount: sql<number>`count(distinct ${tracks.id})::int`,
      albumCount: sql<number>`count(distinct (${tracks.userId}, extract(year from ${tracks.createdAt} at time zone 'UTC')))::int`,
    })
    .from(tracks)
    .innerJoin(trackEquipmentTags, eq(trackEquipmentTags.trackId, tracks.id))
    .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
    .where(and(listedToViewer(db, viewerId), ne(equipmentTags.category, 'not defined')))
    .groupBy(equipmentTags.category)
    .orderBy(asc(equipmentTags.category));
  return rows.map((r) => ({
    genre: r.genre,
    songCount: Number(r.songCount),
    albumCount: Number(r.albumCount),
  }));
}

/** The listed tracks of the genre (and years, when given), newest first: getSongsByGenre's order. */
export async function recountSongs(
  db: Database,
  viewerId: string,
  genre: string,
  years: { from?: number; to?: number } = {},
) {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(
      and(
        listedToViewer(db, viewerId),
        ofGenre(db, genre),
        years.from === undefined ? undefined : sql`${yearOf} >= ${years.from}`,
        years.to === undefined ? undefined : sql`${yearOf} <= ${years.to}`,
      ),
    )
    .orderBy(desc(tracks.createdAt), desc(tracks.id));
  return rows.map((r) => r.id);
}

/**
 * getAlbumList2 byGenre: every album listed to the viewer, summed over all its listed tracks (not
 * only those of the genre), kept when one of them is of the genre, by artist then year.
 */
export async function recountAlbums(db: Database, viewerId: string, genre: string) {
  if (!couldBeGenre(genre)) return [];
  const [albums, ofTheGenre] = await Promise.all([
    albumsWhere(db, listedToViewer(db, viewerId)),
    db
      .selectDistinct({ ownerId: tracks.userId, year: yearOf })
      .from(tracks)
      .where(and(listedToViewer(db, viewerId), ofGenre(db, genre))),
  ]);
  const keys = new Set(ofTheGenre.map((row) => `${row.ownerId}\n${Number(row.year)}`));
  const matching = albums.filter((a) => keys.has(`${a.owner.id}\n${a.album.year}`));
  return orderAlbums(matching, 'alphabeticalByArtist');
}
