import { likeTrack, unlikeTrack } from '../likes/likes.service';
import { requireBrowsedAlbum, requireBrowsedArtist } from './item-access';
import { listenableSong, songIdOf } from './song-access';
import { songNodes } from './song-nodes';
import { starItems, starredAlbums, starredArtists, starredSongs, unstarItems } from './stars.service';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { albumNode, artistId } from './subsonic-library';
import { missingParameter } from './subsonic-response';

/**
 * star, unstar and getStarred2 (issue 26, decision 0390). `id` names songs (and, as older clients
 * send them, albums and artists by their own ids); `albumId` and `artistId` albums and artists.
 */
function targets(params: SubsonicContext['params']) {
  const ids = params.getAll('id');
  const kind = (prefix: string) => ids.filter((id) => id.startsWith(prefix));
  const songs = ids.filter((id) => !id.startsWith('al-') && !id.startsWith('ar-'));
  const albums = [...new Set([...kind('al-'), ...params.getAll('albumId')])];
  const artists = [...new Set([...kind('ar-'), ...params.getAll('artistId')])];
  if (songs.length + albums.length + artists.length === 0) throw missingParameter('id');
  return { songs: [...new Set(songs)], albums, artists };
}

/** Every target must be the caller's to reach, or nothing is starred (70 names the first that is not). */
async function checkReachable(context: SubsonicContext, wanted: ReturnType<typeof targets>) {
  const { db, caller } = context;
  const viewerId = caller.user.id;
  for (const id of wanted.songs) await listenableSong(db, id, viewerId);
  for (const id of wanted.albums) await requireBrowsedAlbum(db, viewerId, id);
  for (const id of wanted.artists) await requireBrowsedArtist(db, viewerId, id);
}

export const starMethods: Record<string, SubsonicMethod> = {
  star: async (context) => {
    const { db, caller, params } = context;
    const wanted = targets(params);
    await checkReachable(context, wanted);
    for (const id of wanted.songs) await likeTrack(db, caller.user.id, Number(id));
    await starItems(db, caller.user.id, 'album', wanted.albums);
    await starItems(db, caller.user.id, 'artist', wanted.artists);
    return {};
  },

  // Whatever became of the item: unstarring tells nothing, and clears a star of what is gone.
  unstar: async ({ db, caller, params }) => {
    const wanted = targets(params);
    for (const id of wanted.songs) {
      const trackId = songIdOf(id);
      if (trackId !== undefined) await unlikeTrack(db, caller.user.id, trackId);
    }
    await unstarItems(db, caller.user.id, 'album', wanted.albums);
    await unstarItems(db, caller.user.id, 'artist', wanted.artists);
    return {};
  },

  getStarred2: async ({ db, caller }) => {
    const [artists, albums, songs] = await Promise.all([
      starredArtists(db, caller.user.id),
      starredAlbums(db, caller.user.id),
      starredSongs(db, caller.user.id),
    ]);
    const songNodeList = await songNodes(db, caller.user.id, songs);
    return {
      starred2: {
        artist: artists.map((a) => ({
          id: artistId(a.id),
          name: a.name,
          coverArt: a.coverArt,
          albumCount: a.albumCount,
          starred: a.starred.toISOString(),
        })),
        album: albums.map((a) => ({ ...albumNode(a.owner, a.album), starred: a.starred.toISOString() })),
        song: songs.map((s, i) => ({ ...songNodeList[i], starred: s.starred.toISOString() })),
      },
    };
  },
};
