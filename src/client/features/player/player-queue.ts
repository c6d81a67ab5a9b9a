import { PLAYABLE_MIME_TYPES } from '../../../shared/constants';
import { formatDuration } from '../../../shared/format';
import type { PlayerTrack } from './player-context';

// Queue moves of spec section 4: next wraps last to first (and starts at the first with nothing
// playing); previous wraps first to last.

export function nextInQueue(playlist: PlayerTrack[], current: PlayerTrack | null): PlayerTrack | null {
  if (playlist.length === 0) return null;
  const index = current ? playlist.findIndex((t) => t.id === current.id) : -1;
  return playlist[(index + 1) % playlist.length] ?? null;
}

export function previousInQueue(playlist: PlayerTrack[], current: PlayerTrack | null): PlayerTrack | null {
  if (playlist.length === 0) return null;
  const index = current ? playlist.findIndex((t) => t.id === current.id) : -1;
  if (index === -1) return playlist[0] ?? null;
  return playlist[(index - 1 + playlist.length) % playlist.length] ?? null;
}

/** Browsers cannot decode AIFF (spec section 2, track card). */
export function isAiff(track: PlayerTrack): boolean {
  return /aiff?$/i.test(track.mimeType ?? '') || /\.aiff?$/i.test(track.name);
}

/**
 * Spec section 5: play only audio/mpeg, audio/wav, audio/mp4 and audio/x-m4a. A track whose type is
 * not known (a caller that did not pass it) is tried; the audio element reports what it cannot play.
 */
export function isPlayable(track: PlayerTrack): boolean {
  if (isAiff(track)) return false;
  if (!track.mimeType) return true;
  const type = track.mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (PLAYABLE_MIME_TYPES as readonly string[]).includes(type);
}

/** Why `track` cannot be played, for the 'Cannot Play File' toast. */
export function unplayableReason(track: PlayerTrack): string {
  if (isAiff(track)) {
    return 'AIFF files cannot be played in web browsers. Please convert to MP3, WAV, or M4A for playback.';
  }
  const format = track.mimeType?.split('/')[1]?.toUpperCase() ?? 'This format';
  return `${format} files cannot be played here. Please convert to MP3, WAV, or M4A for playback.`;
}

/** The player's clock: m:ss, with 0:00 for anything unknown. */
export const formatTime = (seconds: number): string => formatDuration(seconds, '0:00');
