import type { ReactNode, Ref } from 'react';
import { useVirtualRows } from '../lib/use-virtual-rows';
import { SpacerRow } from './spacer-row';

/** What a rendered row puts on its <tr> in a virtualized body. */
export interface VirtualRowProps {
  ref?: Ref<HTMLTableRowElement>;
  index?: number;
}

/**
 * A <tbody> rendering only the rows in view (decision 0072), with spacer rows for the others.
 * Its own module so react-virtual loads only when a table is long enough to need it
 * (table-body.tsx), not on every journal's first route (decision 0075).
 */
export function VirtualTableBody({
  count,
  columns,
  estimateSize,
  getKey,
  renderRow,
}: {
  count: number;
  columns: number;
  estimateSize: number;
  getKey: (index: number) => number;
  renderRow: (index: number, props: VirtualRowProps) => ReactNode;
}) {
  const rows = useVirtualRows<HTMLTableSectionElement>({ count, estimateSize, getItemKey: getKey });
  return (
    <tbody ref={rows.listRef}>
      <SpacerRow height={rows.paddingTop} columns={columns} />
      {rows.indexes.map((index) => renderRow(index, rows.virtualized ? { ref: rows.measureRow, index } : {}))}
      <SpacerRow height={rows.paddingBottom} columns={columns} />
    </tbody>
  );
}
