import { and, asc, count, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_DELETION_REFUSED,
  ADMIN_PEOPLE_PAGE_SIZE,
  type AdminPeople,
  type AdminPerson,
  confirmsAdminDeletion,
} from '../../../shared/schemas/admin';
import type { Database, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { deleteAccounts, endSessions } from '../account/account-deletion.service';
import { recordSecurityEvent } from '../sessions/security-events.service';
import type { UserRow } from '../users/users.service';
import type { AdminRoster, InstanceAdmins } from './instance-admins';

// What the quota counts (storedBytes: current files and earlier versions' kept originals, decision
// 0430). Written out: inside a selection drizzle leaves columns unqualified, and tracks.id is not users.id.
const usedBytes = sql<
  string | number
>`((select coalesce(sum(t.size), 0) from tracks t where t.user_id = "users"."id")
  + (select coalesce(sum(v.size), 0) from track_versions v join tracks t on t.id = v.track_id
      where t.user_id = "users"."id" and v.storage_key is not null))`;
const trackCount = sql<string | number>`(select count(*) from tracks t where t.user_id = "users"."id")`;

/** `%`, `_` and `\` are taken literally in a search: a person types text, not a LIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(
    eq(users.id, q),
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
  );
}

/** People for the console, newest first, with what they store (the quota's measure, decision 0033). */
export async function listPeople(
  db: Database,
  admins: InstanceAdmins,
  query: { q?: string; page: number },
  defaultQuotaBytes: number,
): Promise<AdminPeople> {
  const where = searchCondition(query.q);
  const [roster, rows, [total]] = await Promise.all([
    admins.roster(),
    db
      .select({ user: users, usedBytes, trackCount })
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} desc`, asc(users.id))
      .limit(ADMIN_PEOPLE_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PEOPLE_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    people: rows.map((row) => toAdminPerson(row.user, roster, Number(row.usedBytes), Number(row.trackCount))),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: ADMIN_PEOPLE_PAGE_SIZE,
    defaultQuotaBytes,
  };
}

export function toAdminPerson(
  user: UserRow,
  admins: AdminRoster,
  used: number,
  trackTotal: number,
): AdminPerson {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    isDemo: user.isDemo,
    isAdmin: admins.has(user),
    createdAt: user.createdAt.toISOString(),
    usedBytes: used,
    trackCount: trackTotal,
    quotaBytes: user.quotaBytes,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspendedReason: user.suspendedReason,
  };
}

async function personById(db: Database, admins: InstanceAdmins, id: string): Promise<AdminPerson> {
  const [row] = await db.select({ user: users, usedBytes, trackCount }).from(users).where(eq(users.id, id));
  if (!row) throw notFound('Person not found');
  return toAdminPerson(row.user, await admins.roster(), Number(row.usedBytes), Number(row.trackCount));
}

/**
 * The person's row, locked for the change (as an upload with a quota locks it). An admin named by
 * ADMIN_USERS, the caller included, is not suspended or deleted from the console (409): the
 * operator removes them from ADMIN_USERS first (decision 0445).
 */
async function lockTarget(tx: DbOrTx, admins: AdminRoster, id: string, actorId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound('Person not found');
  if (row.id === actorId) throw new HttpError(409, 'You cannot do this to your own account here');
  if (admins.has(row))
    throw new HttpError(409, 'Instance admins are named by ADMIN_USERS; remove them there first');
  return row;
}

/**
 * Suspends a person (decision 0445): every session of theirs is deleted in the same transaction, so
 * their cookies find nothing from the next request on, on every instance (the row's delete trigger
 * tells the others to drop what they cached and close the person's event streams, decision 0410).
 * Sign-in, API keys and app passwords refuse them while suspended_at is set, and nothing of theirs
 * is shown to anyone. Nothing is deleted. Suspending again updates the reason.
 */
export async function suspendPerson(
  db: Database,
  admins: InstanceAdmins,
  id: string,
  actorId: string,
  reason: string,
): Promise<AdminPerson> {
  const roster = await admins.roster();
  await db.transaction(async (tx) => {
    const row = await lockTarget(tx, roster, id, actorId);
    await tx
      .update(users)
      .set({ suspendedAt: row.suspendedAt ?? new Date(), suspendedReason: reason, updatedAt: new Date() })
      .where(eq(users.id, row.id));
    await endSessions(tx, [row.id]);
    // The person's own log says it, so once unsuspended they can read when and why.
    await recordSecurityEvent(tx, row.id, 'account_suspended', { reason });
  });
  return personById(db, admins, id);
}

/** Lifts a suspension: the person signs in again and everything of theirs shows as before. */
export async function unsuspendPerson(
  db: Database,
  admins: InstanceAdmins,
  id: string,
): Promise<AdminPerson> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() })
      .where(and(eq(users.id, id), isNotNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (row) return recordSecurityEvent(tx, row.id, 'account_unsuspended');
    const exists = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (exists.length === 0) throw notFound('Person not found');
  });
  return personById(db, admins, id);
}

/** The person's own storage quota; null: the instance default again. */
export async function setQuota(
  db: Database,
  admins: InstanceAdmins,
  id: string,
  quotaBytes: number | null,
): Promise<AdminPerson> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ quotaBytes })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!row) throw notFound('Person not found');
    await recordSecurityEvent(tx, row.id, 'quota_changed', { quotaBytes });
  });
  return personById(db, admins, id);
}

/**
 * Deletes a person's account the way they would delete it themselves (decision 0420's steps, one
 * transaction), once the admin typed the person's username, or id when they have none.
 */
export async function deletePerson(
  db: Database,
  admins: InstanceAdmins,
  id: string,
  actorId: string,
  confirm: string,
): Promise<void> {
  const roster = await admins.roster();
  await db.transaction(async (tx) => {
    const row = await lockTarget(tx, roster, id, actorId);
    if (!confirmsAdminDeletion(confirm, row)) throw badRequest(ADMIN_DELETION_REFUSED);
    await deleteAccounts(tx, [row.id]);
  });
}
