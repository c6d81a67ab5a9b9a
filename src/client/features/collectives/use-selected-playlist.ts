import { useCallback, useSyncExternalStore } from 'react';

// Spec section 2: in a collective the chosen playlist is remembered per collective and picked from
// the sidebar "in place". Local storage remembers it across visits and is read on every render, so
// it stays the one source of truth; an in-memory copy stands in only where storage is unavailable.
// Subscribers (the sidebar and the page) are told when it changes.

const storageKey = (collectiveId: number) => `collectivePlaylist:${collectiveId}`;
const fallback = new Map<number, number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function read(collectiveId: number): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(collectiveId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return fallback.get(collectiveId) ?? null;
  }
}

export function useSelectedPlaylist(collectiveId: number): [number | null, (playlistId: number) => void] {
  const selected = useSyncExternalStore(subscribe, () => read(collectiveId));
  const select = useCallback(
    (playlistId: number) => {
      try {
        localStorage.setItem(storageKey(collectiveId), String(playlistId));
      } catch {
        fallback.set(collectiveId, playlistId);
      }
      for (const listener of listeners) listener();
    },
    [collectiveId],
  );
  return [selected, select];
}
