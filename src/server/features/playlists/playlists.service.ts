import { and, asc, desc, eq, gt, max, sql } from 'drizzle-orm';
import type {
  CreatePlaylistBody,
  Playlist,
  PlaylistDetail,
  ReorderPlaylistBody,
  UpdatePlaylistBody,
} from '../../../shared/schemas/playlists';
import type { Database, DbOrTx } from '../../db/client';
import { replaceValue } from '../../db/replace-value';
import {
  collectiveMembers,
  playlistCollectiveShares,
  playlists,
  playlistTracks,
  tracks,
} from '../../db/schema';
import { imageUrlOf } from '../../media/image-url';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { equipmentByTrack, shownToViewer, toTrackDto } from '../tracks/tracks.service';
import { canChangePlaylist, playlistAbilities, reorderMatches } from './playlists.policy';

/** Who may change a playlist, and what a viewer may do with one: for other features' replies too. */
export { canChangePlaylist, playlistAbilities } from './playlists.policy';

type PlaylistRow = typeof playlists.$inferSelect;

export function toPlaylistDto(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    imageUrl: imageUrlOf(row.imageKey),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's own playlists, newest first. */
export async function listOwnPlaylists(db: Database, userId: string): Promise<Playlist[]> {
  const rows = await db
    .select()
    .from(playlists)
    .where(eq(playlists.userId, userId))
    .orderBy(desc(playlists.createdAt), desc(playlists.id));
  return rows.map(toPlaylistDto);
}

export async function createPlaylist(
  db: Database,
  userId: string,
  body: CreatePlaylistBody,
): Promise<Playlist> {
  const [row] = await db
    .insert(playlists)
    .values({ userId, name: body.name, description: body.description ?? null })
    .returning();
  return toPlaylistDto(row!);
}

/**
 * The playlist if the viewer owns it, else 404. With `lock`, the row is locked for the rest of the
 * transaction, so concurrent adds, removes and reorders of one playlist run one after another.
 */
export async function findOwnPlaylist(db: DbOrTx, playlistId: number, viewerId: string, lock = false) {
  const query = db.select().from(playlists).where(eq(playlists.id, playlistId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !canChangePlaylist(viewerId, row.userId)) throw notFound('Playlist not found');
  return row;
}

/**
 * A playlist's tracks in position order, each with its equipment (two queries); a track hidden by a
 * moderator or of a suspended owner only for its owner (decisions 0445, 0455).
 */
export async function playlistTracksOf(
  db: Database,
  playlistId: number,
  viewerId: string,
): Promise<PlaylistDetail['tracks']> {
  const rows = await db
    .select({ track: tracks, position: playlistTracks.position, addedAt: playlistTracks.createdAt })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(and(eq(playlistTracks.playlistId, playlistId), shownToViewer(db, viewerId)))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  const equipment = await equipmentByTrack(
    db,
    rows.map((r) => r.track.id),
  );
  return rows.map((r) => ({
    ...toTrackDto(r.track, equipment.get(r.track.id)),
    position: r.position,
    addedAt: r.addedAt.toISOString(),
  }));
}

export async function getOwnPlaylistDetail(
  db: Database,
  playlistId: number,
  viewerId: string,
): Promise<PlaylistDetail> {
  const row = await findOwnPlaylist(db, playlistId, viewerId);
  return {
    ...toPlaylistDto(row),
    abilities: playlistAbilities(viewerId, row.userId),
    tracks: await playlistTracksOf(db, playlistId, viewerId),
  };
}

export async function updatePlaylist(
  db: Database,
  playlistId: number,
  viewerId: string,
  body: UpdatePlaylistBody,
) {
  await findOwnPlaylist(db, playlistId, viewerId);
  // updatedAt moves with every change, `isPublic` included: previews key their cache on it (0325).
  const changes = body as { name?: string; description?: string | null; isPublic?: boolean };
  const [row] = await db
    .update(playlists)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(playlists.id, playlistId))
    .returning();
  return toPlaylistDto(row!);
}

/** Whether the playlist is shared into a collective `viewerId` is a member of. */
export async function isSharedWithMember(db: Database, playlistId: number, viewerId: string) {
  const [shared] = await db
    .select({ id: playlistCollectiveShares.id })
    .from(playlistCollectiveShares)
    .innerJoin(
      collectiveMembers,
      and(
        eq(collectiveMembers.collectiveId, playlistCollectiveShares.collectiveId),
        eq(collectiveMembers.userId, viewerId),
      ),
    )
    .where(eq(playlistCollectiveShares.playlistId, playlistId))
    .limit(1);
  return shared !== undefined;
}

/**
 * Deletes the owner's playlist; its entries, shares and comments go by cascade, and the share rows'
 * triggers tell each collective's members live that it left (decision 0120). Someone who sees it
 * through a collective is told 403 (they know it exists); anyone else 404, as for the other routes.
 */
export async function deletePlaylist(db: Database, playlistId: number, viewerId: string) {
  const [row] = await db
    .select({ userId: playlists.userId })
    .from(playlists)
    .where(eq(playlists.id, playlistId));
  if (row && !canChangePlaylist(viewerId, row.userId) && (await isSharedWithMember(db, playlistId, viewerId)))
    throw forbidden("Only the playlist's owner can delete it");
  if (!row || !canChangePlaylist(viewerId, row.userId)) throw notFound('Playlist not found');
  await db.delete(playlists).where(and(eq(playlists.id, playlistId), eq(playlists.userId, viewerId)));
}

/** Points the playlist at a new cover (a key base); returns it with the key base it replaced. */
export async function replacePlaylistImage(db: Database, playlistId: number, imageKey: string) {
  const replaced = await replaceValue(
    db,
    playlists,
    { column: playlists.id, equals: playlistId },
    'imageKey',
    {
      imageKey,
    },
  );
  if (!replaced) throw notFound('Playlist not found');
  return { result: toPlaylistDto(replaced.row), previous: replaced.previous };
}

/** Appends one of the owner's own tracks; a track already there is left where it is. */
export async function addTrackToPlaylist(
  db: Database,
  playlistId: number,
  viewerId: string,
  trackId: number,
) {
  return db.transaction(async (tx) => {
    await findOwnPlaylist(tx, playlistId, viewerId, true);
    const [track] = await tx
      .select({ id: tracks.id })
      .from(tracks)
      .where(and(eq(tracks.id, trackId), eq(tracks.userId, viewerId)))
      .limit(1);
    if (!track) throw notFound('Track not found');
    const [last] = await tx
      .select({ position: max(playlistTracks.position) })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, playlistId));
    const [inserted] = await tx
      .insert(playlistTracks)
      .values({ playlistId, trackId, position: (last?.position ?? -1) + 1 })
      .onConflictDoNothing()
      .returning({ id: playlistTracks.id });
    return { added: inserted !== undefined };
  });
}

