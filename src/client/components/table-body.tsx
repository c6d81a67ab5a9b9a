import { lazy, type ReactNode, Suspense } from 'react';
import { VIRTUALIZE_FROM } from '../lib/virtualize-from';
import type { VirtualRowProps } from './virtual-table-body';

const VirtualTableBody = lazy(() =>
  import('./virtual-table-body').then((m) => ({ default: m.VirtualTableBody })),
);

/**
 * Rows shown while the virtualizer loads: this screen's worth at the estimated height, 24 at most.
 * They were VIRTUALIZE_FROM (100), a render of 1,000 elements on a phone's first paint that the
 * virtualizer then threw away (0375), then 24 on every screen (0380).
 */
const firstScreenRows = (estimateSize: number) =>
  Math.min(24, Math.ceil((typeof window === 'undefined' ? 800 : window.innerHeight) / estimateSize));

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
  const { count, renderRow, estimateSize } = props;
  const plain = (upTo: number) => (
    <tbody>{Array.from({ length: Math.min(count, upTo) }, (_, index) => renderRow(index, {}))}</tbody>
  );
  if (count < VIRTUALIZE_FROM) return plain(count);
  return (
    <Suspense fallback={plain(firstScreenRows(estimateSize))}>
      <VirtualTableBody {...props} />
    </Suspense>
  );
}
