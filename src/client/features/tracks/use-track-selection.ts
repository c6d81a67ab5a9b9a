import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface TrackSelection {
  selected: ReadonlySet<number>;
  /** Ticks or unticks one; with `range`, every track from the last one ticked to this one follows it. */
  toggle: (id: number, options?: { range?: boolean }) => void;
  selectAll: () => void;
  clear: () => void;
}

/**
 * The journal's multi-select (issue 23) over the tracks listed, in their order. A filter or a
 * deletion that takes a track out of the list takes it out of the selection too, so a bulk action
 * never reaches a track the person no longer sees (decision 0298).
 */
export function useTrackSelection(ids: readonly number[]): TrackSelection {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);

  const listed = useMemo(() => new Set(ids), [ids]);
  useEffect(() => {
    setPicked((previous) => {
      const kept = [...previous].filter((id) => listed.has(id));
      return kept.length === previous.size ? previous : new Set(kept);
    });
  }, [listed]);

  const toggle = useCallback(
    (id: number, { range = false } = {}) => {
      setPicked((previous) => {
        const next = new Set(previous);
        const on = !previous.has(id);
        const from = range && anchor.current !== null ? ids.indexOf(anchor.current) : -1;
        const to = ids.indexOf(id);
        if (from >= 0 && to >= 0) {
          // The range takes the state the clicked box is going to.
          for (const rangeId of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) {
            if (on) next.add(rangeId);
            else next.delete(rangeId);
          }
        } else if (on) next.add(id);
        else next.delete(id);
        return next;
      });
      anchor.current = id;
    },
    [ids],
  );
  const selectAll = useCallback(() => setPicked(new Set(ids)), [ids]);
  const clear = useCallback(() => {
    setPicked(new Set());
    anchor.current = null;
  }, []);

  // Until the effect above has run, a track just filtered out must not count.
  const selected = useMemo(
    () =>
      [...picked].every((id) => listed.has(id))
        ? picked
        : new Set([...picked].filter((id) => listed.has(id))),
    [picked, listed],
  );
  return { selected, toggle, selectAll, clear };
}

/** Where a key press is someone else's: typing, a dialog, a menu or a list box. */
const KEYS_OWNED_BY =
  'input:not([type="checkbox"]):not([type="range"]), textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Ctrl/Cmd+A selects every track listed (the filter's matches, rendered or not), Escape clears;
 * both leave text fields, dialogs and menus alone (issue 23).
 */
export function useSelectionKeys({ selected, selectAll, clear }: TrackSelection) {
  const latest = useRef({ any: selected.size > 0, selectAll, clear });
  latest.current = { any: selected.size > 0, selectAll, clear };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(KEYS_OWNED_BY)) return;
      const { any, selectAll, clear } = latest.current;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        selectAll();
      } else if (
        event.key === 'Escape' &&
        any &&
        !document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')
      ) {
        clear();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
