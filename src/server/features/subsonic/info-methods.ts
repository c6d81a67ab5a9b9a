import { findAlbumTracks } from './browse.service';
import { artistEntry } from './directory-nodes';
import { albumNotes, artistProfile, similarArtists } from './info.service';
import { resolveItem } from './library-ids';
import { count } from './page-params';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { notFound, type SubsonicNode } from './subsonic-response';

/**
 * getArtistInfo(2) and getAlbumInfo(2) (issue 46, decision 0773). `id` is an artist, album or song
 * id (an album or song id for the album methods); no MusicBrainz id or Last.fm URL: Journal's music
 * is nobody's release. The older and the ID3 method answer alike, under their own names.
 */
async function artistInfo(context: SubsonicContext): Promise<SubsonicNode> {
  const { db, caller, params, origin } = context;
  const { ownerId } = await resolveItem(context, 'Artist');
  const [profile, similar] = await Promise.all([
    artistProfile(db, caller.user.id, ownerId, origin),
    similarArtists(db, caller.user.id, ownerId, count(params, 'count', 20)),
  ]);
  return { biography: profile.biography, ...profile.images, similarArtist: similar.map(artistEntry) };
}

async function albumInfo(context: SubsonicContext): Promise<SubsonicNode> {
  const { db, caller, origin } = context;
  const item = await resolveItem(context, 'Album', ['album', 'song']);
  if (item.kind === 'artist') throw notFound('Album'); // not asked for: narrows the type
  const year = item.kind === 'album' ? item.year : item.song.createdAt.getUTCFullYear();
  let songs = item.kind === 'album' ? item.songs : [];
  if (item.kind === 'song') {
    // The song's album as browsing lists it; a public song opened by id is told on its own.
    const rows = await findAlbumTracks(db, caller.user.id, item.ownerId, year);
    songs = rows.some((row) => row.track.id === item.song.id) ? rows.map((row) => row.track) : [item.song];
  }
  const [notes, { images }] = await Promise.all([
    albumNotes(db, year, songs),
    artistProfile(db, caller.user.id, item.ownerId, origin),
  ]);
  return { notes, ...images };
}

export const infoMethods: Record<string, SubsonicMethod> = {
  getArtistInfo: async (context) => ({ artistInfo: await artistInfo(context) }),
  getArtistInfo2: async (context) => ({ artistInfo2: await artistInfo(context) }),
  getAlbumInfo: async (context) => ({ albumInfo: await albumInfo(context) }),
  getAlbumInfo2: async (context) => ({ albumInfo: await albumInfo(context) }),
};
