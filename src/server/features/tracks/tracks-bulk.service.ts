import { and, eq, ne, sql } from 'drizzle-orm';
import type { BulkTrackBody } from '../../../shared/schemas/track-bulk';
import type { Database, DbOrTx } from '../../db/client';
import { inIds, intArray } from '../../db/int-array';
import { rowsOf } from '../../db/rows-of';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { findOwnPlaylist } from '../playlists/playlists.service';

/**
 * Locks the named tracks if every one is the viewer's; 404 for the whole request otherwise
 * (decision 0275: "Track not found", as the single routes, so a stranger's id tells nothing).
 * `for update` holds them until commit, so a concurrent single delete cannot slip in between.
 */
export async function lockOwnTracks(tx: DbOrTx, ids: readonly number[], viewerId: string) {
  const rows = await tx
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(inIds(tracks.id, ids), eq(tracks.userId, viewerId)))
    .for('update');
  if (rows.length !== ids.length) throw notFound('Track not found');
}

/** The distinct ids in the order first given (a client may send one twice; it counts once). */
export const distinctIds = (ids: readonly number[]) => [...new Set(ids)];

/**
 * One action on many of the viewer's tracks, in one transaction: all or nothing (decision 0275).
 * Each action is a few set-based statements whatever the number of tracks, with the single routes'
 * rules; the database's statement triggers renew the journal revision (list cache, 0084), queue
 * deleted files in the outbox (0095) and publish live events (0100) exactly as for one track.
 * Returns how many of the tracks the action changed.
 */
export async function bulkTrackAction(db: Database, viewerId: string, body: BulkTrackBody) {
  const ids = distinctIds(body.ids);
  return db.transaction(async (tx) => {
    await lockOwnTracks(tx, ids, viewerId);
    const named = inIds(tracks.id, ids);
    switch (body.action) {
      case 'setVisibility': {
        // Tracks already so are left alone: no updatedAt, no revision for nothing.
        const changed = await tx
          .update(tracks)
          .set({ visibility: body.visibility })
          .where(and(named, eq(tracks.userId, viewerId), ne(tracks.visibility, body.visibility)))
          .returning({ id: tracks.id });
        return changed.length;
      }
      case 'addToPlaylist':
        return addTracksToPlaylist(tx, body.playlistId, viewerId, ids);
      case 'addEquipment':
        return addEquipment(tx, ids, distinctIds(body.equipmentIds));
      case 'removeEquipment': {
        const removed = await tx
          .delete(trackEquipmentTags)
          .where(
            and(
              inIds(trackEquipmentTags.trackId, ids),
              inIds(trackEquipmentTags.equipmentTagId, distinctIds(body.equipmentIds)),
            ),
          )
          .returning({ trackId: trackEquipmentTags.trackId });
        return new Set(removed.map((r) => r.trackId)).size;
      }
      case 'delete': {
        // Playlist entries, tags and versions go by cascade; the outbox trigger queues the files.
        const deleted = await tx
          .delete(tracks)
          .where(and(named, eq(tracks.userId, viewerId)))
          .returning({ id: tracks.id });
        return deleted.length;
      }
    }
  });
}

/**
 * As `addTrackToPlaylist`, for many: only the owner's playlist (404 otherwise), locked so that adds
 * and reorders run one after another; tracks already in it stay where they are; the others are
 * appended in the order given, so positions stay dense 0..n-1. One insert…select.
 */
async function addTracksToPlaylist(tx: DbOrTx, playlistId: number, viewerId: string, ids: number[]) {
  await findOwnPlaylist(tx, playlistId, viewerId, true);
  const result = await tx.execute(sql`
    insert into playlist_tracks (playlist_id, track_id, position)
    select ${playlistId}, n.track_id,
           (select coalesce(max(position), -1) from playlist_tracks where playlist_id = ${playlistId})
             + row_number() over (order by n.ord)
      from unnest(${intArray(ids)}) with ordinality as n(track_id, ord)
     where not exists (select 1 from playlist_tracks e
                        where e.playlist_id = ${playlistId} and e.track_id = n.track_id)
     order by n.ord
    on conflict do nothing
    returning track_id`);
  return rowsOf<{ track_id: number }>(result).length;
}

/**
 * As `addTrackEquipment`, for many: every piece must exist (404 "Equipment not found" otherwise);
 * a tag a track already has is kept as it is. One insert of the tracks × equipment pairs.
 */
async function addEquipment(tx: DbOrTx, ids: number[], equipmentIds: number[]) {
  const found = await tx
    .select({ id: equipmentTags.id })
    .from(equipmentTags)
    .where(inIds(equipmentTags.id, equipmentIds));
  if (found.length !== equipmentIds.length) throw notFound('Equipment not found');
  const result = await tx.execute(sql`
    insert into track_equipment_tags (track_id, equipment_tag_id)
    select t.id, e.id
      from unnest(${intArray(ids)}) with ordinality as t(id, ord)
     cross join unnest(${intArray(equipmentIds)}) with ordinality as e(id, ord)
     order by t.ord, e.ord
    on conflict do nothing
    returning track_id`);
  return new Set(rowsOf<{ track_id: number }>(result).map((r) => r.track_id)).size;
}
