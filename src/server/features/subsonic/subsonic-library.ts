import path from 'node:path';
import { tempoKeyFields } from '../../../shared/take-tempo-key';
import type { AlbumSummary, Owner, SongTrack } from './browse.service';
import { songIdOf } from './song-access';
import { songCoverArt } from './song-cover';
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
    // The owner's avatar, else its first song's tile (decision 0790).
    coverArt: owner.coverArt ?? album.cover,
    artist: owner.name,
    artistId: artistId(owner.id),
    songCount: album.songCount,
    duration: album.duration,
    created: album.created.toISOString(),
    year: album.year,
  };
}

/** A name as one segment of a song's `path`: no separator inside. */
const segment = (name: string) => name.replace(/[/\\]/g, '-').trim() || '-';

/**
 * A song as clients read it: never a storage path, only what the web app shows of a track. Every
 * field that needs no query (decision 0793); songNodes (song-nodes.ts) adds the caller's plays,
 * the review comment and the track number, and is what methods call.
 */
export function songNode(track: SongTrack, owner: Owner): SubsonicNode {
  const year = track.createdAt.getUTCFullYear();
  const suffix = path.extname(track.filename).slice(1).toLowerCase();
  const duration = track.duration === null ? undefined : Math.round(track.duration);
  // ArtistID3's required fields only, as the OpenSubsonic specification asks of these arrays.
  const artist = { id: artistId(owner.id), name: owner.name };
  const shown = tempoKeyFields(track);
  return {
    id: String(track.id),
    parent: albumId(owner.id, year),
    isDir: false,
    title: track.name,
    album: albumName(year),
    artist: owner.name,
    year,
    // Its own waveform tile (song-cover.ts), whoever's avatar the album shows.
    coverArt: songCoverArt(track),
    size: track.size,
    samplingRate: track.sampleRate ?? undefined,
    channelCount: track.channels ?? undefined,
    contentType: track.mimeType,
    suffix: suffix || undefined,
    duration,
    // kbit/s over the whole file, as players show it; unknown while the duration is.
    bitRate: track.duration ? Math.round((track.size * 8) / track.duration / 1000) : undefined,
    // A readable place in the library (artist/album/title), never where the file is stored.
    path: `${segment(owner.name)}/${albumName(year)}/${segment(track.name)}${suffix ? `.${suffix}` : ''}`,
    isVideo: false,
    discNumber: 1,
    created: track.createdAt.toISOString(),
    albumId: albumId(owner.id, year),
    artistId: artistId(owner.id),
    type: 'music',
    mediaType: 'song',
    // The tempo the track shows, whole (OpenSubsonic's `bpm` is an integer; 0 = unknown), and its
    // key in Journal's own field, which the specification has none for (decision 0823).
    bpm: shown.bpm === null ? 0 : Math.round(shown.bpm),
    musicalKey: shown.musicalKey ?? undefined,
    // OpenSubsonic's empty value for what Journal does not know.
    musicBrainzId: '',
    sortName: track.name,
    genres: [],
    artists: [artist],
    displayArtist: owner.name,
    albumArtists: [artist],
    displayAlbumArtist: owner.name,
  };
}

/** A song id as getSong and getAlbum give it (a track id); anything else is not found. */
export function parseSongId(params: SubsonicParams): number {
  const id = params.get('id');
  if (id === undefined) throw missingParameter('id');
  const songId = songIdOf(id);
  if (songId === undefined) throw notFound('Song');
  return songId;
}
