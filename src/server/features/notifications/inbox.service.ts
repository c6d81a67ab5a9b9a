// The inbox: a person's entries as they read them, with who did what and where it leads (GET
// /api/notifications and the live entries the event stream pushes).
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../shared/constants';
import { exportDownloadUrl } from '../../../shared/schemas/exports';
import type { Notification, NotificationList } from '../../../shared/schemas/notifications';
import { HIDDEN_COMMENT_TEXT } from '../../../shared/schemas/reports';
import type { Database, DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import {
  collectiveMembers,
  collectivePlaylistComments,
  collectives,
  guestComments,
  notifications,
  playlistCollectiveShares,
  playlists,
  trackComments,
  tracks,
  users,
} from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { toUserSummary } from '../users/users.service';

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
