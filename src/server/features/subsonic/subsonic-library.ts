import path from 'node:path';
import { INT4_MAX } from '../../../shared/schemas/primitives';
import type { TrackRow } from '../tracks/tracks.service';
import type { AlbumSummary, Owner } from './browse.service';
import type { SubsonicParams } from './subsonic-params';
import { missingParameter, notFound, type SubsonicNode } from './subsonic-response';

/** The one music folder: everything the caller may hear (decision 0385). */
export const MUSIC_FOLDER = { id: 1, name: 'Journal' } as const;

/**
 * The library as Subsonic clients see it (decision 0385): artists are people, albums a person's
 * tracks of one year, songs tracks. Ids are opaque text to clients: `ar-{userId}`,
 * `al-{userId}-{year}`, and a song's is its track id. Anything else, or what the caller may not
 * see, is 70 (not found), whether or not it exists.
 */
export const artistId = (ownerId: string) => `ar-${ownerId}`;
export const albumId = (ownerId: string, year: number) => `al-${ownerId}-${year}`;
const albumName = (year: number) => `Journal ${year}`;

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

/** A song id as getSong and getAlbum give it (a track id); anything else is not found. */
export function parseSongId(params: SubsonicParams): number {
  const id = params.get('id');
  if (id === undefined) throw missingParameter('id');
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > INT4_MAX) throw notFound('Song');
  return Number(id);
}
