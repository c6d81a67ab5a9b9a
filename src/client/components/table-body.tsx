import { lazy, type ReactNode, Suspense } from 'react';
import { VIRTUALIZE_FROM } from '../lib/virtualize-from';
import type { VirtualRowProps } from './virtual-table-body';

const VirtualTableBody = lazy(() =>
  import('./virtual-table-body').then((m) => ({ default: m.VirtualTableBody })),
);

/**
 * Rows shown while the virtualizer loads: a tall screen's worth. They were VIRTUALIZE_FROM (100), a
 * render of 1,000 elements on a phone's first paint that the virtualizer then threw away (0375).
 */
const FIRST_SCREEN_ROWS = 24;

/**
 * A table's rows: all of them below VIRTUALIZE_FROM; from there only those in view, the virtualizer
 * loading on first need (decision 0075), the first rows showing meanwhile.
 */
export function TableBody(props: {
  count: number;
  columns: number;
  estimateSize: number;
  getKey: (index: number) => number;
  renderRow: (index: number, props: VirtualRowProps) => ReactNode;
}) {
  const { count, renderRow } = props;
  const plain = (upTo: number) => (
    <tbody>{Array.from({ length: Math.min(count, upTo) }, (_, index) => renderRow(index, {}))}</tbody>
  );
  if (count < VIRTUALIZE_FROM) return plain(count);
  return (
    <Suspense fallback={plain(FIRST_SCREEN_ROWS)}>
      <VirtualTableBody {...props} />
    </Suspense>
  );
}
