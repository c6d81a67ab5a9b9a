import { LIMITS } from '../../../shared/constants';
import type { SubsonicParams } from './subsonic-params';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * The bounds of a person's play state over Subsonic (issue 46, decision 0782), in one place: what
 * an app may keep here is small and bounded, whichever method it comes through.
 */
export const PLAY_STATE_LIMITS = {
  /** Songs one saved play queue holds (Navidrome keeps no cap; a day of music is far fewer). */
  queueSongs: 1000,
  /** Bookmarks one person keeps: one per song, for the long takes they come back to. */
  bookmarks: 500,
  /** A bookmark's comment, in characters (a track's version note is as long). */
  bookmarkComment: LIMITS.versionNote,
  /** No track is longer than a day (LIMITS.commentMaxSeconds): a position past it is no position. */
  positionMs: LIMITS.commentMaxSeconds * 1000,
  /** The app's name (`c`) kept as a queue's `changedBy`. */
  clientName: 100,
} as const;

const invalid = (message: string) => new SubsonicError(SubsonicCode.generic, message);

/** An optional whole number in [0, max], or `fallback` when absent; anything else is code 0. */
export function wholeNumber(params: SubsonicParams, name: string, max: number, fallback = 0): number {
  const value = params.get(name);
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,10}$/.test(value) || Number(value) > max) {
    throw invalid(`${name} must be a whole number from 0 to ${max}`);
  }
  return Number(value);
}

/** A position in a song, in milliseconds (`position`). */
export const positionOf = (params: SubsonicParams, fallback = 0) =>
  wholeNumber(params, 'position', PLAY_STATE_LIMITS.positionMs, fallback);

// Control characters other than tab and line breaks: PostgreSQL refuses a NUL, XML cannot carry most.
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** A bookmark's comment: at most PLAY_STATE_LIMITS.bookmarkComment characters, no control characters. */
export function commentOf(params: SubsonicParams): string {
  const comment = params.get('comment') ?? '';
  if ([...comment].length > PLAY_STATE_LIMITS.bookmarkComment) {
    throw invalid(`comment must be at most ${PLAY_STATE_LIMITS.bookmarkComment} characters`);
  }
  if (CONTROL.test(comment)) throw invalid('comment must not contain control characters');
  return comment;
}

/** The app's name as a queue records it: `c` without control characters, shortened, or a stand-in. */
export function clientNameOf(params: SubsonicParams): string {
  const name = [...(params.get('c') ?? '').replace(/\p{Cc}/gu, '').trim()]
    .slice(0, PLAY_STATE_LIMITS.clientName)
    .join('');
  return name || 'subsonic';
}
