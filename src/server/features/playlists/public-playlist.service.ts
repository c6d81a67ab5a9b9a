import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import { PUBLIC_PLAYLIST_NOT_FOUND, type PublicPlaylist } from '../../../shared/schemas/playlists';
import { INT4_MAX } from '../../../shared/schemas/primitives';
import { tempoKeyFields } from '../../../shared/take-tempo-key';
import type { Database } from '../../db/client';
import { playlists, playlistTracks, tracks, users } from '../../db/schema';
import { imageUrlOf } from '../../media/image-url';
import { notFound } from '../../plugins/errors';
import { type Owner, ownerColumns } from '../tracks/public-track.service';
import { processingOf, streamSource, type TrackRow } from '../tracks/tracks.service';

/**
 * What "a public playlist" means, written once (decision 0345) and read by its page's API, link
 * previews (0325) and the embed (0330): a playlist whose `is_public` is set, showing only the tracks
 * that are public (`visibility = 'public'`, decision 0140) and its owner's own (no route puts anyone
 * else's there; one put there by other means is left out, as share links do, decision 0320).
 */

export type PublicPlaylistOwner = Owner;

/** The playlist and its owner when it is public; null when private, missing or not an id at all. */
export async function findPublicPlaylist(db: Database, playlistId: number) {
  if (!Number.isSafeInteger(playlistId) || playlistId < 1 || playlistId > INT4_MAX) return null;
  const [found] = await db
    .select({ playlist: playlists, owner: ownerColumns })
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.userId))
    // A suspended owner publishes nothing (decision 0445).
    .where(and(eq(playlists.id, playlistId), eq(playlists.isPublic, true), isNull(users.suspendedAt)))
    .limit(1);
  return found ?? null;
}

/** The tracks a public playlist shows, in its order: public, and its owner's. */
export async function publicTracksOf(db: Database, playlistId: number, ownerId: string): Promise<TrackRow[]> {
  const rows = await db
    .select({ track: tracks })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(
      and(
        eq(playlistTracks.playlistId, playlistId),
        eq(tracks.visibility, 'public'),
        eq(tracks.userId, ownerId),
        // Nor a track hidden by a moderator (decision 0455).
        isNull(tracks.hiddenAt),
      ),
    )
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  return rows.map((r) => r.track);
}

/** The owner as a public page shows them: their profile linked only while it is public. */
export function publicOwnerOf(owner: PublicPlaylistOwner): PublicPlaylist['owner'] {
  return {
    id: owner.id,
    name: displayName(owner),
    avatarUrl: imageUrlOf(owner.avatarKey),
    updatedAt: owner.updatedAt.toISOString(),
    profileUrl: owner.isPublic ? profilePath(owner) : null,
  };
}

const publicTrackOf = (row: TrackRow): PublicPlaylist['tracks'][number] => ({
  id: row.id,
  name: row.name,
  notes: row.notes,
  mimeType: row.mimeType,
  duration: row.duration,
  visibility: row.visibility,
  // The reason a track failed is for its owner; a visitor only learns that it cannot play.
  processing: { state: processingOf(row).state, error: null },
  playable: streamSource(row) !== null,
  loudness:
    row.loudnessLufs !== null && row.truePeakDb !== null
      ? { integratedLufs: row.loudnessLufs, truePeakDb: row.truePeakDb, loudnessRange: row.loudnessRange }
      : null,
  version: row.version,
  ...tempoKeyFields(row),
});

/**
 * GET /api/public/playlists/{id}: for anyone, signed in or not, the owner included (they see what a
 * visitor sees). Private, missing and malformed all answer the same 404, naming nothing.
 */
export async function getPublicPlaylist(db: Database, playlistId: number | null): Promise<PublicPlaylist> {
  const found = playlistId === null ? null : await findPublicPlaylist(db, playlistId);
  if (!found) throw notFound(PUBLIC_PLAYLIST_NOT_FOUND);
  const { playlist, owner } = found;
  const rows = await publicTracksOf(db, playlist.id, owner.id);
  // Every entry of the playlist, to say how many are not shown: never which, nor where in the order.
  const [all] = await db
    .select({ n: count() })
    .from(playlistTracks)
    .where(eq(playlistTracks.playlistId, playlist.id));
  return {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    imageUrl: imageUrlOf(playlist.imageKey),
    updatedAt: playlist.updatedAt.toISOString(),
    owner: publicOwnerOf(owner),
    tracks: rows.map(publicTrackOf),
    hiddenTrackCount: Math.max(0, Number(all?.n ?? 0) - rows.length),
  };
}
