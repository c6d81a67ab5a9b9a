import { listArtists } from './browse.service';
import { checkMusicFolder } from './directory-nodes';
import { albumsByGenre, randomSongsOfGenre } from './genre-lists.service';
import { couldBeGenre } from './genres.service';
import {
  type AlbumListItem,
  type AlbumListType,
  listAlbums,
  orderAlbums,
  randomSongs,
  searchArtists,
  searchSongs,
} from './lists.service';
import { count, type ListPage, offsetOf } from './page-params';
import { albumsByPlays } from './played-albums';
import { highestAlbums } from './ratings.service';
import { listedSongNodes, songNodes } from './song-nodes';
import { starredAlbums } from './stars.service';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { albumNode, artistId } from './subsonic-library';
import { missingParameter, SubsonicCode, SubsonicError } from './subsonic-response';

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

/** One page of the albums of one list type, each from the module that owns its order. */
async function albumsOfType(
  db: SubsonicContext['db'],
  viewerId: string,
  type: AlbumListType,
  options: { genre?: string; years: { from?: number; to?: number }; page: ListPage },
): Promise<AlbumListItem[]> {
  const { offset, limit } = options.page;
  const paged = async (albums: Promise<AlbumListItem[]>) => (await albums).slice(offset, offset + limit);
  switch (type) {
    // Only the page's albums are summed, found from the kept genres (decision 0899).
    case 'byGenre':
      return albumsByGenre(db, viewerId, options.genre!, options.page);
    case 'recent':
    case 'frequent':
      return paged(albumsByPlays(db, viewerId, type));
    case 'starred':
      return paged(starredAlbums(db, viewerId));
    case 'highest':
      return paged(highestAlbums(db, viewerId));
    default:
      return paged(listAlbums(db, viewerId).then((albums) => orderAlbums(albums, type, options.years)));
  }
}

/** fromYear and toYear, each when given (getAlbumList2 byYear, getRandomSongs). */
const yearsOf = (params: SubsonicContext['params']) => ({
  from: params.get('fromYear') === undefined ? undefined : count(params, 'fromYear', 0, 9999),
  to: params.get('toYear') === undefined ? undefined : count(params, 'toYear', 9999, 9999),
});

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
    const years = yearsOf(params);
    // byGenre: decision 0771 (the genre is required, as the protocol says).
    const genre = type === 'byGenre' ? params.get('genre') : undefined;
    if (type === 'byGenre' && genre === undefined) throw missingParameter('genre');
    const page = { offset, limit: size };
    const albums = await albumsOfType(db, caller.user.id, type as AlbumListType, { genre, years, page });
    return { albumList2: { album: albums.map((a) => albumNode(a.owner, a.album)) } };
  },

  // A genre radio, or a decade's: the same filters as the protocol's, over what the caller browses.
  getRandomSongs: async ({ db, caller, params }) => {
    checkMusicFolder(params);
    const size = count(params, 'size', 10);
    const genre = params.get('genre');
    if (genre !== undefined && !couldBeGenre(genre)) return { randomSongs: { song: [] } };
    const years = yearsOf(params);
    // A genre's songs from the kept genres (decision 0899); else every track, years and all.
    const rows =
      genre === undefined
        ? await randomSongs(db, caller.user.id, size, years)
        : await randomSongsOfGenre(db, caller.user.id, genre, size, years);
    return { randomSongs: { song: await songNodes(db, caller.user.id, rows) } };
  },

  search3: async ({ db, caller, params, syncAnchors }) => {
    const query = params.get('query');
    if (query === undefined) throw missingParameter('query');
    const page = (what: string) => ({
      offset: offsetOf(params, `${what}Offset`),
      limit: count(params, `${what}Count`, 20),
    });
    const [artistPage, albumPage, songPage] = [page('artist'), page('album'), page('song')];
    const everything = isEverything(query);
    const slice = <T>(list: T[], p: ListPage) => list.slice(p.offset, p.offset + p.limit);
    // An empty query lists what browsing lists. Otherwise the web app's search: it finds the
    // caller's own tracks and people, and has no albums to find (an album is a year of a journal).
    // A sync pages songs with artistCount=0&albumCount=0: what is not asked for is not read.
    const [artists, albums, songs] = await Promise.all([
      everything
        ? artistPage.limit === 0
          ? []
          : listArtists(db, caller.user.id).then((all) => slice(all, artistPage))
        : searchArtists(db, caller.user.id, query, artistPage),
      everything && albumPage.limit > 0
        ? listAlbums(db, caller.user.id).then((all) =>
            slice(orderAlbums(all, 'alphabeticalByArtist'), albumPage),
          )
        : [],
      everything
        ? listedSongNodes(db, caller.user.id, songPage, syncAnchors)
        : searchSongs(db, caller.user.id, query, songPage).then((rows) =>
            songNodes(db, caller.user.id, rows),
          ),
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
        song: songs,
      },
    };
  },
};
