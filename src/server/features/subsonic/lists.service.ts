import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type SubqueryWithSelection, unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { intArrayText } from '../../db/int-array';
import { preparedOnce } from '../../db/prepared';
import { tracks, users } from '../../db/schema';
import { searchGroup } from '../search/search.service';
import { listedHalves } from '../tracks/tracks.service';
import {
  type AlbumSummary,
  groupTile,
  inYears,
  listArtists,
  type Owner,
  ownerColumns,
  type SongRow,
  songColumns,
  tileOf,
  toOwner,
  yearOf,
} from './browse.service';
import { listedSongIds, type SyncAnchors } from './listed-song-ids';
import type { ListPage } from './page-params';

/**
 * The lists clients fill their home screens and search with (decision 0385): getAlbumList2,
 * getRandomSongs and search3, over the same tracks as browsing (listedToViewer) or, for a search,
 * what the web app's search finds for the caller (features/search).
 */
export interface AlbumListItem {
  owner: Owner;
  album: AlbumSummary;
  /** When the album last gained a track: "newest" orders by it. */
  latest: Date;
}

const byName = (a: Owner, b: Owner) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** alphabeticalByArtist's order: by artist, then year (an owner's albums are their years). */
export const byArtist = (a: { owner: Owner; album: { year: number } }, b: typeof a) =>
  byName(a.owner, b.owner) || a.album.year - b.album.year;

