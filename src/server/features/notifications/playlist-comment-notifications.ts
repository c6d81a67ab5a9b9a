import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { membersConcerned, mentionedNames, type NewNotification, switchedOff } from './notifications.service';

/**
 * Inbox entries for a new comment on a playlist shared into a collective, in its transaction
 * (decision 0300). Decision 0164's rule, with the playlist in place of the track: each member
 * concerned gets at most one entry, of the first kind that applies and that they keep on: a
 * `mention` (`@username`), then `playlist_comment` (the playlist is theirs). The author never hears of
 * their own comment; an owner who has left the collective (and so cannot see the comment) and
 * people outside it are never told.
 */
export async function notifyAboutPlaylistComment(
  tx: DbOrTx,
  c: {
    collectiveId: number;
    playlist: { id: number; userId: string };
    commentId: number;
    authorId: string;
    content: string;
  },
) {
  const names = mentionedNames(c.content);
  const members = await membersConcerned(tx, c.collectiveId, c.authorId, [c.playlist.userId], names);
  const off = await switchedOff(
    tx,
    members.map((m) => m.userId),
  );
  const rows: NewNotification[] = [];
  for (const m of members) {
    const kinds: NotificationKind[] = [];
    if (m.username && names.includes(m.username.toLowerCase())) kinds.push('mention');
    if (m.userId === c.playlist.userId) kinds.push('playlist_comment');
    const kind = kinds.find((k) => !off.has(`${m.userId}:${k}`));
    if (!kind) continue;
    rows.push({
      userId: m.userId,
      kind,
      actorId: c.authorId,
      collectiveId: c.collectiveId,
      playlistId: c.playlist.id,
      playlistCommentId: c.commentId,
    });
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}
