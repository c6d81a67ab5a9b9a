import { useCallback, useSyncExternalStore } from 'react';

// Spec section 2: in a collective the chosen playlist is remembered per collective and picked from
// the sidebar "in place". Local storage remembers it across visits; an in-memory copy (also the
// fallback when storage is unavailable) lets the sidebar and the page share it.

const storageKey = (collectiveId: number) => `collectivePlaylist:${collectiveId}`;
const memory = new Map<number, number | null>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function readStorage(collectiveId: number): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(collectiveId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function read(collectiveId: number): number | null {
  if (!memory.has(collectiveId)) memory.set(collectiveId, readStorage(collectiveId));
  return memory.get(collectiveId) ?? null;
}

export function useSelectedPlaylist(collectiveId: number): [number | null, (playlistId: number) => void] {
  const selected = useSyncExternalStore(subscribe, () => read(collectiveId));
  const select = useCallback(
    (playlistId: number) => {
      memory.set(collectiveId, playlistId);
      try {
        localStorage.setItem(storageKey(collectiveId), String(playlistId));
      } catch {
        // The in-memory choice still holds for this visit.
      }
      for (const listener of listeners) listener();
    },
    [collectiveId],
  );
  return [selected, select];
}
