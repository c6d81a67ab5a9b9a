import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type {
  CollectiveComment,
  CollectivePlaylist,
  CollectivePlaylistDetail,
} from '../../../shared/schemas/collectives';
import type { Database } from '../../db/client';
import { collectivePlaylistComments, playlistCollectiveShares, playlists, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { PLAYLIST_COMMENT_BLOCKED, refuseBlockedMentions, refuseIfBlocked } from '../blocks/blocks.service';
import { notifyAboutPlaylistComment } from '../notifications/playlist-comment-notifications.service';
import { playlistAbilities, playlistTracksOf, toPlaylistDto } from '../playlists/playlists.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import { requireMembership } from './collectives.service';

const sharedPlaylistColumns = {
  playlist: playlists,
  sharedAt: playlistCollectiveShares.createdAt,
  sharedByUserId: playlistCollectiveShares.sharedByUserId,
  user: userSummaryColumns,
};

const commentColumns = { comment: collectivePlaylistComments, user: userSummaryColumns };

type SharedRow = {
  playlist: typeof playlists.$inferSelect;
  sharedAt: Date;
  sharedByUserId: string;
  user: Parameters<typeof toUserSummary>[0];
};

const toCollectivePlaylist = (r: SharedRow, viewerId: string): CollectivePlaylist => ({
  ...toPlaylistDto(r.playlist),
  abilities: playlistAbilities(viewerId, r.playlist.userId),
  sharedAt: r.sharedAt.toISOString(),
  sharedByUserId: r.sharedByUserId,
  user: toUserSummary(r.user),
});

/** Playlists shared into the collective, newest share first, each with its owner: one query. */
export async function listCollectivePlaylists(db: Database, collectiveId: number, userId: string) {
  await requireMembership(db, collectiveId, userId);
  const rows = await db
    .select(sharedPlaylistColumns)
    .from(playlistCollectiveShares)
    .innerJoin(playlists, eq(playlists.id, playlistCollectiveShares.playlistId))
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(eq(playlistCollectiveShares.collectiveId, collectiveId))
    .orderBy(desc(playlistCollectiveShares.createdAt), desc(playlistCollectiveShares.id));
  return rows.map((r) => toCollectivePlaylist(r, userId));
}

/** A playlist as a member of a collective it is shared into sees it; 404 when not shared there. */
async function requireSharedPlaylist(db: Database, collectiveId: number, playlistId: number, userId: string) {
  await requireMembership(db, collectiveId, userId);
  const [row] = await db
    .select(sharedPlaylistColumns)
    .from(playlistCollectiveShares)
    .innerJoin(playlists, eq(playlists.id, playlistCollectiveShares.playlistId))
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(
      and(
        eq(playlistCollectiveShares.collectiveId, collectiveId),
        eq(playlistCollectiveShares.playlistId, playlistId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Playlist not found in this collective');
  return row;
}

export async function getCollectivePlaylist(
  db: Database,
  collectiveId: number,
  playlistId: number,
  userId: string,
): Promise<CollectivePlaylistDetail> {
  const row = await requireSharedPlaylist(db, collectiveId, playlistId, userId);
  return { ...toCollectivePlaylist(row, userId), tracks: await playlistTracksOf(db, playlistId, userId) };
}

export async function listComments(
  db: Database,
  collectiveId: number,
  playlistId: number,
  userId: string,
): Promise<CollectiveComment[]> {
  await requireSharedPlaylist(db, collectiveId, playlistId, userId);
  const rows = await db
    .select(commentColumns)
    .from(collectivePlaylistComments)
    .innerJoin(users, eq(users.id, collectivePlaylistComments.userId))
    .where(
      and(
        eq(collectivePlaylistComments.collectiveId, collectiveId),
        eq(collectivePlaylistComments.playlistId, playlistId),
        // A hidden comment leaves everyone's list but its author's (decision 0455).
        or(isNull(collectivePlaylistComments.hiddenAt), eq(collectivePlaylistComments.userId, userId)),
      ),
    )
    .orderBy(desc(collectivePlaylistComments.createdAt), desc(collectivePlaylistComments.id));
  return rows.map(toCommentDto);
}

function toCommentDto(r: {
  comment: typeof collectivePlaylistComments.$inferSelect;
  user: Parameters<typeof toUserSummary>[0];
}): CollectiveComment {
  return {
    id: r.comment.id,
    collectiveId: r.comment.collectiveId,
    playlistId: r.comment.playlistId,
    userId: r.comment.userId,
    content: r.comment.content,
    hidden: r.comment.hiddenAt !== null,
    createdAt: r.comment.createdAt.toISOString(),
    user: toUserSummary(r.user),
  };
}

/** One comment with its author, as the list shows it (live events carry it; no access check). */
export async function findComment(db: Database, commentId: number): Promise<CollectiveComment | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(collectivePlaylistComments)
    .innerJoin(users, eq(users.id, collectivePlaylistComments.userId))
    .where(eq(collectivePlaylistComments.id, commentId));
  return row && toCommentDto(row);
}

export async function addComment(
  db: Database,
  collectiveId: number,
  playlistId: number,
  userId: string,
  content: string,
): Promise<CollectiveComment> {
  const { playlist } = await requireSharedPlaylist(db, collectiveId, playlistId, userId);
  // A block either way cuts comments on the person's playlists and mentions (decision 0450).
  await refuseIfBlocked(db, userId, playlist.userId, PLAYLIST_COMMENT_BLOCKED);
  await refuseBlockedMentions(db, userId, content);
  // The comment and the inbox entries it makes are one transaction (decision 0300).
  const comment = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collectivePlaylistComments)
      .values({ collectiveId, playlistId, userId, content })
      .returning();
    await notifyAboutPlaylistComment(tx, {
      collectiveId,
      playlist: { id: playlist.id, userId: playlist.userId },
      commentId: row!.id,
      authorId: userId,
      content,
    });
    return row!;
  });
  const [author] = await db.select(userSummaryColumns).from(users).where(eq(users.id, userId));
  return {
    id: comment.id,
    collectiveId,
    playlistId,
    userId,
    content: comment.content,
    hidden: false,
    createdAt: comment.createdAt.toISOString(),
    user: toUserSummary(author!),
  };
}
