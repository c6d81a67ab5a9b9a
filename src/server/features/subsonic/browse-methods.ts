import { HttpError } from '../../plugins/errors';
import { findListenableTrack } from '../tracks/tracks.service';
import { findAlbumTracks, findArtist, listArtists, ownerOf, summarizeAlbum } from './browse.service';
import { songNodes } from './song-nodes';
import type { SubsonicMethod } from './subsonic-context';
import {
  albumNode,
  artistId,
  MUSIC_FOLDER,
  parseAlbumId,
  parseArtistId,
  parseSongId,
} from './subsonic-library';
import { notFound, required, type SubsonicNode } from './subsonic-response';

// Browsing by artist and album (decision 0385): getArtists, getIndexes, getArtist, getAlbum, getSong.

/** An index letter: the name's first letter, upper case; `#` for anything else. */
const indexOf = (name: string) => {
  const first = name.trim().charAt(0).toUpperCase();
  return /\p{L}/u.test(first) ? first : '#';
};

async function artistIndex(db: Parameters<SubsonicMethod>[0]['db'], viewerId: string) {
  const byLetter = new Map<string, SubsonicNode[]>();
  for (const artist of await listArtists(db, viewerId)) {
    const letter = indexOf(artist.name);
    const node = {
      id: artistId(artist.id),
      name: artist.name,
      coverArt: artist.coverArt,
      albumCount: artist.albumCount,
    };
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), node]);
  }
  return [...byLetter].map(([name, artist]) => ({ name, artist }));
}

export const browseMethods: Record<string, SubsonicMethod> = {
  getArtists: async ({ db, caller }) => ({
    artists: { ignoredArticles: '', index: await artistIndex(db, caller.user.id) },
  }),
  // The folder-based listing, with the same artists (there is one folder, MUSIC_FOLDER).
  getIndexes: async ({ db, caller, params }) => {
    const folder = params.get('musicFolderId');
    if (folder !== undefined && folder !== String(MUSIC_FOLDER.id)) throw notFound('Music folder');
    return {
      indexes: {
        lastModified: Date.now(),
        ignoredArticles: '',
        index: await artistIndex(db, caller.user.id),
      },
    };
  },
  getArtist: async ({ db, caller, params }) => {
    const ownerId = parseArtistId(required(params, 'id'));
    const found = ownerId && (await findArtist(db, caller.user.id, ownerId));
    if (!found) throw notFound('Artist');
    const { owner, albums } = found;
    return {
      artist: {
        id: artistId(owner.id),
        name: owner.name,
        coverArt: found.cover,
        albumCount: albums.length,
        album: albums.map((album) => albumNode(owner, album)),
      },
    };
  },
  getAlbum: async ({ db, caller, params }) => {
    const id = parseAlbumId(required(params, 'id'));
    const rows = id ? await findAlbumTracks(db, caller.user.id, id.ownerId, id.year) : [];
    if (!id || !rows[0]) throw notFound('Album');
    const owner = rows[0].owner;
    const song = await songNodes(db, caller.user.id, rows);
    return { album: { ...albumNode(owner, summarizeAlbum(id.year, rows)), song } };
  },
  getSong: async ({ db, caller, params }) => {
    const id = parseSongId(params);
    try {
      const track = await findListenableTrack(db, id, caller.user.id);
      const [song] = await songNodes(db, caller.user.id, [{ track, owner: await ownerOf(db, track) }]);
      return { song };
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound('Song');
      throw err;
    }
  },
};
