import { OWNER_STATUSES, VERDICT_STATUSES, type VersionStatus } from '../../../shared/schemas/version-review';

// Who may say where a version stands (issue 44, decision 0650). A caller who cannot see the track
// (neither its owner nor a member of a collective it is shared into) is answered 404 before these.

export type StatusRefusal = 'not_owner' | 'owner_verdict' | 'wrong_status';

/**
 * The owner's word (no collective): only the owner, and only In progress / In review. A
 * collective's verdict: any member (admins and the collective's owner alike), only Changes requested
 * / Approved, and never the track's owner, even when a member: a verdict is the others' word on
 * the take. Undefined: allowed.
 */
export function statusRefusal(
  viewerId: string,
  trackOwnerId: string,
  status: VersionStatus,
  collectiveId: number | null,
): StatusRefusal | undefined {
  if (collectiveId === null) {
    if (viewerId !== trackOwnerId) return 'not_owner';
    return (OWNER_STATUSES as readonly VersionStatus[]).includes(status) ? undefined : 'wrong_status';
  }
  if (viewerId === trackOwnerId) return 'owner_verdict';
  return (VERDICT_STATUSES as readonly VersionStatus[]).includes(status) ? undefined : 'wrong_status';
}

/** The 403's words for each refusal. */
export function refusalMessage(refusal: StatusRefusal, collectiveId: number | null): string {
  if (refusal === 'not_owner')
    return "Only the track's owner sets its status; members give their collective's verdict (collectiveId)";
  if (refusal === 'owner_verdict')
    return "A collective's verdict is its other members' word: the owner sets In progress or In review";
  return collectiveId === null
    ? "The owner sets In progress or In review; Changes requested and Approved are a collective's verdict"
    : "A collective's verdict is Changes requested or Approved";
}
