import { formatDuration } from '../../shared/format';
import { offlineReason } from '../entities/offline/offline-status';
import type { PlayerTrack } from './player-context';

// The queue as pure functions. `playlist` is the playing order (shuffled when shuffle is on); the
// current track sits somewhere in it. Moves skip what cannot be played (issue 10) and wrap at the
// ends when `wrap` is set (repeat all or one: spec section 4's behaviour).

/**
 * Whether the server has audio a browser can play now (tracks that do not say are tried) and, with
 * no network, whether it was downloaded (issue 25).
 */
export const canPlay = (track: PlayerTrack): boolean =>
  track.playable !== false && offlineReason(track.id) === null;

export interface Notice {
  title: string;
  description: string;
}

/** Why a track chosen on purpose does not play: failed processing, or not finished yet. */
export function unplayableNotice(track: PlayerTrack): Notice {
  if (track.playable !== false && offlineReason(track.id)) {
    return {
      title: 'Not Available Offline',
      description: `"${track.name}" was not downloaded. It will play once you are back online.`,
    };
  }
  if (track.processing?.state === 'failed') {
    return {
      title: 'Cannot Play File',
      description: track.processing.error ?? 'This file could not be processed.',
    };
  }
  return {
    title: 'Still Processing',
    description: `"${track.name}" is still being processed. It will play once it is ready.`,
  };
}

/** Said once when a move finds nothing in the queue that can play. */
export const NOTHING_TO_PLAY: Notice = {
  title: 'Nothing to Play',
  description: 'None of these tracks can be played yet: they are still being processed or could not be.',
};

/**
 * The first playable track `direction` steps away from `current` (from before the first when
 * nothing is current). With `wrap`, the search goes round once and may land on `current` itself.
 */
export function stepPlayable(
  playlist: PlayerTrack[],
  current: PlayerTrack | null,
  direction: 1 | -1,
  wrap: boolean,
): PlayerTrack | null {
  const n = playlist.length;
  const at = current ? playlist.findIndex((t) => t.id === current.id) : -1;
  // Nothing current (or it left the queue): both directions start from the top.
  const from = at === -1 ? -1 : at;
  const step = at === -1 ? 1 : direction;
  for (let k = 1; k <= n; k++) {
    const raw = from + k * step;
    if (!wrap && (raw < 0 || raw >= n)) return null;
    const track = playlist[((raw % n) + n) % n];
    if (track && canPlay(track)) return track;
  }
  return null;
}

/** A uniformly random order (Fisher–Yates); `first`, when given and present, leads. */
export function shuffled(
  tracks: PlayerTrack[],
  random: () => number = Math.random,
  first?: PlayerTrack | null,
): PlayerTrack[] {
  const rest = first ? tracks.filter((t) => t.id !== first.id) : [...tracks];
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as PlayerTrack, rest[i] as PlayerTrack];
  }
  return first && rest.length < tracks.length ? [first, ...rest] : rest;
}

/** A new round of shuffle: random, but never starting with the track that just ended. */
export function reshuffled(
  tracks: PlayerTrack[],
  justPlayed: PlayerTrack | null,
  random: () => number = Math.random,
): PlayerTrack[] {
  const order = shuffled(tracks, random);
  if (order.length > 1 && order[0]?.id === justPlayed?.id) order.push(order.shift() as PlayerTrack);
  return order;
}

/**
 * What plays after the current track, in order: the rest of the queue, then (when the queue wraps)
 * its beginning. With nothing current, the whole queue.
 */
export function upcoming(playlist: PlayerTrack[], current: PlayerTrack | null, wrap: boolean): PlayerTrack[] {
  const at = current ? playlist.findIndex((t) => t.id === current.id) : -1;
  if (at === -1) return playlist;
  return [...playlist.slice(at + 1), ...(wrap ? playlist.slice(0, at) : [])];
}

/**
 * The queue with its upcoming part replaced by `next` (reordered or shortened). When it wraps, the
 * queue is rotated to start at the current track, which plays in the same cycle; when it does not,
 * what already played stays in front for Previous.
 */
export function withUpcoming(
  playlist: PlayerTrack[],
  current: PlayerTrack | null,
  wrap: boolean,
  next: PlayerTrack[],
): PlayerTrack[] {
  const at = current ? playlist.findIndex((t) => t.id === current.id) : -1;
  if (!current || at === -1) return next;
  const played = wrap ? [] : playlist.slice(0, at);
  return [...played, current, ...next];
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

/** The player's clock: m:ss, with 0:00 for anything unknown. */
export const formatTime = (seconds: number): string => formatDuration(seconds, '0:00');
