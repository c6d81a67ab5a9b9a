import { listArtists } from './browse.service';
import {
  type AlbumListType,
  listAlbums,
  listedSongs,
  orderAlbums,
  randomSongs,
  searchArtists,
  searchSongs,
} from './lists.service';
import { albumsByPlays } from './played-albums';
import { songNodes } from './song-nodes';
import { starredAlbums } from './stars.service';
import type { SubsonicMethod } from './subsonic-context';
import { albumNode, artistId } from './subsonic-library';
import type { SubsonicParams } from './subsonic-params';
import { missingParameter, SubsonicCode, SubsonicError } from './subsonic-response';

/** The most items one page holds, whatever a client asks (Navidrome and Subsonic cap at 500). */
const MAX_PAGE = 500;

/** An optional whole number in [0, max]; anything else is the client's mistake (code 0). */
function count(params: SubsonicParams, name: string, fallback: number, max = MAX_PAGE): number {
  const value = params.get(name);
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value))
    throw new SubsonicError(SubsonicCode.generic, `${name} must be a whole number`);
  return Math.min(Number(value), max);
}
const offsetOf = (params: SubsonicParams, name: string) => count(params, name, 0, 1_000_000);

const ALBUM_LIST_TYPES = new Set<AlbumListType>([
  'newest',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'random',
  'byYear',
  'recent',
  'frequent',
  'starred',
  'highest',
  'byGenre',
]);

/** Clients send `""` for "everything" (Symfonium, DSub's sync) as well as an empty query. */
const isEverything = (query: string) => query.trim() === '' || query.trim() === '""';

export const listMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: async ({ db, caller, params }) => {
    const type = params.get('type');
    if (type === undefined) throw missingParameter('type');
    if (!ALBUM_LIST_TYPES.has(type as AlbumListType)) {
      throw new SubsonicError(SubsonicCode.generic, `Unknown album list type: ${type}`);
    }
    const size = count(params, 'size', 10);
    const offset = offsetOf(params, 'offset');
    const years = {
      from: params.get('fromYear') === undefined ? undefined : count(params, 'fromYear', 0, 9999),
      to: params.get('toYear') === undefined ? undefined : count(params, 'toYear', 9999, 9999),
    };
    const albums =
      type === 'recent' || type === 'frequent'
        ? await albumsByPlays(db, caller.user.id, type)
        : type === 'starred'
          ? await starredAlbums(db, caller.user.id)
          : orderAlbums(await listAlbums(db, caller.user.id), type as AlbumListType, years);
    return {
      albumList2: { album: albums.slice(offset, offset + size).map((a) => albumNode(a.owner, a.album)) },
    };
  },

  getRandomSongs: async ({ db, caller, params }) => {
    const rows = await randomSongs(db, caller.user.id, count(params, 'size', 10));
    return { randomSongs: { song: await songNodes(db, caller.user.id, rows) } };
  },

  search3: async ({ db, caller, params }) => {
    const query = params.get('query');
    if (query === undefined) throw missingParameter('query');
    const page = (what: string) => ({
      offset: offsetOf(params, `${what}Offset`),
      limit: count(params, `${what}Count`, 20),
    });
    const [artistPage, albumPage, songPage] = [page('artist'), page('album'), page('song')];
    const everything = isEverything(query);
    const slice = <T>(list: T[], p: { offset: number; limit: number }) =>
      list.slice(p.offset, p.offset + p.limit);
    // An empty query lists what browsing lists. Otherwise the web app's search: it finds the
    // caller's own tracks and people, and has no albums to find (an album is a year of a journal).
    const [artists, albums, songs] = await Promise.all([
      everything
        ? listArtists(db, caller.user.id).then((all) => slice(all, artistPage))
        : searchArtists(db, caller.user.id, query, artistPage),
      everything
        ? listAlbums(db, caller.user.id).then((all) =>
            slice(orderAlbums(all, 'alphabeticalByArtist'), albumPage),
          )
        : [],
      everything
        ? listedSongs(db, caller.user.id, songPage)
        : searchSongs(db, caller.user.id, query, songPage),
    ]);
    return {
      searchResult3: {
        artist: artists.map((a) => ({
          id: artistId(a.id),
          name: a.name,
          coverArt: a.coverArt,
          albumCount: a.albumCount,
        })),
        album: albums.map((a) => albumNode(a.owner, a.album)),
        song: await songNodes(db, caller.user.id, songs),
      },
    };
  },
};
