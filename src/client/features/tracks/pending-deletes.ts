import { useSyncExternalStore } from 'react';
import { TIMINGS } from '../../../shared/constants';

/**
 * Bulk deletes waiting out their Undo window (issue 42, decision 0590). The journal hides their rows
 * at once; nothing is sent for TIMINGS.bulkDeleteUndoMs, and Undo within that time shows the rows
 * again with nothing sent. Leaving or hiding the page sends what is waiting at once (a browser may
 * discard a hidden page without another event), with `keepalive` so the request outlives the page.
 * Module state, not a component's: the window runs on while the person moves about the app.
 */

/** Sends the delete; settles once the journal has been read again (or the failure was said). */
type Send = (keepalive: boolean) => Promise<void>;

interface Waiting {
  ids: readonly number[];
  timer: ReturnType<typeof setTimeout>;
  send: Send;
}

const waiting = new Set<Waiting>();
/** How many times each id is hidden: a row stays hidden until every delete naming it settles. */
const hiddenCounts = new Map<number, number>();
let hidden: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function setHidden(ids: readonly number[], by: 1 | -1) {
  for (const id of ids) {
    const n = (hiddenCounts.get(id) ?? 0) + by;
    if (n > 0) hiddenCounts.set(id, n);
    else hiddenCounts.delete(id);
  }
  hidden = new Set(hiddenCounts.keys());
  for (const listener of listeners) listener();
}

function sendNow(entry: Waiting, keepalive: boolean) {
  if (!waiting.delete(entry)) return;
  clearTimeout(entry.timer);
  // Shown again once it settles: gone from the list read after a delete, back after a refusal.
  void entry.send(keepalive).finally(() => setHidden(entry.ids, -1));
}

/**
 * Hides `ids` from the journal now and calls `send` when the Undo window ends (or the page goes);
 * `undo()` takes it back while it is still waiting, and says whether it could.
 */
export function deleteAfterUndoWindow(ids: readonly number[], send: Send): { undo: () => boolean } {
  const entry: Waiting = {
    ids,
    send,
    timer: setTimeout(() => sendNow(entry, false), TIMINGS.bulkDeleteUndoMs),
  };
  waiting.add(entry);
  setHidden(ids, 1);
  return {
    undo: () => {
      if (!waiting.delete(entry)) return false;
      clearTimeout(entry.timer);
      setHidden(ids, -1);
      return true;
    },
  };
}

/** Sends every waiting delete at once: the page is being left or hidden. */
function sendAllNow() {
  for (const entry of [...waiting]) sendNow(entry, true);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', sendAllNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendAllNow();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The ids of journal tracks deleted and not yet gone from the list: not to be shown. */
export function usePendingDeletes(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => hidden);
}

/** `tracks` without those waiting to be deleted (the same array while none is). */
export function withoutPendingDeletes<T extends { id: number }>(
  tracks: T[] | undefined,
  pending: ReadonlySet<number>,
): T[] | undefined {
  return tracks && pending.size > 0 ? tracks.filter((t) => !pending.has(t.id)) : tracks;
}
