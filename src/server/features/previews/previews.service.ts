import { eq, or, sql } from 'drizzle-orm';
import { countOf, displayName } from '../../../shared/format';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { imageUrlOf } from '../../media/image-url';
import { findPublicPlaylist, publicTracksOf } from '../playlists/public-playlist.service';
import { loadPublicTrack, type Owner as PageOwner } from '../tracks/public-track.service';
import { streamSource, type TrackRow } from '../tracks/tracks.service';

/** Someone's public name and profile address, as a preview credits them. */
export interface PreviewAuthor {
  name: string;
  /** Site-relative: `/profile/{username or id}`. */
  path: string;
}

/**
 * What a link preview (meta tags, oEmbed) may say of one PUBLIC thing (issue 24, decision 0325).
 * Loaders answer null for anything that is not public, so nothing of a private thing is ever read
 * into a page. Paths are site-relative; the renderers make them absolute with PUBLIC_URL.
 */
export interface Preview {
  kind: 'track' | 'playlist' | 'profile';
  /** What the page cache keys on: changes whenever anything shown here may have changed. */
  version: string;
  title: string;
  description: string;
  /** The canonical page. */
  path: string;
  /** The picture (1200×630 for tracks); null: none. */
  image: { path: string; width?: number; height?: number } | null;
  author: PreviewAuthor | null;
  /** Tracks: the stream a player may fetch, its type and length in seconds. */
  audio?: { path: string; type: string } | null;
  durationSeconds?: number | null;
  /** The player page framed by oEmbed and twitter:player; null: nothing to embed. */
  embed: { path: string; width: number; height: number } | null;
}

type Owner = Pick<PageOwner, 'id' | 'username' | 'firstName' | 'lastName'>;

const authorOf = (owner: Owner): PreviewAuthor => ({
  name: displayName(owner),
  path: profilePathOf(owner),
});

function profilePathOf(user: { id: string; username: string | null }) {
  const username = user.username?.trim();
  const usable = username && !/^\.{1,2}$/.test(username);
  return `/profile/${encodeURIComponent(usable ? username : user.id)}`;
}

/** Notes and bios in a preview: one line, at most about 200 characters. */
export function previewText(text: string | null | undefined, max = 200): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export const TRACK_EMBED = { width: 480, height: 160 };
export const PLAYLIST_EMBED = { width: 480, height: 400 };
export const OG_IMAGE = { width: 1200, height: 630 };

export function trackPreview(track: TrackRow, owner: Owner & { updatedAt: Date }): Preview {
  const source = streamSource(track);
  const by = displayName(owner);
  return {
    kind: 'track',
    version: `${track.updatedAt.getTime()}:${owner.updatedAt.getTime()}:${track.peaksKey ?? ''}`,
    title: track.name,
    description: previewText(track.notes) || `A track by ${by} on Journal`,
    path: `/track/${track.id}`,
    image: { path: `/api/tracks/${track.id}/og.png`, ...OG_IMAGE },
    author: authorOf(owner),
    audio: source ? { path: `/api/tracks/${track.id}/stream`, type: source.mimeType } : null,
    durationSeconds: track.duration === null ? null : Math.round(track.duration),
    embed: { path: `/embed/track/${track.id}`, ...TRACK_EMBED },
  };
}

export async function publicTrackPreview(db: Database, trackId: number): Promise<Preview | null> {
  const found = await loadPublicTrack(db, trackId);
  return found ? trackPreview(found.track, found.owner) : null;
}

/**
 * A public profile (decision 0014), named by id or username ignoring case as GET
 * /api/public/users/{x} names it (an id wins); null when private or missing.
 */
export async function publicProfilePreview(db: Database, idOrUsername: string): Promise<Preview | null> {
  if (idOrUsername.length === 0 || idOrUsername.length > 100) return null;
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.id, idOrUsername), sql`lower(${users.username}) = lower(${idOrUsername})`))
    .orderBy(sql`${users.id} = ${idOrUsername} desc`)
    .limit(1);
  if (!user?.isPublic) return null;
  const name = displayName(user);
  const avatar = imageUrlOf(user.avatarKey);
  return {
    kind: 'profile',
    version: String(user.updatedAt.getTime()),
    title: name,
    description: previewText(user.bio) || `${name} on Journal`,
    path: profilePathOf(user),
    image: avatar ? { path: `${avatar}-256.webp`, width: 256, height: 256 } : null,
    author: authorOf(user),
    embed: null,
  };
}

/**
 * A public playlist (`playlists.isPublic`) at /playlist/{id}; null otherwise. Its picture is its
 * cover, else the first public track's waveform image; only public tracks are counted or shown.
 */
export async function publicPlaylistPreview(db: Database, playlistId: number): Promise<Preview | null> {
  // The one meaning of "public playlist" (decision 0345), shared with its page and the embed.
  const found = await findPublicPlaylist(db, playlistId);
  if (!found) return null;
  const { playlist, owner } = found;
  const shown = await publicTracksOf(db, playlist.id, owner.id);
  const cover = imageUrlOf(playlist.imageKey);
  const first = shown[0];
  const by = displayName(owner);
  const count = countOf(shown.length, 'track');
  return {
    kind: 'playlist',
    version: [
      playlist.updatedAt.getTime(),
      owner.updatedAt.getTime(),
      ...shown.map((t) => `${t.id}@${t.updatedAt.getTime()}`),
    ].join(':'),
    title: playlist.name,
    description: previewText(playlist.description) || `A playlist by ${by} on Journal · ${count}`,
    path: `/playlist/${playlist.id}`,
    image: cover
      ? { path: `${cover}-256.webp`, width: 256, height: 256 }
      : first
        ? { path: `/api/tracks/${first.id}/og.png`, ...OG_IMAGE }
        : null,
    author: authorOf(owner),
    embed: { path: `/embed/playlist/${playlist.id}`, ...PLAYLIST_EMBED },
  };
}
