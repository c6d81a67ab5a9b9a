import { displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import type { Embed, EmbedTrack } from '../../../shared/schemas/embed';
import type { Database } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { findPublicPlaylist, publicTracksOf } from '../playlists/public-playlist.service';
import { loadPublicTrack, type Owner } from '../tracks/public-track.service';
import { streamSource, type TrackRow } from '../tracks/tracks.service';

/** The embed page, its 404 and its id parsing, for share links' embed and public playlists' page. */
export { EMBED_HTML, pageId, sendEmbedPage, sendNotAvailable } from './embed-pages';

/**
 * What the embeddable player may show (issue 24, decision 0330): public tracks and public
 * playlists only, whoever asks. A signed-in owner framing their own private track gets the same 404
 * as anyone, so an embed never shows more than a visitor of the embedding site would see.
 */
const NOT_AVAILABLE = 'Not found';

type OwnerRow = Pick<Owner, 'id' | 'username' | 'firstName' | 'lastName' | 'isPublic'>;

const ownerOf = (owner: OwnerRow): Embed['owner'] => ({
  name: displayName(owner),
  url: owner.isPublic ? profilePath(owner) : null,
});

const embedTrack = (row: TrackRow): EmbedTrack => ({
  id: row.id,
  name: row.name,
  duration: row.duration,
  playable: streamSource(row) !== null,
  streamUrl: `/api/tracks/${row.id}/stream`,
  waveformUrl: `/api/tracks/${row.id}/waveform`,
  url: `/track/${row.id}`,
});

/** A public track as its embed shows it; 404 for a private or missing one (the same reply). */
export async function publicTrackEmbed(db: Database, trackId: number): Promise<Embed> {
  const found = await loadPublicTrack(db, trackId);
  if (!found) throw notFound(NOT_AVAILABLE);
  const track = embedTrack(found.track);
  return { kind: 'track', title: track.name, url: track.url!, owner: ownerOf(found.owner), tracks: [track] };
}

/**
 * A public playlist and its public tracks in order; 404 for a private or missing one. Private
 * tracks in a public playlist are left out, name and all: they are not the playlist's to publish.
 */
export async function publicPlaylistEmbed(db: Database, playlistId: number): Promise<Embed> {
  // The one meaning of "public playlist" (decision 0345), shared with its page and previews.
  const found = await findPublicPlaylist(db, playlistId);
  if (!found) throw notFound(NOT_AVAILABLE);
  const rows = await publicTracksOf(db, found.playlist.id, found.owner.id);
  return {
    kind: 'playlist',
    title: found.playlist.name,
    url: `/playlist/${found.playlist.id}`,
    owner: ownerOf(found.owner),
    tracks: rows.map(embedTrack),
  };
}
