import { desc, eq } from 'drizzle-orm';
import type { ReceivedFrom, ReceivedTrack } from '../../../shared/schemas/share-uploads';
import type { DbOrTx } from '../../db/client';
import { shareUploads, tracks } from '../../db/schema';

/**
 * Where a track came from when a guest sent it through an upload link (issue 45, decision 0734):
 * for its owner's view only; null for a track they uploaded themselves.
 */
export async function receivedFrom(db: DbOrTx, trackId: number): Promise<ReceivedFrom | null> {
  const [row] = await db
    .select({
      guestName: shareUploads.guestName,
      linkLabel: shareUploads.linkLabel,
      shareId: shareUploads.shareId,
    })
    .from(shareUploads)
    .where(eq(shareUploads.trackId, trackId));
  return row ?? null;
}

/** Every track of the person's that a guest sent, newest first: one query for the whole journal. */
export async function receivedTracksOf(db: DbOrTx, userId: string): Promise<ReceivedTrack[]> {
  return db
    .select({
      trackId: shareUploads.trackId,
      guestName: shareUploads.guestName,
      linkLabel: shareUploads.linkLabel,
      shareId: shareUploads.shareId,
    })
    .from(shareUploads)
    .innerJoin(tracks, eq(tracks.id, shareUploads.trackId))
    .where(eq(tracks.userId, userId))
    .orderBy(desc(shareUploads.trackId));
}
