import type { SongRow } from './browse.service';
import { listArtists } from './browse.service';
import { resolveItem } from './library-ids';
import { count } from './page-params';
import { listedTrackIds, similarSongs, topSongs } from './song-lists.service';
import { songNodes } from './song-nodes';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { parseArtistId } from './subsonic-library';
import { missingParameter } from './subsonic-response';

/**
 * getTopSongs and getSimilarSongs(2) (issue 46, decisions 0774, 0775): lists of songs an app plays
 * from an artist's page or as a radio.
 */
const songs = async ({ db, caller }: SubsonicContext, rows: SongRow[]) => ({
  song: await songNodes(db, caller.user.id, rows),
});

/** Names are not unique: every artist the caller browses under that name (case aside). */
async function ownersNamed({ db, caller, params }: SubsonicContext): Promise<string[]> {
  const id = params.get('id');
  if (id !== undefined) {
    const ownerId = parseArtistId(id);
    return ownerId ? [ownerId] : [];
  }
  const name = params.get('artist');
  if (name === undefined) throw missingParameter('artist');
  const same = (a: string) => a.localeCompare(name.trim(), 'en', { sensitivity: 'base' }) === 0;
  return (await listArtists(db, caller.user.id)).filter((a) => same(a.name)).map((a) => a.id);
}

async function similar(context: SubsonicContext) {
  const { db, caller, params } = context;
  const item = await resolveItem(context, 'Song');
  const trackIds =
    item.kind === 'song'
      ? [item.song.id]
      : item.kind === 'album'
        ? item.songs.map((song) => song.id)
        : await listedTrackIds(db, caller.user.id, item.ownerId);
  const seed = { trackIds, ownerId: item.ownerId };
  return songs(context, await similarSongs(db, caller.user.id, seed, count(params, 'count', 50)));
}

export const songListMethods: Record<string, SubsonicMethod> = {
  // An unknown artist has no top songs: an empty list, as other servers answer.
  getTopSongs: async (context) => {
    const { db, caller, params } = context;
    const owners = await ownersNamed(context);
    return {
      topSongs: await songs(context, await topSongs(db, caller.user.id, owners, count(params, 'count', 50))),
    };
  },
  getSimilarSongs: async (context) => ({ similarSongs: await similar(context) }),
  getSimilarSongs2: async (context) => ({ similarSongs2: await similar(context) }),
};
