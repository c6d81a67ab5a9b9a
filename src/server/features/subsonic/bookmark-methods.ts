import { bookmarksOf, deleteBookmark, saveBookmark } from './bookmarks.service';
import { commentOf, positionOf } from './play-state-limits';
import { requireListenable } from './play-state-songs';
import { songIdOf } from './song-access';
import { songNodes } from './song-nodes';
import { loginOf } from './subsonic-auth';
import type { SubsonicMethod } from './subsonic-context';
import { required } from './subsonic-response';

/** getBookmarks, createBookmark and deleteBookmark (issue 46, decision 0783). */
export const bookmarkMethods: Record<string, SubsonicMethod> = {
  // Creating again replaces: one bookmark per person and song, as the protocol has it.
  createBookmark: async ({ db, caller, params }) => {
    const id = required(params, 'id');
    required(params, 'position');
    const positionMs = positionOf(params);
    const comment = commentOf(params);
    const [trackId] = await requireListenable(db, caller.user.id, [id]);
    await saveBookmark(db, caller.user.id, { trackId: trackId!, positionMs, comment });
    return {};
  },

  // Whatever the song became, deleting one's own bookmark of it tells nothing and always works.
  deleteBookmark: async ({ db, caller, params }) => {
    const trackId = songIdOf(required(params, 'id'));
    if (trackId !== undefined) await deleteBookmark(db, caller.user.id, trackId);
    return {};
  },

  getBookmarks: async ({ db, caller }) => {
    const rows = await bookmarksOf(db, caller.user.id);
    const songs = await songNodes(
      db,
      caller.user.id,
      rows.map((row) => row.song),
    );
    const username = loginOf(caller.user);
    return {
      bookmarks: {
        bookmark: rows.map((row, i) => ({
          position: row.positionMs,
          username,
          comment: row.comment,
          created: row.createdAt.toISOString(),
          changed: row.changedAt.toISOString(),
          entry: songs[i]!,
        })),
      },
    };
  },
};
