import { HttpError } from '../../plugins/errors';
import { findListenableTrack, type TrackRow } from '../tracks/tracks.service';
import { findAlbumTracks, findArtist, type SongTrack } from './browse.service';
import type { SubsonicContext } from './subsonic-context';
import { parseAlbumId, parseArtistId, parseSongId } from './subsonic-library';
import { notFound, required } from './subsonic-response';

/**
 * The `id` of the methods that take "the artist, album or song ID" (getArtistInfo, getAlbumInfo,
 * getSimilarSongs…), resolved as getArtist, getAlbum and getSong resolve theirs (decision 0385): an
 * artist or album only when browsing lists it to the caller, a song when they may open it. Whatever
 * else is 70, named as `what`.
 */
export type LibraryItem =
  | { kind: 'artist'; ownerId: string }
  | { kind: 'album'; ownerId: string; year: number; songs: SongTrack[] }
  | { kind: 'song'; ownerId: string; song: TrackRow };

export async function resolveItem(
  { db, caller, params }: SubsonicContext,
  what: string,
  kinds: LibraryItem['kind'][] = ['artist', 'album', 'song'],
): Promise<LibraryItem> {
  const id = required(params, 'id');
  const viewerId = caller.user.id;
  if (id.startsWith('ar-')) {
    const ownerId = parseArtistId(id);
    if (kinds.includes('artist') && ownerId && (await findArtist(db, viewerId, ownerId))) {
      return { kind: 'artist', ownerId };
    }
  } else if (id.startsWith('al-')) {
    const album = parseAlbumId(id);
    const rows =
      album && kinds.includes('album') ? await findAlbumTracks(db, viewerId, album.ownerId, album.year) : [];
    if (album && rows.length > 0) return { kind: 'album', ...album, songs: rows.map((row) => row.track) };
  } else if (kinds.includes('song')) {
    try {
      const song = await findListenableTrack(db, parseSongId(params), viewerId);
      return { kind: 'song', ownerId: song.userId, song };
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 404)) throw err;
    }
  }
  throw notFound(what);
}
