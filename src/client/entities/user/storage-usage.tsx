import { useQuery } from '@tanstack/react-query';
import { formatStorageAmount } from '../../../shared/format';
import type { StorageUsage as Usage } from '../../../shared/schemas/users';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/utils';

/** The signed-in person's stored audio and quota; refreshed after their uploads and deletes. */
export const STORAGE_KEY = ['/api/user/storage'] as const;

export function useStorageUsage() {
  return useQuery<Usage>({ queryKey: STORAGE_KEY });
}

/**
 * '1.2 GB of 10.0 GB used' with a bar under the journal's drop zone; with no quota set, just
 * '1.2 GB used' (decision 0033). Nothing while it loads or if it cannot be read: it is a hint.
 */
export function StorageUsage({ className }: { className?: string }) {
  const { data } = useStorageUsage();
  if (!data) return null;
  const used = formatStorageAmount(data.usedBytes);
  if (data.quotaBytes === null) {
    return <p className={cn('text-xs text-muted-foreground', className)}>{used} used</p>;
  }
  const percent = Math.round((data.usedBytes / data.quotaBytes) * 100);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Progress value={percent} aria-label="Storage used" className="h-1.5 max-w-48" />
      <p className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {used} of {formatStorageAmount(data.quotaBytes)} used
      </p>
    </div>
  );
}
