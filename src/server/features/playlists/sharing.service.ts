import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PlaylistWithShares } from '../../../shared/schemas/collectives';
import type { Database } from '../../db/client';
import { collectiveMembers, collectives, playlistCollectiveShares } from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { badRequest } from '../../plugins/errors';
import { notifyShare } from '../notifications/notifications.service';
import { findOwnPlaylist, listOwnPlaylists } from './playlists.service';

const sharedCollectiveColumns = {
  id: collectives.id,
  name: collectives.name,
  imageUrl: imageUrlColumn(collectives.imageKey),
};

/** The collectives a playlist is shared into (owner only). */
export async function sharedCollectivesOf(db: Database, playlistId: number, viewerId: string) {
  await findOwnPlaylist(db, playlistId, viewerId);
  return db
    .select(sharedCollectiveColumns)
    .from(playlistCollectiveShares)
    .innerJoin(collectives, eq(collectives.id, playlistCollectiveShares.collectiveId))
    .where(eq(playlistCollectiveShares.playlistId, playlistId))
    .orderBy(asc(collectives.name), asc(collectives.id));
}

/**
 * Makes the playlist shared into exactly `collectiveIds` (spec: the dialog sends the whole set):
 * removals and additions in one transaction. Only the owner shares, and only into collectives they
 * belong to.
 */
export async function setPlaylistShares(
  db: Database,
  playlistId: number,
  viewerId: string,
  collectiveIds: number[],
) {
  const wanted = [...new Set(collectiveIds)];
  await db.transaction(async (tx) => {
    await findOwnPlaylist(tx, playlistId, viewerId, true);
    if (wanted.length > 0) {
      const memberOf = await tx
        .select({ id: collectiveMembers.collectiveId })
        .from(collectiveMembers)
        .where(and(eq(collectiveMembers.userId, viewerId), inArray(collectiveMembers.collectiveId, wanted)));
      if (memberOf.length !== wanted.length) {
        throw badRequest('You can only share a playlist into collectives you belong to');
      }
    }
    await tx
      .delete(playlistCollectiveShares)
      .where(
        and(
          eq(playlistCollectiveShares.playlistId, playlistId),
          wanted.length > 0 ? notInArray(playlistCollectiveShares.collectiveId, wanted) : undefined,
        ),
      );
    if (wanted.length > 0) {
      const added = await tx
        .insert(playlistCollectiveShares)
        .values(wanted.map((collectiveId) => ({ playlistId, collectiveId, sharedByUserId: viewerId })))
        .onConflictDoNothing()
        .returning({ collectiveId: playlistCollectiveShares.collectiveId });
      // Only new shares are news (issue 14): re-sending the same list tells nobody again.
      await notifyShare(tx, {
        collectiveIds: added.map((a) => a.collectiveId),
        playlistId,
        sharedBy: viewerId,
      });
    }
  });
  return sharedCollectivesOf(db, playlistId, viewerId);
}

/** The journal's playlist list with the collectives each is shared into: two queries in all. */
export async function listPlaylistsWithShares(db: Database, userId: string): Promise<PlaylistWithShares[]> {
  const own = await listOwnPlaylists(db, userId);
  if (own.length === 0) return [];
  const shares = await db
    .select({ playlistId: playlistCollectiveShares.playlistId, ...sharedCollectiveColumns })
    .from(playlistCollectiveShares)
    .innerJoin(collectives, eq(collectives.id, playlistCollectiveShares.collectiveId))
    .where(
      inArray(
        playlistCollectiveShares.playlistId,
        own.map((p) => p.id),
      ),
    )
    .orderBy(asc(playlistCollectiveShares.createdAt), asc(playlistCollectiveShares.id));
  const byPlaylist = new Map<number, PlaylistWithShares['sharedCollectives']>();
  for (const { playlistId, ...collective } of shares) {
    byPlaylist.set(playlistId, [...(byPlaylist.get(playlistId) ?? []), collective]);
  }
  return own.map((p) => ({ ...p, sharedCollectives: byPlaylist.get(p.id) ?? [] }));
}
