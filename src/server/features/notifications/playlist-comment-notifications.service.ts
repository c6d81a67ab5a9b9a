import type { DbOrTx } from '../../db/client';
import { notifyAboutCollectiveComment } from './notifications.service';

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
  await notifyAboutCollectiveComment(
    tx,
    {
      collectiveId: c.collectiveId,
      authorId: c.authorId,
      content: c.content,
      candidates: [c.playlist.userId],
    },
    (userId) => (userId === c.playlist.userId ? ['playlist_comment'] : []),
    { playlistId: c.playlist.id, playlistCommentId: c.commentId },
  );
}
