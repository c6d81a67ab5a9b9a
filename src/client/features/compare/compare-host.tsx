import { lazyDialog } from '../../lib/lazy-dialog';
import { useCompare } from './compare-context';

/** The panel, its engine and Web Audio load with the first comparison (decision 0074's budget). */
const LazyComparePanel = lazyDialog(() => import('./compare-panel').then((m) => m.ComparePanel));

/** Where the comparison shows: above the player bar, while one is open. */
export function CompareHost() {
  const { request, close } = useCompare();
  if (!request) return null;
  return (
    <LazyComparePanel open request={request} onClose={close} onOpenChange={(o: boolean) => !o && close()} />
  );
}
