import { albumChildOf, checkMusicFolder } from './directory-nodes';
import { listedSongs, searchSongs } from './lists.service';
import { count, offsetOf } from './page-params';
import { songNodes } from './song-nodes';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import type { SubsonicNode } from './subsonic-response';

/**
 * The pre-ID3 lists (issue 46, decision 0772): getAlbumList, search2 and getStarred answer what
 * getAlbumList2, search3 and getStarred2 do, the same items in the same order, in the older shape:
 * an album is a directory `Child` (isDir, title, parent the artist). `search`, deprecated since
 * 1.4.0, finds songs as search3 does and answers `searchResult` with `match`es.
 */
const nodes = (value: unknown) => (Array.isArray(value) ? (value as SubsonicNode[]) : []);

/** A `*2`/`*3` method's reply under `key`, with its albums made directories, renamed `as`. */
async function asOlder(method: SubsonicMethod, context: SubsonicContext, key: string, as: string) {
  checkMusicFolder(context.params);
  const newer = (await method(context))[key] as SubsonicNode;
  return { [as]: { ...newer, album: nodes(newer.album).map(albumChildOf) } };
}

// Its `artist`, `album`, `title` and `any` are one query here: Journal's search finds the caller's
// own tracks by their words (features/search); none of them lists every song browsing lists.
const search: SubsonicMethod = async ({ db, caller, params, syncAnchors }) => {
  const words = ['any', 'title', 'artist', 'album'].flatMap((name) => params.get(name)?.trim() || []);
  const page = { offset: offsetOf(params, 'offset'), limit: count(params, 'count', 20) };
  const newerThan = params.get('newerThan');
  const after = newerThan && /^\d{1,15}$/.test(newerThan) ? Number(newerThan) : 0;
  // One more than asked: whether another page follows.
  const ask = { offset: page.offset, limit: page.limit + 1 };
  const found =
    words.length === 0
      ? await listedSongs(db, caller.user.id, ask, syncAnchors)
      : await searchSongs(db, caller.user.id, words.join(' '), ask);
  const match = await songNodes(
    db,
    caller.user.id,
    found.slice(0, page.limit).filter((row) => row.track.createdAt.getTime() > after),
  );
  // Not counted in full: the hits up to this page, and one more when another page follows, which
  // is all a client paging through needs of it.
  const more = found.length > page.limit ? 1 : 0;
  return { searchResult: { offset: page.offset, totalHits: page.offset + match.length + more, match } };
};

/**
 * The older methods, given the newer ones they answer as (getAlbumList2, search3, getStarred2):
 * handed in by the registry, the one module that imports method modules (decision 0466).
 */
export const legacyListMethods = (newer: Record<string, SubsonicMethod>): Record<string, SubsonicMethod> => ({
  getAlbumList: (context) => asOlder(newer.getAlbumList2!, context, 'albumList2', 'albumList'),
  search2: (context) => asOlder(newer.search3!, context, 'searchResult3', 'searchResult2'),
  getStarred: (context) => asOlder(newer.getStarred2!, context, 'starred2', 'starred'),
  search,
});
