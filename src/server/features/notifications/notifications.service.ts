import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../shared/schemas/notifications';
import type { Database, DbOrTx } from '../../db/client';
import { collectiveMembers, notificationPreferences, notifications, users } from '../../db/schema';
import { listNotifications } from './inbox.service';

export type NewNotification = typeof notifications.$inferInsert;

/** @name in a comment: the characters a username may hold (schemas/users.ts). */
const MENTION = /@([\p{L}\p{N}_.-]+)/gu;
export const mentionedNames = (content: string) =>
  [...new Set([...content.matchAll(MENTION)].map((m) => m[1]!.replace(/[.-]+$/, '').toLowerCase()))].filter(
    Boolean,
  );

/** Of these people, the kinds each has switched off (no row: on). */
export async function switchedOff(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.inApp, false)));
  return new Set(rows.map((r) => `${r.userId}:${r.kind}`));
}

/**
 * The collective's members, other than the author, who are among `candidates` or whose username is
 * one of the `@names` (without case): the only people a comment there may tell (decision 0164).
 */
async function membersConcerned(
  tx: DbOrTx,
  collectiveId: number,
  authorId: string,
  candidates: string[],
  names: string[],
) {
  return tx
    .select({ userId: collectiveMembers.userId, username: users.username })
    .from(collectiveMembers)
    .innerJoin(users, eq(users.id, collectiveMembers.userId))
    .where(
      and(
        eq(collectiveMembers.collectiveId, collectiveId),
        ne(collectiveMembers.userId, authorId),
        names.length > 0
          ? sql`(${inArray(collectiveMembers.userId, candidates)} or lower(${users.username}) in ${names})`
          : inArray(collectiveMembers.userId, candidates),
      ),
    );
}

/**
 * Inbox entries for a new comment in a collective, in its transaction (decision 0164): each member
 * concerned (a `candidate`, or `@named`) gets at most one entry, of the first kind that applies and
 * that they keep on: a `mention`, then the kinds `kindsOf` gives them, in its order. The author and
 * non-members get none. `entry`: what every entry says of the comment.
 */
export async function notifyAboutCollectiveComment(
  tx: DbOrTx,
  c: { collectiveId: number; authorId: string; content: string; candidates: string[] },
  kindsOf: (userId: string) => NotificationKind[],
  entry: Omit<NewNotification, 'userId' | 'kind' | 'actorId' | 'collectiveId'>,
) {
  const names = mentionedNames(c.content);
  const members = await membersConcerned(tx, c.collectiveId, c.authorId, c.candidates, names);
  const off = await switchedOff(
    tx,
    members.map((m) => m.userId),
  );
  const rows: NewNotification[] = [];
  for (const m of members) {
    const mentioned = m.username !== null && names.includes(m.username.toLowerCase());
    const kinds: NotificationKind[] = [...(mentioned ? (['mention'] as const) : []), ...kindsOf(m.userId)];
    const kind = kinds.find((k) => !off.has(`${m.userId}:${k}`));
    if (kind)
      rows.push({ ...entry, userId: m.userId, kind, actorId: c.authorId, collectiveId: c.collectiveId });
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

/**
 * Inbox entries for a new timed comment: a mention, then a reply to them, then a comment on their
 * track (notifyAboutCollectiveComment).
 */
export async function notifyAboutComment(
  tx: DbOrTx,
  c: {
    collectiveId: number;
    playlistId: number;
    track: { id: number; userId: string };
    commentId: number;
    authorId: string;
    parentAuthorId: string | undefined;
    content: string;
    atSeconds: number;
  },
) {
  await notifyAboutCollectiveComment(
    tx,
    {
      collectiveId: c.collectiveId,
      authorId: c.authorId,
      content: c.content,
      candidates: [c.track.userId, ...(c.parentAuthorId ? [c.parentAuthorId] : [])],
    },
    (userId) => [
      ...(userId === c.parentAuthorId ? (['reply'] as const) : []),
      ...(userId === c.track.userId ? (['comment'] as const) : []),
    ],
    { playlistId: c.playlistId, trackId: c.track.id, commentId: c.commentId, atSeconds: c.atSeconds },
  );
}

/** Every other member of the collective hears of a playlist shared into it. */
export async function notifyShare(
  db: DbOrTx,
  s: { collectiveIds: number[]; playlistId: number; sharedBy: string },
) {
  if (s.collectiveIds.length === 0) return;
  const members = await db
    .select({ userId: collectiveMembers.userId, collectiveId: collectiveMembers.collectiveId })
    .from(collectiveMembers)
    .where(
      and(inArray(collectiveMembers.collectiveId, s.collectiveIds), ne(collectiveMembers.userId, s.sharedBy)),
    );
  const off = await switchedOff(
    db,
    members.map((m) => m.userId),
  );
  const rows = members
    .filter((m) => !off.has(`${m.userId}:share`))
    .map((m) => ({
      userId: m.userId,
      kind: 'share' as const,
      actorId: s.sharedBy,
      collectiveId: m.collectiveId,
      playlistId: s.playlistId,
    }));
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

/** The person whose invite link someone joined through hears of it (not of their own joining). */
export async function notifyJoin(
  db: DbOrTx,
  j: { collectiveId: number; joinerId: string; inviterId: string },
) {
  if (j.joinerId === j.inviterId) return;
  if ((await switchedOff(db, [j.inviterId])).has(`${j.inviterId}:join`)) return;
  await db
    .insert(notifications)
    .values({ userId: j.inviterId, kind: 'join', actorId: j.joinerId, collectiveId: j.collectiveId });
}

/** Marks the listed entries (only the caller's own; others' ids are ignored), or all, read. */
export async function markRead(db: Database, userId: string, ids: number[] | undefined) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : ids.length > 0 ? inArray(notifications.id, ids) : sql`false`,
      ),
    );
  return listNotifications(db, userId);
}

export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const prefs = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as NotificationPreferences;
  for (const r of rows) prefs[r.kind] = r.inApp;
  return prefs;
}

export async function updatePreferences(
  db: Database,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const values = Object.entries(changes).map(([kind, inApp]) => ({
    userId,
    kind: kind as NotificationKind,
    inApp: inApp as boolean,
  }));
  if (values.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, updatedAt: sql`now()` },
      });
  }
  return getPreferences(db, userId);
}
