import { and, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../shared/constants';
import { exportDownloadUrl } from '../../../shared/schemas/exports';
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
} from '../../../shared/schemas/notifications';
import { HIDDEN_COMMENT_TEXT } from '../../../shared/schemas/reports';
import type { Database, DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import {
  collectiveMembers,
  collectivePlaylistComments,
  collectives,
  guestComments,
  notificationPreferences,
  notifications,
  playlistCollectiveShares,
  playlists,
  trackComments,
  tracks,
  users,
} from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { toUserSummary } from '../users/users.service';

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

const actor = alias(users, 'actor');
const itemColumns = {
  n: notifications,
  actor: {
    id: actor.id,
    username: actor.username,
    firstName: actor.firstName,
    lastName: actor.lastName,
    avatarUrl: imageUrlColumn(actor.avatarKey),
    updatedAt: actor.updatedAt,
  },
  collectiveName: collectives.name,
  playlistName: playlists.name,
  /**
   * Whether the reader may still open the playlist the entry names, where the entry found it: theirs,
   * or shared into the entry's collective while they are a member (issue 41). Otherwise (unshared,
   * deleted, or they left) its name, and the words and track said of it, are no longer theirs to read.
   */
  playlistOpen: sql<boolean>`(${notifications.playlistId} is not null and (
    ${playlists.userId} = ${notifications.userId}
    or exists (
      select 1 from ${playlistCollectiveShares}
      join ${collectiveMembers} on ${collectiveMembers.collectiveId} = ${playlistCollectiveShares.collectiveId}
        and ${collectiveMembers.userId} = ${notifications.userId}
      where ${playlistCollectiveShares.playlistId} = ${notifications.playlistId}
        and ${playlistCollectiveShares.collectiveId} = ${notifications.collectiveId})))`,
  trackName: tracks.name,
  trackOwnerId: tracks.userId,
  /** A `version_answers` entry's count: the reader's threads carried to that version (decision 0672). */
  answeredCount: sql<number | null>`case when ${notifications.kind} = 'version_answers' then (
    select count(*)::int from track_comments a
     where a.track_id = ${notifications.trackId} and a.track_version = ${notifications.trackVersion}
       and a.user_id = ${notifications.userId} and a.parent_id is null
       and a.carried_from_version is not null) end`,
  excerpt: sql<
    string | null
  >`case when coalesce(${trackComments.hiddenAt}, ${collectivePlaylistComments.hiddenAt}) is not null
      and coalesce(${trackComments.userId}, ${collectivePlaylistComments.userId}) <> ${notifications.userId}
    then ${HIDDEN_COMMENT_TEXT}
    else left(coalesce(${trackComments.content}, ${collectivePlaylistComments.content}, ${guestComments.content}), 140) end`,
};

/** Where an entry leads: the moment in the collective playlist view, else the playlist, else the collective. */
export function notificationUrl(n: typeof notifications.$inferSelect): string {
  if (n.exportId !== null) return exportDownloadUrl(n.exportId);
  // Issue 45: a guest's comment opens the track at its moment; a received file opens the track; a
  // link that may have leaked opens its track or playlist (the entry itself offers Revoke).
  if (n.kind === 'guest_comment' || n.kind === 'guest_upload' || n.kind === 'share_leak') {
    const at = n.atSeconds !== null ? `?t=${Math.floor(n.atSeconds * 10) / 10}` : '';
    if (n.trackId !== null) return `/track/${n.trackId}${at}`;
    return n.playlistId !== null ? `/playlist/${n.playlistId}` : '/';
  }
  // A moderator's notice (decision 0455) outside a collective: the equipment page of a hidden comment
  // (decision 0580), the hidden track, else the profile. A `report_reviewed` entry leads home.
  if (n.kind === 'content_hidden' && n.collectiveId === null) {
    if (n.equipmentId !== null) return `/equipment/${n.equipmentId}`;
    return n.trackId !== null ? `/track/${n.trackId}` : '/profile';
  }
  if (n.collectiveId === null) return '/';
  const base = `/collective/${n.collectiveId}`;
  if (n.playlistId === null) return base;
  // "vN answers your comments" opens the comparison of vN (slot A) with the version before (B), at
  // the moment on vN (decision 0674).
  const compare =
    n.kind === 'version_answers' && n.trackVersion !== null
      ? `&compare=${n.trackVersion},${n.trackVersion - 1}`
      : '';
  const params =
    n.trackId !== null
      ? `?track=${n.trackId}${compare}${n.atSeconds !== null ? `&t=${Math.floor(n.atSeconds * 10) / 10}` : ''}${
          n.commentId !== null ? `&comment=${n.commentId}` : ''
        }`
      : '';
  return `${base}/playlist/${n.playlistId}${params}`;
}

/** The entries `where` picks, newest first, with who and what they name. */
function itemsQuery(db: DbOrTx, where: SQL | undefined) {
  return (
    db
      .select(itemColumns)
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .leftJoin(collectives, eq(collectives.id, notifications.collectiveId))
      .leftJoin(playlists, eq(playlists.id, notifications.playlistId))
      .leftJoin(tracks, eq(tracks.id, notifications.trackId))
      .leftJoin(trackComments, eq(trackComments.id, notifications.commentId))
      .leftJoin(
        collectivePlaylistComments,
        eq(collectivePlaylistComments.id, notifications.playlistCommentId),
      )
      // A guest's words through a review link (issue 45): the owner, the only reader, may read them all.
      .leftJoin(guestComments, eq(guestComments.id, notifications.guestCommentId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
  );
}

/**
 * The inbox's read, prepared: PostgreSQL plans its seven joins once per connection instead of on
 * every request (6–9 ms of planning in psql, 25–34 ms in the app at scale, for well under 1 ms of
 * work; decision 0913).
 */
const inboxStatement = preparedOnce((db) =>
  itemsQuery(db, eq(notifications.userId, sql.placeholder('userId')))
    .limit(sql.placeholder('limit'))
    .prepare('notifications_inbox'),
);

const unreadStatement = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('notifications_unread'),
);

async function selectItems(db: DbOrTx, where: SQL | undefined, limit: number): Promise<Notification[]> {
  return toItems(await itemsQuery(db, where).limit(limit));
}

function toItems(rows: Awaited<ReturnType<typeof itemsQuery>>): Notification[] {
  return rows.map(({ n, ...r }) => {
    // An entry about a playlist the reader can no longer open keeps who did what, and where, but
    // not what the playlist holds: its name, a track of someone else's, the comment's words.
    const closed = n.playlistId !== null && !r.playlistOpen;
    const trackShown = r.trackName !== null && (!closed || r.trackOwnerId === n.userId);
    return {
      id: n.id,
      kind: n.kind,
      actor: r.actor ? toUserSummary(r.actor) : null,
      collective:
        n.collectiveId !== null && r.collectiveName !== null
          ? { id: n.collectiveId, name: r.collectiveName }
          : null,
      playlistId: n.playlistId,
      playlistName: closed ? null : r.playlistName,
      playlistAvailable: n.playlistId === null ? null : !closed,
      track: n.trackId !== null && trackShown ? { id: n.trackId, name: r.trackName! } : null,
      commentId: n.commentId,
      playlistCommentId: n.playlistCommentId,
      // A moderator's notice quotes the words itself (decision 0455).
      excerpt: n.kind === 'content_hidden' || closed ? null : r.excerpt,
      atSeconds: n.atSeconds,
      trackVersion: n.trackVersion,
      answeredCount: closed ? null : r.answeredCount,
      exportId: n.exportId,
      notice: n.notice,
      shareId: n.shareId,
      // The playlist is no longer there to open: the collective instead.
      url: closed && n.collectiveId !== null ? `/collective/${n.collectiveId}` : notificationUrl(n),
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    };
  });
}

/** The newest entries and the number unread (GET /api/notifications). */
export async function listNotifications(db: Database, userId: string): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    inboxStatement(db).execute({ userId, limit: LIMITS.notificationsPage }),
    unreadStatement(db).execute({ userId }),
  ]);
  return { items: toItems(rows), unread: unread?.n ?? 0 };
}

/** One entry as its recipient's inbox shows it (live events carry it). */
export async function findNotification(
  db: DbOrTx,
  id: number,
): Promise<(Notification & { userId: string }) | undefined> {
  const [item] = await selectItems(db, eq(notifications.id, id), 1);
  const [owner] = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, id));
  return item && owner && { ...item, userId: owner.userId };
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