/** Removes one entry and closes the gap, so positions stay 0..n-1. */
export async function removeTrackFromPlaylist(
  db: Database,
  playlistId: number,
  viewerId: string,
  trackId: number,
) {
  await db.transaction(async (tx) => {
    await findOwnPlaylist(tx, playlistId, viewerId, true);
    const [removed] = await tx
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, playlistId), eq(playlistTracks.trackId, trackId)))
      .returning({ position: playlistTracks.position });
    if (!removed) throw notFound('Track is not in this playlist');
    await tx
      .update(playlistTracks)
      .set({ position: sql`${playlistTracks.position} - 1` })
      .where(and(eq(playlistTracks.playlistId, playlistId), gt(playlistTracks.position, removed.position)));
  });
}

/**
 * Applies a whole new order in one transaction. The requested positions decide the order; the
 * stored positions are renumbered 0..n-1 so they stay dense and unique whatever the client sent.
 */
export async function reorderPlaylist(
  db: Database,
  playlistId: number,
  viewerId: string,
  order: ReorderPlaylistBody,
) {
  await db.transaction(async (tx) => {
    await findOwnPlaylist(tx, playlistId, viewerId, true);
    const current = await tx
      .select({ trackId: playlistTracks.trackId })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, playlistId));
    if (
      !reorderMatches(
        current.map((c) => c.trackId),
        order,
      )
    ) {
      throw badRequest("The new order must list exactly the playlist's tracks, each once");
    }
    if (order.length === 0) return;
    const sorted = [...order].sort((a, b) => a.position - b.position);
    const values = sql.join(
      sorted.map((entry, index) => sql`(${entry.trackId}::integer, ${index}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${playlistTracks} set position = v.position
      from (values ${values}) as v(track_id, position)
      where ${playlistTracks.playlistId} = ${playlistId} and ${playlistTracks.trackId} = v.track_id`);
  });
}
