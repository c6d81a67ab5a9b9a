import { asc, eq, inArray } from 'drizzle-orm';
import { displayName } from '../../../shared/format';
import type { ExportedTrack } from '../../../shared/schemas/journal-export';
import type { Database } from '../../db/client';
import { collectives, trackVersionStatuses, users } from '../../db/schema';

type ExportedStatus = NonNullable<ExportedTrack['versions'][number]['statuses']>[number];

/**
 * Each version's statuses in journal.json (issue 44, decision 0657): the owner's word and the
 * collectives' verdicts, by collective name and setter's display name. One query for all tracks;
 * every exported version gets its list (empty when nothing was set).
 */
export async function addVersionStatuses(db: Database, exported: ExportedTrack[]): Promise<void> {
  const ids = exported.map((t) => t.id);
  const rows = ids.length
    ? await db
        .select({
          trackId: trackVersionStatuses.trackId,
          version: trackVersionStatuses.version,
          collective: collectives.name,
          status: trackVersionStatuses.status,
          setAt: trackVersionStatuses.setAt,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          setById: users.id,
        })
        .from(trackVersionStatuses)
        .leftJoin(collectives, eq(collectives.id, trackVersionStatuses.collectiveId))
        .leftJoin(users, eq(users.id, trackVersionStatuses.setBy))
        .where(inArray(trackVersionStatuses.trackId, ids))
        .orderBy(asc(trackVersionStatuses.id))
    : [];
  const byVersion = new Map<string, ExportedStatus[]>();
  for (const r of rows) {
    const key = `${r.trackId}:${r.version}`;
    const list = byVersion.get(key) ?? [];
    list.push({
      collective: r.collective,
      status: r.status,
      setBy: r.setById ? displayName(r) : null,
      setAt: r.setAt.toISOString(),
    });
    byVersion.set(key, list);
  }
  for (const t of exported) {
    for (const v of t.versions) v.statuses = byVersion.get(`${t.id}:${v.version}`) ?? [];
  }
}
