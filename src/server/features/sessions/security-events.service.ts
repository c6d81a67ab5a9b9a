import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  SECURITY_EVENT_RETENTION_DAYS,
  SECURITY_EVENTS_SHOWN,
  type SecurityEvent,
  type SecurityEventDetail,
  type SecurityEventKind,
} from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { securityEvents } from '../../db/schema';

/** The device of a request, as the log and the sessions list record it. */
export { deviceOf } from './device';

/** A database or a transaction: an event is written with the change it reports, where there is one. */
type Writer = Pick<Database, 'insert'>;

/** Appends one event to the person's security log. */
export async function recordSecurityEvent(
  db: Writer,
  userId: string,
  kind: SecurityEventKind,
  detail: SecurityEventDetail = {},
): Promise<void> {
  await db.insert(securityEvents).values({ userId, kind, detail });
}

/**
 * For the export (issue 27): an export was asked for, or its archive downloaded. The export
 * feature calls this; the log keeps who took a copy of the account and when.
 */
export const recordExportEvent = (
  db: Writer,
  userId: string,
  step: 'requested' | 'downloaded',
  detail: { exportId: string } & Pick<SecurityEventDetail, 'browser' | 'os' | 'network'>,
) => recordSecurityEvent(db, userId, step === 'requested' ? 'export_requested' : 'export_downloaded', detail);

/** The person's newest events within the retention period, newest first. */
export async function listSecurityEvents(db: Database, userId: string): Promise<SecurityEvent[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        sql`${securityEvents.at} > now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS})`,
      ),
    )
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(SECURITY_EVENTS_SHOWN);
  return rows.map((row) => ({ id: row.id, kind: row.kind, at: row.at.toISOString(), detail: row.detail }));
}

/** Deletes events past the retention period; returns how many. */
export async function pruneSecurityEvents(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SECURITY_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(securityEvents)
    .where(lt(securityEvents.at, cutoff))
    .returning({ id: securityEvents.id });
  return deleted.length;
}
