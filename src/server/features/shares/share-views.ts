import { createHash } from 'node:crypto';
import { countOf, displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import type { Embed, EmbedTrack } from '../../../shared/schemas/embed';
import type { Database } from '../../db/client';
import type { PreviewRoute } from '../previews/page-previews.service';
import {
  OG_IMAGE,
  PLAYLIST_EMBED,
  type Preview,
  previewText,
  TRACK_EMBED,
} from '../previews/previews.service';
import { streamSource, type TrackRow } from '../tracks/tracks.service';
import { byTokenBase, findLiveLink, type LiveShare, liveItemOf } from './shares.service';

/**
 * What a share link's preview tags and embed say (issue 24, decision 0335): the same item the page
 * shows, with every media address scoped to the token, never `/api/tracks/{id}/…` (a 404 for a
 * private track). Neither counts a visit.
 */

export const sharePath = (token: string) => `/s/${token}`;
const mediaBase = (token: string, trackId: number) => `${byTokenBase(token)}/tracks/${trackId}`;

/** The picture of a track through the link (features/shares/share-pages.routes.ts draws it). */
export const shareOgImagePath = (token: string, trackId: number) => `${mediaBase(token, trackId)}/og.png`;

/** `/s/{token}`: the pattern app.pagePreviews matches; the token's form is checked by the service. */
export const SHARE_PAGE_PATTERN = /^\/s\/([^/]{1,100})\/?$/;

/**
 * A link's preview, or an HttpError (404 unknown or revoked, 410 expired) the page answers with.
 * An upload link's page has the site's own tags (null): it opens nothing to describe (decision 0730).
 */
export async function sharePreview(db: Database, token: string): Promise<Preview | null> {
  const live = await findLiveLink(db, token);
  if (live.link.kind === 'upload') return null;
  const share = await liveItemOf(db, live);
  const { link, owner } = share;
  const by = displayName(owner);
  const author = { name: by, path: profilePath(owner) };
  const path = sharePath(token);
  // A password link's tags say nothing of what it opens (decision 0702): the page asks first.
  if (link.passwordHash !== null) return lockedPreview(share, path);
  const linkVersion = `${link.id}:${owner.updatedAt.getTime()}:${link.description ?? ''}`;
  if (share.type === 'track') {
    const { track } = share;
    const source = streamSource(track);
    return {
      kind: 'track',
      version: `${linkVersion}:${track.updatedAt.getTime()}:${track.peaksKey ?? ''}`,
      title: track.name,
      description: previewText(link.description) || previewText(track.notes) || `A track by ${by} on Journal`,
      path,
      image: { path: shareOgImagePath(token, track.id), ...OG_IMAGE },
      author,
      audio: source ? { path: `${mediaBase(token, track.id)}/stream`, type: source.mimeType } : null,
      durationSeconds: track.duration === null ? null : Math.round(track.duration),
      embed: { path: `/embed${path}`, ...TRACK_EMBED },
    };
  }
  const { playlist, tracks } = share;
  const count = countOf(tracks.length, 'track');
  const first = tracks[0];
  return {
    kind: 'playlist',
    version: [
      linkVersion,
      playlist.updatedAt.getTime(),
      ...tracks.map((t) => `${t.id}@${t.updatedAt.getTime()}`),
    ].join(':'),
    title: playlist.name,
    description:
      previewText(link.description) ||
      previewText(playlist.description) ||
      `A playlist by ${by} on Journal · ${count}`,
    path,
    // The first track's waveform picture: a playlist cover is an image of the owner's that the link
    // does not open by address (image URLs are public, but the cover may show a private playlist).
    image: first ? { path: shareOgImagePath(token, first.id), ...OG_IMAGE } : null,
    author,
    embed: { path: `/embed${path}`, ...PLAYLIST_EMBED },
  };
}

export const LOCKED_PREVIEW_TITLE = 'A private link on Journal';

/** No title, notes, owner, picture, audio or embed: only that the link is private. */
function lockedPreview(share: LiveShare, path: string): Preview {
  return {
    // Always 'track': og:type does not tell a playlist's link from a track's.
    kind: 'track',
    // Changes when the password does, so removing it brings the item's tags back at once.
    version: `locked:${share.link.id}:${createHash('sha256')
      .update(share.link.passwordHash ?? '')
      .digest('base64url')}`,
    title: LOCKED_PREVIEW_TITLE,
    description: 'Open the link and enter its password to listen.',
    path,
    image: null,
    author: null,
    audio: null,
    durationSeconds: null,
    embed: null,
  };
}

/** The `/s/{token}` kind of page for app.pagePreviews. */
export const sharePreviewRoute: PreviewRoute = {
  pattern: SHARE_PAGE_PATTERN,
  load: (match, db) => sharePreview(db, match[1]!),
  noindex: true,
  secretAddress: true,
};

const embedTrack = (token: string, row: TrackRow): EmbedTrack => ({
  id: row.id,
  name: row.name,
  duration: row.duration,
  playable: streamSource(row) !== null,
  streamUrl: `${mediaBase(token, row.id)}/stream`,
  waveformUrl: `${mediaBase(token, row.id)}/waveform`,
  // A track opened through a link has no page of its own the visitor may open.
  url: null,
});

/** GET /api/embed/s/{token}: the embed's `Embed` for what the link opens (decision 0330, point 5). */
export function shareEmbed(token: string, share: LiveShare): Embed {
  const { owner } = share;
  const common = {
    url: sharePath(token),
    owner: { name: displayName(owner), url: owner.isPublic ? profilePath(owner) : null },
  };
  if (share.type === 'track') {
    return { kind: 'track', title: share.track.name, ...common, tracks: [embedTrack(token, share.track)] };
  }
  return {
    kind: 'playlist',
    title: share.playlist.name,
    ...common,
    tracks: share.tracks.map((row) => embedTrack(token, row)),
  };
}
