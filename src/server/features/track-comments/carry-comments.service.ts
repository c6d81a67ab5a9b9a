import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { trackComments, tracks, trackVersions } from '../../db/schema';
import { notifyVersionAnswers } from '../notifications/version-answers-notifications.service';

// Issue 44, "open comments follow the take" (decisions 0670–0672): when a new version's processing
// commits, the previous version's open threads are carried to it, moved by the alignment.

/**
 * Where a moment (and range end) of a version lands on the current one: the version's audio starts
 * `alignSeconds` later than the current's (positive: later), so its moments come that much earlier
 * on the current. Clamped to [0, duration]; a range squeezed to nothing becomes a moment.
 */
export function carriedPosition(
  atSeconds: number,
  endSeconds: number | null,
  alignSeconds: number | null,
  duration: number | null,
): { atSeconds: number; endSeconds: number | null } {
  const shift = alignSeconds ?? 0;
  const clamp = (s: number) => Math.max(0, duration === null ? s : Math.min(s, duration));
  const at = clamp(atSeconds - shift);
  const end = endSeconds === null ? null : clamp(endSeconds - shift);
  return { atSeconds: at, endSeconds: end !== null && end > at ? end : null };
}

/** A version whose job will still measure it (the same rule that queues it), then align it. */
function awaitsAlignment(v: { storageKey: string | null; state: string | null; onsets: unknown }): boolean {
  return v.storageKey !== null && (v.state === 'pending' || (v.state === 'ready' && v.onsets === null));
}

type CommentRow = typeof trackComments.$inferSelect;

/** What a carried copy of `source` is: the same words and author, on `version`, at `position`. */
const copyOf = (
  source: CommentRow,
  version: number,
  position: { atSeconds: number; endSeconds: number | null },
  parentId: number | null,
) => ({
  collectiveId: source.collectiveId,
  trackId: source.trackId,
  userId: source.userId,
  parentId,
  content: source.content,
  ...position,
  trackVersion: version,
  carriedFromVersion: source.trackVersion,
  carriedFromCommentId: source.id,
  editedAt: source.editedAt,
  hiddenAt: source.hiddenAt,
  // Said when it was said: the thread reads in its own order on the new version too.
  createdAt: source.createdAt,
});

/** A comment is carried at most once (unique index): a second run inserts nothing. */
const onceOnly = {
  target: trackComments.carriedFromCommentId,
  // The partial unique index's predicate, which PostgreSQL needs to pick the index as the arbiter.
  where: sql`${trackComments.carriedFromCommentId} is not null`,
};

/**
 * Carries every open, visible thread of the version before the current one to the current one,
 * with its replies (decision 0671), once: the track row is locked (a new version waits) and a
 * comment already carried is skipped by the unique index. Runs only while the current file is
 * processed (`ready`); the commenters then hear "vN answers your comments" in the same transaction.
 * Returns how many threads were carried.
 */
export async function carryOpenThreads(db: Database, trackId: number): Promise<number> {
  return await db.transaction(async (tx) => {
    const [track] = await tx
      .select({
        id: tracks.id,
        userId: tracks.userId,
        name: tracks.name,
        version: tracks.version,
        duration: tracks.duration,
        state: tracks.processingState,
      })
      .from(tracks)
      .where(eq(tracks.id, trackId))
      .for('update');
    if (track?.state !== 'ready' || track.version < 2) return 0;
    const previous = track.version - 1;
    const [from] = await tx
      .select({
        alignSeconds: trackVersions.alignSeconds,
        storageKey: trackVersions.storageKey,
        state: trackVersions.processingState,
        onsets: trackVersions.onsets,
      })
      .from(trackVersions)
      .where(and(eq(trackVersions.trackId, trackId), eq(trackVersions.version, previous)));
    // The version before is still to be measured (v2 came while v1 was processed): its own job
    // lines it up and carries then, so no thread lands unmoved (decision 0866).
    if (from && awaitsAlignment(from)) return 0;
    const threads = await tx
      .select()
      .from(trackComments)
      .where(
        and(
          eq(trackComments.trackId, trackId),
          eq(trackComments.trackVersion, previous),
          isNull(trackComments.parentId),
          isNull(trackComments.resolvedAt),
          // A thread a moderator hid is not feedback to act on (decision 0671).
          isNull(trackComments.hiddenAt),
        ),
      )
      .orderBy(asc(trackComments.atSeconds), asc(trackComments.id));
    if (threads.length === 0) return 0;
    const carried = await insertOnce(
      tx,
      threads.map((c) =>
        copyOf(
          c,
          track.version,
          carriedPosition(c.atSeconds, c.endSeconds, from?.alignSeconds ?? null, track.duration),
          null,
        ),
      ),
    );
    if (carried.length === 0) return 0;
    await carryReplies(tx, carried, track.version);
    await notifyVersionAnswers(tx, { track, carried });
    return carried.length;
  });
}

export type CarriedThread = Pick<
  CommentRow,
  'id' | 'userId' | 'collectiveId' | 'atSeconds' | 'endSeconds'
> & {
  carriedFromCommentId: number;
};

async function insertOnce(tx: DbOrTx, values: ReturnType<typeof copyOf>[]): Promise<CarriedThread[]> {
  const rows = await tx.insert(trackComments).values(values).onConflictDoNothing(onceOnly).returning({
    id: trackComments.id,
    userId: trackComments.userId,
    collectiveId: trackComments.collectiveId,
    atSeconds: trackComments.atSeconds,
    endSeconds: trackComments.endSeconds,
    carriedFromCommentId: trackComments.carriedFromCommentId,
  });
  return rows.map((r) => ({ ...r, carriedFromCommentId: r.carriedFromCommentId! }));
}

/**
 * The conversation goes with its thread (decision 0671): each reply of a carried thread is copied
 * under the thread's copy, at its moment (a reply sits at its thread's, decision 0161).
 */
async function carryReplies(tx: DbOrTx, carried: CarriedThread[], version: number) {
  const copyFor = new Map(carried.map((c) => [c.carriedFromCommentId, c]));
  const replies = await tx
    .select()
    .from(trackComments)
    .where(inArray(trackComments.parentId, [...copyFor.keys()]))
    .orderBy(asc(trackComments.createdAt), asc(trackComments.id));
  if (replies.length === 0) return;
  await tx
    .insert(trackComments)
    .values(
      replies.map((r) => {
        const thread = copyFor.get(r.parentId!)!;
        return copyOf(r, version, { atSeconds: thread.atSeconds, endSeconds: thread.endSeconds }, thread.id);
      }),
    )
    .onConflictDoNothing(onceOnly);
}

/**
 * The thread a comment belongs to across versions (decision 0673): the comments it was carried
 * from, back to the first, and every copy carried from those, forward. One comment's id when it
 * was never carried.
 */
export async function carriedChain(db: DbOrTx, commentId: number): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive up as (
      select id, carried_from_comment_id as from_id from track_comments where id = ${commentId}
      union
      select c.id, c.carried_from_comment_id from track_comments c join up on c.id = up.from_id
    ), down as (
      select id from up
      union
      select c.id from track_comments c join down on c.carried_from_comment_id = down.id
    )
    select id from down`);
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}
