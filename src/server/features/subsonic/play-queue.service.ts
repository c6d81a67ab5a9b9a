import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { playQueueEntries, playQueues } from '../../db/schema';
import type { SongRow } from './browse.service';
import { listenableSongs } from './play-state-songs';

/**
 * A person's one saved play queue (issue 46, decision 0781): the songs in order, which of them
 * plays and where, and the app that saved it, so another app (another device) resumes there.
 */
export interface SavedQueue {
  trackIds: number[];
  /** Index into trackIds of the current song; ignored for an empty queue. */
  currentIndex: number;
  positionMs: number;
  changedBy: string;
}

/** Replaces the caller's queue (an empty one clears it but keeps who cleared it, and when). */
export async function saveQueue(db: Database, userId: string, queue: SavedQueue): Promise<void> {
  const empty = queue.trackIds.length === 0;
  const row = {
    currentIndex: empty ? null : queue.currentIndex,
    positionMs: empty ? 0 : queue.positionMs,
    changedBy: queue.changedBy,
    changedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    // The upsert locks the queue's row, so two apps saving at once replace it one after the other.
    await tx
      .insert(playQueues)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: playQueues.userId, set: row });
    await tx.delete(playQueueEntries).where(eq(playQueueEntries.userId, userId));
    if (empty) return;
    await tx
      .insert(playQueueEntries)
      .values(queue.trackIds.map((trackId, position) => ({ userId, position, trackId })));
  });
}

export interface ReadQueue {
  songs: SongRow[];
  /** Index into songs of the current song, when there are songs. */
  currentIndex?: number;
  positionMs: number;
  changedBy: string;
  changedAt: Date;
}

/**
 * The caller's queue as they may play it now: songs they may no longer hear are left out. When
 * the current song is among them, the next remaining song is current, from its start.
 */
export async function readQueue(db: Database, userId: string): Promise<ReadQueue | undefined> {
  const [queue] = await db.select().from(playQueues).where(eq(playQueues.userId, userId));
  if (!queue) return undefined;
  const entries = await db
    .select({ position: playQueueEntries.position, trackId: playQueueEntries.trackId })
    .from(playQueueEntries)
    .where(eq(playQueueEntries.userId, userId))
    .orderBy(asc(playQueueEntries.position));
  const heard = await listenableSongs(
    db,
    userId,
    entries.map((entry) => entry.trackId),
  );
  const kept = entries.filter((entry) => heard.has(entry.trackId));
  const head = { changedBy: queue.changedBy, changedAt: queue.changedAt };
  if (kept.length === 0) return { songs: [], positionMs: 0, ...head };
  const saved = queue.currentIndex ?? 0;
  const exact = kept.findIndex((entry) => entry.position === saved);
  const next = kept.findIndex((entry) => entry.position > saved);
  const currentIndex = exact !== -1 ? exact : next !== -1 ? next : kept.length - 1;
  return {
    songs: kept.map((entry) => heard.get(entry.trackId)!),
    currentIndex,
    positionMs: exact !== -1 ? queue.positionMs : 0,
    ...head,
  };
}
