import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArrayText } from '../../db/int-array';
import { preparedOnce } from '../../db/prepared';
import { routeTurns } from '../../db/route-turns';
import { tracks } from '../../db/schema';
import { listedFromOthers } from '../tracks/tracks.service';
import { type SongRow, yearOf } from './browse.service';
import { genreFields, genresOf } from './genres.service';
import { listedSongIds, type SyncAnchors } from './listed-song-ids';
import { songRowsOf } from './lists.service';
import type { ListPage } from './page-params';
import { songPlays } from './song-plays';
import { songReview } from './song-review';
import { songMarker } from './stars.service';
import { songNode } from './subsonic-library';
import type { SubsonicNode } from './subsonic-response';

/**
 * Each song's `track`: its place in its album (its owner's year) among what the caller browses,
 * oldest first, as getAlbum lists them (decision 0793). One statement for any number of songs; a
 * song the caller hears without browsing it (a public track by id) has no place, so no number.
 * Per album of the songs: the tracks before its first song are counted (the caller's own by an
 * index-only scan of their order index, others' from the caller's collectives by listedFromOthers),
 * and only the tracks from its first song to its last are numbered one by one. Numbering the whole
 * year up to the songs took ~100 ms for a sync page in the middle of a year of a 100,000-track
 * journal (issue 48, decision 0891); this takes ~5 ms.
 */
async function trackNumbers(db: Database, viewerId: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const found = await trackNumbersStatement(db).execute({ viewerId, ids: intArrayText(ids) });
  return new Map(found.map((row) => [Number(row.id), Number(row.n)]));
}

/**
 * Prepared (decision 0510's preparedOnce): PostgreSQL planned it for ~5 ms a sync page against
 * ~9 ms to run it (issue 48). The WITH sits in a subquery, the form drizzle prepares.
 */
const trackNumbersStatement = preparedOnce((db) => {
  // Placeholders stand for the viewer's id wherever it is compared, and for the ids' array text.
  const viewerId = sql.placeholder('viewerId') as unknown as string;
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const yearStart = sql`make_timestamptz(g.y, 1, 1, 0, 0, 0, 'UTC')`;
  const others = listedFromOthers(db, viewerId);
  // Each count has a one-time filter on the album's owner: only one of the two runs, and the
  // caller's own is an index-only scan (it reads nothing but the order index).
  const numbered = sql`
    with page as materialized (
      select ${tracks.id} as id, ${tracks.userId} as user_id, ${tracks.createdAt} as created_at, ${yearOf} as y
      from ${tracks} where ${tracks.id} = any(${ids})
    ), albums as materialized (
      select g.*,
        (select count(*) from ${tracks} where g.user_id = ${viewerId} and ${tracks.userId} = g.user_id
           and ${tracks.createdAt} >= ${yearStart} and ${tracks.createdAt} < g.first_at)
        + (select count(*) from ${tracks} where g.user_id <> ${viewerId} and ${tracks.userId} = g.user_id
           and ${tracks.createdAt} >= ${yearStart} and ${tracks.createdAt} < g.first_at and ${others}) as before
      from (select user_id, y, min(created_at) as first_at, max(created_at) as last_at
            from page group by user_id, y) g
    )
    select numbered.id, g.before + numbered.n as n
    from albums g
    cross join lateral (
      select ${tracks.id} as id, row_number() over (order by ${tracks.createdAt}, ${tracks.id}) as n
      from ${tracks}
      where ${tracks.userId} = g.user_id and ${tracks.createdAt} >= g.first_at and ${tracks.createdAt} <= g.last_at
        and (${tracks.userId} = ${viewerId} or ${others})
    ) numbered
    join page on page.id = numbered.id`;
  return db
    .select({ id: sql<number | string>`x.id`, n: sql<number | string>`x.n` })
    .from(sql`(${numbered}) x`)
    .prepare('subsonic_track_numbers');
});

/** Song nodes built in one unit of request work (mapInTurns): a sync page's 500 are five (decision 0937). */
const SONGS_A_TURN = 100;

/**
 * Song nodes as every method that lists songs answers them (getAlbum, getSong, search3, playlists,
 * getStarred2…): songNode's fields, then what needs the database, one grouped query each whatever
 * the number of songs (decision 0793): the caller's plays (song-plays.ts), the review comment
 * (song-review.ts), the track number, the genres (genres.service.ts), and the caller's star and
 * rating (songMarker, which withStars then leaves: it marks the rest of the reply).
 */
export async function songNodes(db: Database, viewerId: string, rows: SongRow[]): Promise<SubsonicNode[]> {
  return songNodesOf(db, viewerId, [...new Set(rows.map((row) => row.track.id))], Promise.resolve(rows));
}

/**
 * songNodes of `rows`, the songs of `ids` still being read: what a node needs of the database is
 * read by the ids meanwhile, each statement on its own connection. A sync page found its ids, then
 * read its 500 rows, then the rest: the rows' read now overlaps the others' (issue 48).
 */
async function songNodesOf(
  db: Database,
  viewerId: string,
  ids: number[],
  rows: Promise<SongRow[]>,
): Promise<SubsonicNode[]> {
  const [songs, plays, review, numbers, genres, mark] = await Promise.all([
    rows,
    songPlays(db, viewerId, ids),
    songReview(db, viewerId, ids),
    trackNumbers(db, viewerId, ids),
    genresOf(db, ids),
    songMarker(db, viewerId, ids),
  ]);
  // Added to each node in place: a sync page is 500 songs of ~40 fields, and spreading each into a
  // new object was a tenth of its time and much of its garbage (issue 48). The same keys, in the
  // same order, as spreading gave.
  return routeTurns.mapInTurns(songs, SONGS_A_TURN, ({ track, owner }) => {
    const node = songNode(track, owner);
    node.track = numbers.get(track.id);
    Object.assign(node, plays(track.id), review(track.id), genreFields(genres.get(track.id)));
    mark(node);
    return node;
  });
}

/** A page of every song listed to the viewer (listedSongIds), as song nodes: search3's sync. */
export async function listedSongNodes(
  db: Database,
  viewerId: string,
  page: ListPage,
  anchors?: SyncAnchors,
): Promise<SubsonicNode[]> {
  const ids = await listedSongIds(db, viewerId, page, anchors);
  return songNodesOf(db, viewerId, ids, songRowsOf(db, ids));
}
