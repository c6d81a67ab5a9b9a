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

/** m:ss, with 0:00 for anything unknown. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
