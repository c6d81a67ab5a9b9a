import type { TrackCommentThread } from '../../../shared/schemas/track-comments';

/**
 * The threads to mark on the waveform: a thread carried to a later version (decision 0671) is
 * marked once, by its newest copy, whose moment is of the newer file; the list still shows both.
 */
export function withoutCarriedOriginals(threads: TrackCommentThread[]): TrackCommentThread[] {
  const carried = new Set(threads.map((t) => t.carriedFromCommentId).filter((id) => id !== null));
  return carried.size === 0 ? threads : threads.filter((t) => !carried.has(t.id));
}
