import { displayName, formatCommentTime } from '../../../shared/format';
import type { VersionStatusEntry } from '../../../shared/schemas/version-review';
import { OWNER_STATUSES, VERSION_STATUS_LABELS, type VerdictStatus } from '../../../shared/version-status';
import { Button } from '../../components/ui/button';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';
import { cn } from '../../lib/utils';
import { useSetVersionStatus, useVersionStatuses } from './use-version-review';
import { VersionStatusBadge } from './version-status-badge';

const VERDICT_ACTIONS: { status: VerdictStatus; label: string }[] = [
  { status: 'approved', label: 'Approve' },
  { status: 'changes_requested', label: 'Request changes' },
];

/** "by fan, 2 May 2024 at 21:05" under a status someone set. */
const whoAndWhen = (e: VersionStatusEntry | undefined) =>
  e?.setBy && e.setAt ? `by ${displayName(e.setBy)}, ${formatCommentTime(e.setAt)}` : '';

/**
 * Where a version stands (issue 44, decision 0650), in the track's feedback panel: the owner picks
 * In progress or In review; a member approves or requests changes for this collective. Each shows
 * who set it and when.
 */
export function VersionStatusControl({
  trackId,
  version,
  collectiveId,
  ownsTrack,
}: {
  trackId: number;
  version: number;
  collectiveId: number;
  ownsTrack: boolean;
}) {
  const { data } = useVersionStatuses(trackId, version);
  const set = useSetVersionStatus(trackId, version);
  if (!data) return null;
  const owner = data.statuses.find((s) => s.collectiveId === null);
  const here = data.statuses.find((s) => s.collectiveId === collectiveId);
  const ownerStatus = owner?.status ?? 'in_progress';
  return (
    <fieldset
      aria-label={`Status of version ${version}`}
      data-testid="version-status-control"
      className="mb-3 flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 border-0 p-0 text-sm"
    >
      <div className="flex items-center gap-2">
        {ownsTrack ? (
          <select
            aria-label={`Your status of version ${version}`}
            className={cn(SELECT_TRIGGER_CLASS, 'h-8 py-0')}
            value={ownerStatus}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ status: e.target.value as (typeof OWNER_STATUSES)[number] })}
          >
            {OWNER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {VERSION_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        ) : (
          <>
            <span className="text-muted-foreground">Version {version}:</span>
            <VersionStatusBadge status={ownerStatus} />
          </>
        )}
        {owner?.setBy && <span className="text-xs text-muted-foreground">{whoAndWhen(owner)}</span>}
      </div>
      <div className="flex items-center gap-2">
        {here?.status ? (
          <>
            <VersionStatusBadge status={here.status} prefix={here.collectiveName ?? undefined} />
            <span className="text-xs text-muted-foreground">{whoAndWhen(here)}</span>
          </>
        ) : (
          <span className="text-xs text-muted-foreground">No verdict yet</span>
        )}
        {!ownsTrack &&
          VERDICT_ACTIONS.map((a) => (
            <Button
              key={a.status}
              size="sm"
              variant={here?.status === a.status ? 'secondary' : 'outline'}
              className="h-8"
              aria-pressed={here?.status === a.status}
              disabled={set.isPending}
              onClick={() => set.mutate({ status: a.status, collectiveId })}
            >
              {a.label}
            </Button>
          ))}
      </div>
    </fieldset>
  );
}
