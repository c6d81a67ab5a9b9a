import { displayName } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import { imageVariant } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';
import { offlineReason } from '../offline/offline-status';

/** Who a list's tracks are by, for the player's Media Session (issue 10): name and artwork. */
export interface TrackOwner {
  artist: string;
  artworkUrl: string | null;
}

type OwnerUser = {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  avatarUrl?: string | null;
  updatedAt?: string | Date | null;
};

/**
 * The owner's display name (the app's one helper) and avatar, the -256 variant: lock screens show
 * artwork larger than a row's thumbnail.
 */
export function trackOwner(user: OwnerUser | null | undefined): TrackOwner {
  return {
    artist: displayName(user),
    artworkUrl: imageVariant(user?.avatarUrl, 256, user?.updatedAt) ?? null,
  };
}

/** On playlist screens the cover is the artwork; a playlist without one falls back to the avatar. */
export function withPlaylistCover(
  owner: TrackOwner,
  playlist: { imageUrl: string | null; updatedAt?: string | null },
): TrackOwner {
  const cover = imageVariant(playlist.imageUrl, 256, playlist.updatedAt);
  return cover ? { ...owner, artworkUrl: cover } : owner;
}

/** The fields of a track reply the player uses. */
export type PlayableTrack = Pick<Track, 'id' | 'name' | 'mimeType' | 'duration'> &
  Partial<Pick<Track, 'userId' | 'playable' | 'processing' | 'loudness' | 'visibility' | 'version'>>;

/** A track reply as the player's queue holds it: its media state and its owner's name and artwork. */
export function toPlayerTrack(track: PlayableTrack, owner: TrackOwner): PlayerTrack {
  return {
    id: track.id,
    name: track.name,
    mimeType: track.mimeType,
    duration: track.duration,
    playable: track.playable,
    processing: track.processing,
    loudness: track.loudness,
    userId: track.userId,
    artist: owner.artist,
    artworkUrl: owner.artworkUrl,
    ...(track.visibility ? { visibility: track.visibility } : {}),
    ...(track.version ? { version: track.version } : {}),
  };
}

/**
 * Why a track's play button is disabled, or null when it plays. Only the server's `playable` decides
 * (it knows whether a rendition exists); a reply without it (an older cache) is tried as before.
 */
export function notPlayableReason(
  track: Pick<PlayerTrack, 'playable' | 'processing'> & { id?: number },
): string | null {
  // With no network, only downloaded tracks play (issue 25).
  if (track.playable !== false) return offlineReason(track.id);
  return track.processing?.state === 'failed'
    ? 'Cannot be played: processing failed'
    : 'Not playable yet: still processing';
}
