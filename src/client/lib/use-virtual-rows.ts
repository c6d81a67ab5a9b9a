import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { VIRTUALIZE_FROM } from './virtualize-from';

export { VIRTUALIZE_FROM };

/**
 * A row's height as the ResizeObserver reports it, after the browser's own layout. On the row's
 * first attach (no entry yet) the size already known, else the estimate: reading the row there
 * (TanStack's default reads offsetHeight) made the browser lay the whole page out in the middle of
 * React's commit, once more per row after each change: on a phone, the journal's first rows were
 * one long task (issue 25, decision 0380). The observer's report follows within the frame.
 */
const measureAfterLayout = <S extends Element | Window>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, Element>,
): number => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  if (entry) return Math.round(element.getBoundingClientRect().height);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
};

/**
 * How far beyond the screen rows are rendered, in px: eight of a desktop journal's 57 px rows, three
 * of a phone's 150 px ones (each row is work the first screen's frames pay, decision 0380).
 */
const OVERSCAN_PX = 450;

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
  overscan = Math.max(2, Math.round(OVERSCAN_PX / estimateSize)),
  gap = 0,
  getItemKey,
  virtualize,
}: {
  count: number;
  estimateSize: number;
  /** The list's CSS gap between items, in px. */
  gap?: number;
  /** Rows rendered beyond the screen each way; by default about OVERSCAN_PX of rows. */
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

  // The rows beyond the screen come one more per frame after the first paint, not with it: the
  // first screen's commit holds only what shows (on a phone, two or three tall rows), and each
  // later frame one row's work (issue 25, decision 0380). Scrolling then has its full margin.
  const [rowsBeyond, setRowsBeyond] = useState(0);
  useEffect(() => {
    if (!virtualized || rowsBeyond >= overscan) return;
    const frame = requestAnimationFrame(() => setRowsBeyond((n) => n + 1));
    return () => cancelAnimationFrame(frame);
  }, [virtualized, rowsBeyond, overscan]);

  useLayoutEffect(() => {
    if (virtualized && list) setScroller(scrollParent(list));
  }, [virtualized, list]);

  // One of the two runs: the window's, or the scrolling element's.
  const common = {
    count,
    estimateSize: () => estimateSize,
    overscan: rowsBeyond,
    gap,
    getItemKey,
    scrollMargin,
    measureElement: measureAfterLayout,
  };
  const onWindow = useWindowVirtualizer({ ...common, enabled: virtualized && scroller === null });
  const inElement = useVirtualizer<Element, Element>({
    ...common,
    enabled: virtualized && !!scroller,
    getScrollElement: () => scroller ?? null,
  });
  const virtualizer = scroller === null ? onWindow : inElement;

  // Where the list starts in the scrolling area moves when what is above it grows (an upload's
  // progress, a storage bar). Read before the first paint when the list appears (the range depends
  // on it), then after each later render once it is drawn: read during a commit, it made the
  // browser style the rows just added inside React's task, one long task per frame (0380).
  const lastMargin = useRef(0);
  const measureMargin = () => {
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
  };
  useLayoutEffect(measureMargin, [virtualized, list, scroller]);
  useEffect(measureMargin);

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
