import type { ReactNode, Ref } from 'react';
import { useVirtualRows } from '../lib/use-virtual-rows';

/** What a rendered item puts on its <li>: measuring, and its place in the whole list. */
export interface VirtualItemProps {
  ref?: Ref<HTMLLIElement>;
  'data-index'?: number;
  'aria-setsize'?: number;
  'aria-posinset'?: number;
}

/**
 * A <ul>/<ol> whose items (comments, cards) are rendered only in view from VIRTUALIZE_FROM items on
 * (decision 0072). Each item is still an <li> of the list; aria-setsize and aria-posinset say how
 * long the list is and where the item sits, and hidden spacer items hold the height of the others.
 */
export function VirtualList<T extends { id: number }>({
  items,
  ordered = false,
  estimateSize,
  gap = 0,
  renderItem,
  ...listProps
}: {
  items: readonly T[];
  ordered?: boolean;
  /** An item's usual height in px; each rendered one is measured. */
  estimateSize: number;
  /** The list's CSS gap in px, so the positions add up. */
  gap?: number;
  renderItem: (item: T, props: VirtualItemProps) => ReactNode;
  'aria-label'?: string;
  className?: string;
}) {
  const rows = useVirtualRows<HTMLOListElement & HTMLUListElement>({
    count: items.length,
    estimateSize,
    gap,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const List = ordered ? 'ol' : 'ul';
  // The list's own gap separates a spacer from the first (last) item: the spacer is that much shorter.
  const spacer = (height: number) =>
    height > 0 ? (
      <li aria-hidden="true" data-spacer="" style={{ height: Math.max(0, height - gap) }} />
    ) : null;
  return (
    <List ref={rows.listRef} {...listProps}>
      {spacer(rows.paddingTop)}
      {rows.indexes.map((index) => {
        const item = items[index] as T;
        return renderItem(
          item,
          rows.virtualized
            ? {
                ref: rows.measureRow,
                'data-index': index,
                'aria-setsize': items.length,
                'aria-posinset': index + 1,
              }
            : {},
        );
      })}
      {spacer(rows.paddingBottom)}
    </List>
  );
}
