import { useSyncExternalStore } from 'react';

/**
 * Which collective's comments the player bar shows on its waveform: set by the collective playlist
 * view for its tracks, and kept while its queue plays on elsewhere (decision 0167). Tiny on purpose:
 * the player bar is on the first route.
 */
export type CommentContext = { collectiveId: number; trackIds: readonly number[] };
let context: CommentContext | null = null;
const listeners = new Set<() => void>();

export function setCommentContext(next: CommentContext) {
  if (
    context?.collectiveId === next.collectiveId &&
    context.trackIds.length === next.trackIds.length &&
    context.trackIds.every((id, i) => id === next.trackIds[i])
  ) {
    return;
  }
  context = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCommentContext(): CommentContext | null {
  return useSyncExternalStore(subscribe, () => context);
}
