import path from 'node:path';
import { HttpError } from '../../plugins/errors';
import { findListenableTrack, type TrackRow } from '../tracks/tracks.service';
import {
  type AlbumSummary,
  findAlbumTracks,
  findArtist,
  listArtists,
  type Owner,
  ownerOf,
} from './browse.service';
import { parseSongId } from './media-methods';
import { songPlays } from './song-plays';
import type { SubsonicMethod } from './subsonic-methods';
import { missingParameter, SubsonicCode, SubsonicError, type SubsonicNode } from './subsonic-response';
import { MUSIC_FOLDER } from './system-methods';

/**
 * Browsing by artist and album (decision 0385). Ids are opaque text to clients: `ar-{userId}`,
 * `al-{userId}-{year}`, and a song's is its track id. Anything else, or what the caller may not
 * see, is 70 (not found), whether or not it exists.
 */
export const artistId = (ownerId: string) => `ar-${ownerId}`;
export const albumId = (ownerId: string, year: number) => `al-${ownerId}-${year}`;
const albumName = (year: number) => `Journal ${year}`;
export const notFound = (what: string) => new SubsonicError(SubsonicCode.notFound, `${what} not found`);

export function required(params: { get(name: string): string | undefined }, name: string): string {
  const value = params.get(name);
  if (value === undefined) throw missingParameter(name);
  return value;
}

/** A user id as ids carry it: short, printable (PostgreSQL would refuse a NUL). */
const isOwnerId = (id: string) => id.length > 0 && id.length <= 64 && !/\p{Cc}/u.test(id);

export function parseArtistId(id: string): string | undefined {
  const ownerId = id.startsWith('ar-') ? id.slice(3) : '';
  return isOwnerId(ownerId) ? ownerId : undefined;
}

export function parseAlbumId(id: string): { ownerId: string; year: number } | undefined {
  const match = /^al-(.+)-(\d{4})$/u.exec(id);
  if (!match || !isOwnerId(match[1]!)) return undefined;
  return { ownerId: match[1]!, year: Number(match[2]) };
}

/** An index letter: the name's first letter, upper case; `#` for anything else. */
const indexOf = (name: string) => {
  const first = name.trim().charAt(0).toUpperCase();
  return /\p{L}/u.test(first) ? first : '#';
};

export function albumNode(owner: Owner, album: AlbumSummary): SubsonicNode {
  return {
    id: albumId(owner.id, album.year),
    name: albumName(album.year),
    coverArt: owner.coverArt,
    artist: owner.name,
    artistId: artistId(owner.id),
    songCount: album.songCount,
    duration: album.duration,
    created: album.created.toISOString(),
    year: album.year,
  };
}

/** A song as clients read it: never a storage path, only what the web app shows of a track. */
export function songNode(track: TrackRow, owner: Owner): SubsonicNode {
  const year = track.createdAt.getUTCFullYear();
  const suffix = path.extname(track.filename).slice(1).toLowerCase();
  return {
    id: String(track.id),
    parent: albumId(owner.id, year),
    isDir: false,
    title: track.name,
    album: albumName(year),
    artist: owner.name,
    albumId: albumId(owner.id, year),
    artistId: artistId(owner.id),
    coverArt: owner.coverArt,
    year,
    duration: track.duration === null ? undefined : Math.round(track.duration),
    size: track.size,
    contentType: track.mimeType,
    suffix: suffix || undefined,
    created: track.createdAt.toISOString(),
    type: 'music',
    mediaType: 'song',
  };
}

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
        coverArt: owner.coverArt,
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
    const summary: AlbumSummary = {
      year: id.year,
      songCount: rows.length,
      duration: Math.round(rows.reduce((sum, row) => sum + (row.track.duration ?? 0), 0)),
      created: rows[0].track.createdAt,
    };
    const plays = await songPlays(
      db,
      caller.user.id,
      rows.map((row) => row.track.id),
    );
    const song = rows.map((row) => ({ ...songNode(row.track, owner), ...plays(row.track.id) }));
    return { album: { ...albumNode(owner, summary), song } };
  },
  getSong: async ({ db, caller, params }) => {
    const id = parseSongId(params);
    try {
      const track = await findListenableTrack(db, id, caller.user.id);
      const plays = await songPlays(db, caller.user.id, [track.id]);
      return { song: { ...songNode(track, await ownerOf(db, track)), ...plays(track.id) } };
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound('Song');
      throw err;
    }
  },
};
