import { useQuery } from '@tanstack/react-query';
import type { SharedItem, SharedTrack } from '../../../shared/schemas/shares';
import { imageVariant } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';

/**
 * GET /api/shares/by-token/{token} (decision 0320): what a share link opens. Each request counts a
 * visit, so it is asked once per page (the app's queries are never refetched on their own) and
 * never polled. The token is encoded: the key becomes the request path; a password link's page
 * and an upload link's page read it again once unlocked or after a file was sent (issue 45).
 */
export const sharedItemKey = (token: string) => ['/api/shares/by-token', encodeURIComponent(token)];

export function useSharedItem(token: string) {
  return useQuery<SharedItem>({ queryKey: sharedItemKey(token) });
}

/** What a listen or review link opens: a track or a playlist (an upload link opens none). */
export type SharedMediaItem = Exclude<SharedItem, { type: 'upload' }>;

/** A shared track for the app's player: its audio and peaks through the token (decision 0335). */
export function toSharedPlayerTrack(track: SharedTrack, item: SharedMediaItem): PlayerTrack {
  const cover = item.type === 'playlist' ? imageVariant(item.playlist.imageUrl, 256) : undefined;
  return {
    id: track.id,
    name: track.name,
    duration: track.duration,
    playable: track.playable,
    streamUrl: track.streamUrl,
    peaksUrl: track.peaksUrl,
    artist: item.owner.displayName,
    artworkUrl: cover ?? imageVariant(item.owner.avatarUrl, 256) ?? null,
  };
}

/** The tracks a link opens, in order: one for a track link, the playlist's for a playlist link. */
export const sharedTracksOf = (item: SharedMediaItem): SharedTrack[] =>
  item.type === 'track' ? [item.track] : item.playlist.tracks;
