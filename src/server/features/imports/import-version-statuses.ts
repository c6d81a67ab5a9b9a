import type { ExportedTrack } from '../../../shared/schemas/journal-export';
import { OWNER_STATUSES, type VersionStatus } from '../../../shared/schemas/version-review';
import type { DbOrTx } from '../../db/client';
import { trackVersionStatuses } from '../../db/schema';

/**
 * The owner's status of each imported version (issue 44, decision 0657), with its date. The
 * collectives' verdicts are not restored: the import makes no collectives, and a verdict was their
 * members' word. Exports made before issue 44 have no `statuses`: nothing to do.
 */
export async function restoreOwnerStatuses(
  db: DbOrTx,
  trackId: number,
  userId: string,
  versions: ExportedTrack['versions'],
): Promise<void> {
  const rows = versions.flatMap((v) => {
    const own = v.statuses?.find(
      (s) => s.collective === null && (OWNER_STATUSES as readonly VersionStatus[]).includes(s.status),
    );
    const setAt = own ? new Date(own.setAt) : null;
    return own && setAt && !Number.isNaN(setAt.getTime())
      ? [{ trackId, version: v.version, collectiveId: null, status: own.status, setBy: userId, setAt }]
      : [];
  });
  if (rows.length > 0) await db.insert(trackVersionStatuses).values(rows).onConflictDoNothing();
}
