import { cn } from '../../lib/utils';

/** "v2" beside a track's name once its owner has uploaded a new file for it (decision 0220). */
export function VersionTag({ version, className }: { version: number | undefined; className?: string }) {
  if (!version || version <= 1) return null;
  return (
    <span
      data-testid="track-version"
      title={`Version ${version}`}
      className={cn(
        'inline-flex shrink-0 items-center rounded border border-border px-1 text-[10px] leading-4 font-medium text-muted-foreground',
        className,
      )}
    >
      v{version}
    </span>
  );
}
