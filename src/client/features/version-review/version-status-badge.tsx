import { countOf } from '../../../shared/format';
import type { TrackReviewSummary } from '../../../shared/schemas/version-review';
import { VERSION_STATUS_LABELS, type VersionStatus } from '../../../shared/version-status';
import { cn } from '../../lib/utils';

/** Colours by meaning; text stays the foreground colour so contrast holds in both themes. */
const TONE: Record<VersionStatus, string> = {
  in_progress: 'border-border',
  in_review: 'border-sky-500/60 bg-sky-500/10',
  changes_requested: 'border-amber-500/60 bg-amber-500/10',
  approved: 'border-emerald-500/60 bg-emerald-500/10',
};

/** A version's status as a small pill ("In review", "Approved"), its words read as they are shown. */
export function VersionStatusBadge({
  status,
  prefix,
  className,
}: {
  status: VersionStatus;
  /** Who says it, when not the owner ("Crew: Approved"). */
  prefix?: string;
  className?: string;
}) {
  return (
    <span
      data-testid="version-status"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center whitespace-nowrap rounded-full border px-1.5 text-[11px] leading-4',
        TONE[status],
        className,
      )}
    >
      {prefix ? `${prefix}: ` : ''}
      {VERSION_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * What a track row shows of its review (issue 44): the verdict when one was given (changes
 * requested wins over approved), else the owner's status unless it is the default, and "N open".
 */
export function ReviewRowBadges({
  summary,
  className,
}: {
  summary: TrackReviewSummary | undefined;
  className?: string;
}) {
  if (!summary) return null;
  const verdict =
    summary.verdicts.find((v) => v.status === 'changes_requested')?.status ?? summary.verdicts[0]?.status;
  const status = verdict ?? (summary.status === 'in_progress' ? null : summary.status);
  if (!status && summary.openThreads === 0) return null;
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1', className)} data-testid="review-row">
      {status && <VersionStatusBadge status={status} />}
      {summary.openThreads > 0 && (
        <span
          className="whitespace-nowrap rounded-full border border-border px-1.5 text-[11px] leading-4"
          title={`${countOf(summary.openThreads, 'open comment thread')} on version ${summary.version}`}
        >
          {summary.openThreads} open
        </span>
      )}
    </span>
  );
}
