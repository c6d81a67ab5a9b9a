import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookmarks, tracks, users } from '../../db/schema';
import { listenableToViewer } from '../tracks/tracks.service';
import type { SongRow } from './browse.service';
import { PLAY_STATE_LIMITS } from './play-state-limits';
import { listenableSongs } from './play-state-songs';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * Bookmarks (issue 46, decision 0783): where a person left off in a song, one per person and song,
 * so a long take resumes there on any app. Their own, like their likes; at most
 * PLAY_STATE_LIMITS.bookmarks of them.
 */
const held = async (db: Database, userId: string) =>
  (await db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.userId, userId)))[0]?.n ?? 0;

export async function saveBookmark(
  db: Database,
  userId: string,
  bookmark: { trackId: number; positionMs: number; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The person's row locked, so two new bookmarks at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ trackId: bookmarks.trackId })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.trackId, bookmark.trackId)));
    if (!existing && (await held(tx, userId)) >= PLAY_STATE_LIMITS.bookmarks) {
      // Bookmarks of songs the person may no longer hear are not shown to them: at the limit they
      // give way, rather than fill it with what the person cannot see to delete.
      await tx
        .delete(bookmarks)
        .where(
          and(
            eq(bookmarks.userId, userId),
            notInArray(
              bookmarks.trackId,
              tx.select({ id: tracks.id }).from(tracks).where(listenableToViewer(tx, userId)),
            ),
          ),
        );
      if ((await held(tx, userId)) >= PLAY_STATE_LIMITS.bookmarks) {
        throw new SubsonicError(
          SubsonicCode.generic,
          `You can keep at most ${PLAY_STATE_LIMITS.bookmarks} bookmarks: delete one first`,
        );
      }
    }
    const values = { positionMs: bookmark.positionMs, comment: bookmark.comment };
    await tx
      .insert(bookmarks)
      .values({ userId, trackId: bookmark.trackId, ...values })
      .onConflictDoUpdate({
        target: [bookmarks.userId, bookmarks.trackId],
        set: { ...values, changedAt: new Date() },
      });
  });
}

/** Removes the caller's bookmark of a song, if any: it tells nothing of the song. */
export async function deleteBookmark(db: Database, userId: string, trackId: number): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.trackId, trackId)));
}

export interface BookmarkRow {
  song: SongRow;
  positionMs: number;
  comment: string;
  createdAt: Date;
  changedAt: Date;
}

/** The caller's bookmarks of songs they may still hear, latest change first. */
export async function bookmarksOf(db: Database, userId: string): Promise<BookmarkRow[]> {
  const rows = await db
    .select()
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.changedAt), desc(bookmarks.trackId));
  const heard = await listenableSongs(
    db,
    userId,
    rows.map((row) => row.trackId),
  );
  return rows.flatMap((row) => {
    const song = heard.get(row.trackId);
    return song
      ? [
          {
            song,
            positionMs: row.positionMs,
            comment: row.comment,
            createdAt: row.createdAt,
            changedAt: row.changedAt,
          },
        ]
      : [];
  });
}