/** The albums (an owner's year) of the tracks `where` picks, each summed over those tracks. */
export async function albumsWhere(db: Database, where: SQL): Promise<AlbumListItem[]> {
  const rows = await db
    .select({
      owner: ownerColumns,
      year: yearOf,
      songCount: sql<number>`count(*)::int`,
      // Summed in double precision: a sum of `real` is `real`, whose 24 bits drift by seconds over an
      // album of 30,000 songs, differently in each plan's order (getAlbum sums in JavaScript's doubles).
      duration: sql<number>`coalesce(round(sum(${tracks.duration}::float8)), 0)::int`,
      created: sql<string>`min(${tracks.createdAt})`,
      latest: sql<string>`max(${tracks.createdAt})`,
      first: groupTile('asc'),
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(where)
    .groupBy(users.id, yearOf);
  return rows.map((row) => ({
    owner: toOwner(row.owner),
    album: {
      year: Number(row.year),
      songCount: Number(row.songCount),
      duration: Number(row.duration),
      created: new Date(row.created),
      cover: tileOf(row.first),
    },
    latest: new Date(row.latest),
  }));
}

/**
 * Every album (an owner's year) listed to the viewer. All of them are read and ordered here: there
 * are owners × years of them, a few hundred on a busy instance, not tracks. The viewer's own and
 * others' are grouped apart (listedHalves), each half by its own index: an album is one
 * owner's, so no group spans both.
 */
export async function listAlbums(db: Database, viewerId: string): Promise<AlbumListItem[]> {
  const halves = await Promise.all(listedHalves(db, viewerId).map((half) => albumsWhere(db, half)));
  return halves.flat();
}

export type AlbumListType =
  | 'newest'
  | 'alphabeticalByName'
  | 'alphabeticalByArtist'
  | 'random'
  | 'byYear'
  | 'recent'
  | 'frequent'
  | 'starred'
  | 'highest'
  | 'byGenre';

/**
 * One page of albums in the order `type` asks for. recent and frequent are played-albums.ts's,
 * starred is stars.service.ts's, highest ratings.service.ts's (the caller's album ratings), byGenre
 * genres.service.ts's.
 */
export function orderAlbums(
  albums: AlbumListItem[],
  type: AlbumListType,
  years: { from?: number; to?: number } = {},
): AlbumListItem[] {
  const list = [...albums];
  switch (type) {
    case 'newest':
      return list.sort((a, b) => b.latest.getTime() - a.latest.getTime() || byName(a.owner, b.owner));
    // Every album is named "Journal {year}": by name is by year, then by artist.
    case 'alphabeticalByName':
      return list.sort((a, b) => a.album.year - b.album.year || byName(a.owner, b.owner));
    case 'alphabeticalByArtist':
      return list.sort(byArtist);
    case 'random':
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
      return list;
    case 'byYear': {
      // The protocol lets fromYear exceed toYear, meaning newest first.
      const from = years.from ?? 0;
      const to = years.to ?? 9999;
      const [low, high] = from <= to ? [from, to] : [to, from];
      return list
        .filter((a) => a.album.year >= low && a.album.year <= high)
        .sort((a, b) => (from <= to ? 1 : -1) * (a.album.year - b.album.year) || byName(a.owner, b.owner));
    }
    default:
      return [];
  }
}

/**
 * A draw's columns: a candidate track's id, and the random key it drew. A union of draws takes its
 * columns' names from its first arm, which selects `tracks.id` (`id`) so the draw can be joined.
 */
export const drawColumns = <Id extends AnyPgColumn>(id: Id) => ({
  id,
  draw: sql<number>`random()`.as('draw'),
});
type Drawn = SubqueryWithSelection<ReturnType<typeof drawColumns<typeof tracks.id>>, 'drawn'>;

/**
 * Up to `size` tracks listed to the viewer (of those years, when given: inYears), at random. Each
 * track draws a random key; the `size` smallest keys of each half (listedHalves) hold the `size`
 * smallest of all, so the page is as fair as one draw over every listed track, each half read by
 * its own index. Only the page's rows are read whole. By genre: genre-lists.service.ts.
 */
export async function randomSongs(
  db: Database,
  viewerId: string,
  size: number,
  years: { from?: number; to?: number } = {},
) {
  if (size === 0) return [];
  const half = (where: SQL) =>
    db
      .select(drawColumns(tracks.id))
      .from(tracks)
      .where(and(where, inYears(tracks.createdAt, years)))
      .orderBy(sql`draw`)
      .limit(size);
  const [own, fromOthers] = listedHalves(db, viewerId);
  return songsDrawn(db, unionAll(half(own), half(fromOthers)).orderBy(sql`draw`).limit(size).as('drawn'));
}

/** The songs of a draw (drawColumns), in its order: only these rows are read whole. */
export async function songsDrawn(db: Database, drawn: Drawn) {
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
    .from(drawn)
    .innerJoin(tracks, eq(tracks.id, drawn.id))
    .innerJoin(users, eq(users.id, tracks.userId))
    .orderBy(drawn.draw);
  return rows.map((r) => ({ track: r.track, owner: toOwner(r.owner) }));
}

/**
 * Every track listed to the viewer, oldest first: search3's empty query (a client's full sync, 500
 * songs a page). The page is found among ids alone (listedSongIds), then only its rows are read.
 */
export async function listedSongs(db: Database, viewerId: string, page: ListPage, anchors?: SyncAnchors) {
  return songRowsOf(db, await listedSongIds(db, viewerId, page, anchors));
}

/** The songs of these track ids, in the ids' order (each id once; an id with no track is left out). */
export async function songRowsOf(db: Database, ids: readonly number[]): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  const rows = await songRowsStatement(db).execute({ ids: intArrayText(ids) });
  const byId = new Map(rows.map((r) => [r.track.id, { track: r.track, owner: toOwner(r.owner) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Prepared: one plan for any number of ids (one int[] parameter). */
const songRowsStatement = preparedOnce((db) =>
  db
    .select({ track: songColumns, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(sql`${tracks.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('subsonic_song_rows'),
);

/** The web app's track search (the caller's own tracks, best first), as rows for song nodes. */
export async function searchSongs(
  db: Database,
  viewerId: string,
  query: string,
  page: ListPage,
): Promise<SongRow[]> {
  if (page.limit === 0) return [];
  const found = await searchGroup(db, viewerId, 'tracks', query, page);
  if (found.items.length === 0) return [];
  const rows = await songRowsOf(
    db,
    found.items.map((item) => item.id),
  );
  // The search finds the caller's own only; kept so, whatever the index holds.
  return rows.filter((row) => row.track.userId === viewerId);
}

/** How many people the search reads before keeping the artists among them. */
const PEOPLE_SCAN = 200;

/**
 * Artists for a search: the people the web app's search finds (public profiles) that are also
 * artists the caller browses, so a search never names someone getArtists would not.
 */
export async function searchArtists(db: Database, viewerId: string, query: string, page: ListPage) {
  if (page.limit === 0) return [];
  const [people, artists] = await Promise.all([
    searchGroup(db, viewerId, 'people', query, { offset: 0, limit: PEOPLE_SCAN }),
    listArtists(db, viewerId),
  ]);
  const byId = new Map(artists.map((artist) => [artist.id, artist]));
  return people.items
    .flatMap((person) => byId.get(person.id) ?? [])
    .slice(page.offset, page.offset + page.limit);
}
