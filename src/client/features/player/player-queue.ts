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

/** `track` placed right after `current` (or first when nothing plays), once. */
export function withNext(
  playlist: PlayerTrack[],
  current: PlayerTrack | null,
  track: PlayerTrack,
): PlayerTrack[] {
  const rest = playlist.filter((t) => t.id !== track.id);
  const at = current ? rest.findIndex((t) => t.id === current.id) + 1 : 0;
  return [...rest.slice(0, at), track, ...rest.slice(at)];
}

/** `track` at the end of the queue, once. */
export function withAppended(playlist: PlayerTrack[], track: PlayerTrack): PlayerTrack[] {
  return [...playlist.filter((t) => t.id !== track.id), track];
}

/** The queue with track `id` moved to `toIndex` (clamped); unchanged when `id` is not queued. */
export function withMoved(playlist: PlayerTrack[], id: number, toIndex: number): PlayerTrack[] {
  const from = playlist.findIndex((t) => t.id === id);
  if (from === -1) return playlist;
  const moved = playlist[from]!;
  const rest = playlist.filter((t) => t.id !== id);
  const at = Math.min(Math.max(0, toIndex), rest.length);
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
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
