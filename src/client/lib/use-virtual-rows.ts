import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

import { VIRTUALIZE_FROM } from './virtualize-from';

export { VIRTUALIZE_FROM };

/** The nearest ancestor that scrolls (the shell's <main>), or null when the window does. */
function scrollParent(element: Element | null): Element | null {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

export interface VirtualRows<L extends Element> {
  /** On the list (table, tbody or ul): where the rows start inside the scrolling area. */
  listRef: (element: L | null) => void;
  /** False below VIRTUALIZE_FROM: render every row, ignore the rest. */
  virtualized: boolean;
  /** The indexes to render, in order. */
  indexes: number[];
  /** Space for the rows above and below the rendered ones, in px (spacer rows keep the scroll height). */
  paddingTop: number;
  paddingBottom: number;
  /** On each rendered row, with `data-index={index}`: its real height replaces the estimate. */
  measureRow: (element: Element | null) => void;
}

/**
 * Virtualization of a list that scrolls with its page, not in a box of its own: the window, or the
 * signed-in shell's scrolling <main>, whichever holds the list. Rows stay real rows (<tr>, <li>) in
 * their table or list, with spacers above and below, so roles, headers and styles are unchanged.
 */
export function useVirtualRows<L extends Element>({
  count,
  estimateSize,
  overscan = 8,
  gap = 0,
  getItemKey,
  virtualize,
}: {
  count: number;
  estimateSize: number;
  /** The list's CSS gap between items, in px. */
  gap?: number;
  overscan?: number;
  getItemKey?: (index: number) => number | string;
  /** Whether to virtualize, when `count` (grid rows, say) is not what the threshold is about. */
  virtualize?: boolean;
}): VirtualRows<L> {
  const virtualized = virtualize ?? count >= VIRTUALIZE_FROM;
  const [list, setList] = useState<L | null>(null);
  // undefined: not looked up yet; null: the window scrolls.
  const [scroller, setScroller] = useState<Element | null | undefined>(undefined);
  const [scrollMargin, setScrollMargin] = useState(0);
  const listRef = useCallback((element: L | null) => setList(element), []);

  useLayoutEffect(() => {
    if (virtualized && list) setScroller(scrollParent(list));
  }, [virtualized, list]);

  // One of the two runs: the window's, or the scrolling element's.
  const common = { count, estimateSize: () => estimateSize, overscan, gap, getItemKey, scrollMargin };
  const onWindow = useWindowVirtualizer({ ...common, enabled: virtualized && scroller === null });
  const inElement = useVirtualizer<Element, Element>({
    ...common,
    enabled: virtualized && !!scroller,
    getScrollElement: () => scroller ?? null,
  });
  const virtualizer = scroller === null ? onWindow : inElement;

  // Where the list starts in the scrolling area moves when what is above it grows (an upload's
  // progress, a storage bar): measured after every render, cheap next to rendering rows.
  const lastMargin = useRef(0);
  useLayoutEffect(() => {
    if (!virtualized || !list || scroller === undefined) return;
    const top = list.getBoundingClientRect().top;
    const margin =
      scroller === null
        ? top + window.scrollY
        : top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    if (Math.abs(margin - lastMargin.current) >= 1) {
      lastMargin.current = margin;
      setScrollMargin(margin);
    }
  });

  if (!virtualized) {
    return {
      listRef,
      virtualized,
      indexes: Array.from({ length: count }, (_, i) => i),
      paddingTop: 0,
      paddingBottom: 0,
      measureRow: () => {},
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    listRef,
    virtualized,
    indexes: items.map((item) => item.index),
    paddingTop: first ? first.start - scrollMargin : 0,
    paddingBottom: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0,
    measureRow: virtualizer.measureElement,
  };
}
