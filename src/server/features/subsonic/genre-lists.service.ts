import { and, eq, gt, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { trackGenres, tracks, userGenreCounts, users } from '../../db/schema';
import { listedFromOthers } from '../tracks/tracks.service';
import { inYears, type Owner, ownerColumns, toOwner, yearOf } from './browse.service';
import { couldBeGenre, genreNamed } from './genres.service';
import { type AlbumListItem, albumsWhere, byArtist, drawColumns, songsDrawn } from './lists.service';
import type { ListPage } from './page-params';

/**
 * getAlbumList2 byGenre and getRandomSongs by genre (decision 0771) read what the viewer may see of
 * a genre from track_genres and user_genre_counts (migration 0053), not their journal track by
 * track: the same answers as over listedHalves with a test of each track's gear, at the cost of the
 * page or of the genre's songs (decision 0899). Others' tracks shared with the viewer (a few
 * hundred, listedFromOthers) are joined to their track_genres rows by the rows' key.
 */

/** An album found to hold a song of the genre; others' come summed already (`item`). */
interface Found {
  owner: Owner;
  album: { year: number };
  item?: AlbumListItem;
}

/**
 * getAlbumList2 `byGenre`: one page of the albums (owner × year) with a song of the genre listed to
 * the viewer, by artist then year. Which albums they are is known without reading a track: the
 * viewer's own are the years of their counts of the genre, others' come from the shared tracks'
 * rows. Only the page's own albums are then summed, each over its year of the owner's order index
 * (before, every album was summed and every track of the journal tested for the genre).
 */
export async function albumsByGenre(
  db: Database,
  viewerId: string,
  genre: string,
  page: ListPage,
): Promise<AlbumListItem[]> {
  if (page.limit === 0 || !couldBeGenre(genre)) return [];
  const [[me], ownYears, fromOthers] = await Promise.all([
    db.select(ownerColumns).from(users).where(eq(users.id, viewerId)),
    // A count at 0 is a year whose songs of the genre are gone (the counts only ever add).
    db
      .selectDistinct({ year: userGenreCounts.year })
      .from(userGenreCounts)
      .where(
        and(
          eq(userGenreCounts.userId, viewerId),
          sql`lower(${userGenreCounts.genre}) = lower(${genre})`,
          gt(userGenreCounts.songs, 0),
        ),
      ),
    othersAlbumsOfGenre(db, viewerId, genre),
  ]);
  if (!me) return [];
  const owner = toOwner(me);
  const found: Found[] = [
    ...ownYears.map(({ year }) => ({ owner, album: { year } })),
    ...fromOthers.map((item) => ({ ...item, item })),
  ];
  const onPage = found.sort(byArtist).slice(page.offset, page.offset + page.limit);
  const years = onPage.flatMap((a) => (a.item ? [] : [a.album.year]));
  const own =
    years.length === 0
      ? []
      : await albumsWhere(
          db,
          and(
            eq(tracks.userId, viewerId),
            or(...years.map((year) => inYears(tracks.createdAt, { from: year, to: year }))),
          )!,
        );
  const ownByYear = new Map(own.map((a) => [a.album.year, a]));
  return onPage.flatMap((a) => a.item ?? ownByYear.get(a.album.year) ?? []);
}

/** Others' albums shared with the viewer (listedFromOthers: a few hundred tracks) holding the genre. */
async function othersAlbumsOfGenre(db: Database, viewerId: string, genre: string) {
  const [albums, ofGenre] = await Promise.all([
    albumsWhere(db, listedFromOthers(db, viewerId)),
    db
      .selectDistinct({ ownerId: tracks.userId, year: yearOf })
      .from(tracks)
      .innerJoin(trackGenres, eq(trackGenres.trackId, tracks.id))
      .where(and(listedFromOthers(db, viewerId), genreNamed(genre))),
  ]);
  const keys = new Set(ofGenre.map((row) => `${row.ownerId}\n${Number(row.year)}`));
  return albums.filter((a) => keys.has(`${a.owner.id}\n${a.album.year}`));
}

/**
 * getRandomSongs with a genre (and years): up to `size` of the genre's songs listed to the viewer,
 * at random, drawn as randomSongs draws (each half's `size` smallest random keys, then the `size`
 * smallest of both). The viewer's own half is the genre's range of track_genres' index (the years a
 * range of it too), not their journal each tested for the genre. A fair draw reads every song it
 * could pick, so this costs the viewer's songs of the genre (in those years), never the rest.
 */
export async function randomSongsOfGenre(
  db: Database,
  viewerId: string,
  genre: string,
  size: number,
  years: { from?: number; to?: number },
) {
  if (size === 0 || !couldBeGenre(genre)) return [];
  // Each half grouped by track: a track with two categories one name but for case is one song.
  // Others' first: the union's columns are named by its first arm's (drawColumns).
  const fromOthers = db
    .select(drawColumns(tracks.id))
    .from(tracks)
    .innerJoin(trackGenres, eq(trackGenres.trackId, tracks.id))
    .where(and(listedFromOthers(db, viewerId), genreNamed(genre), inYears(tracks.createdAt, years)))
    .groupBy(tracks.id)
    .orderBy(sql`draw`)
    .limit(size);
  const own = db
    .select(drawColumns(trackGenres.trackId))
    .from(trackGenres)
    .where(
      and(eq(trackGenres.userId, viewerId), genreNamed(genre), inYears(trackGenres.trackCreatedAt, years)),
    )
    .groupBy(trackGenres.trackId)
    .orderBy(sql`draw`)
    .limit(size);
  return songsDrawn(db, unionAll(fromOthers, own).orderBy(sql`draw`).limit(size).as('drawn'));
}
