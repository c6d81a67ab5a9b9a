import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Track, TrackSort, UpdateTrackBody } from '../../../shared/schemas/tracks';
import type { Database, DbOrTx } from '../../db/client';
import {
  collectiveMembers,
  equipmentTags,
  playlistCollectiveShares,
  playlistTracks,
  trackEquipmentTags,
  tracks,
  users,
} from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { equipmentTagColumns } from '../equipment/equipment.columns';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import { canChangeTrack, canListenToTrack } from './tracks.policy';

export type TrackRow = typeof tracks.$inferSelect;

/** Equipment of many tracks in one query, keyed by track id. */
export async function equipmentByTrack(db: Database, trackIds: number[]) {
  const byTrack = new Map<number, Track['equipment']>();
  if (trackIds.length === 0) return byTrack;
  const rows = await db
    .select({ trackId: trackEquipmentTags.trackId, ...equipmentTagColumns })
    .from(trackEquipmentTags)
    .innerJoin(equipmentTags, eq(equipmentTags.id, trackEquipmentTags.equipmentTagId))
    .where(inArray(trackEquipmentTags.trackId, trackIds))
    .orderBy(asc(trackEquipmentTags.createdAt), asc(trackEquipmentTags.id));
  for (const { trackId, ...tag } of rows) {
    const list = byTrack.get(trackId) ?? [];
    list.push(tag);
    byTrack.set(trackId, list);
  }
  return byTrack;
}

/** The reply shape: no storage path, dates as ISO strings. */
export function toTrackDto(row: TrackRow, equipment: Track['equipment'] = []): Track {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    filename: row.filename,
    mimeType: row.mimeType,
    size: row.size,
    duration: row.duration,
    notes: row.notes,
    fileCreatedAt: row.fileCreatedAt?.toISOString() ?? null,
    shareToEquipmentPages: row.shareToEquipmentPages,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    equipment,
    // Interim until the media pipeline stores these (issue 10).
    processing: { state: 'ready', error: null },
    playable: true,
    loudness: null,
  };
}

/** Rows to DTOs with their equipment: two queries whatever the number of tracks. */
export async function withEquipment(db: Database, rows: TrackRow[]): Promise<Track[]> {
  const equipment = await equipmentByTrack(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toTrackDto(row, equipment.get(row.id)));
}

export async function listOwnTracks(db: Database, userId: string, sort: TrackSort): Promise<Track[]> {
  const order =
    sort === 'dateCreated'
      ? [sql`${tracks.fileCreatedAt} desc nulls last`, desc(tracks.createdAt), desc(tracks.id)]
      : [desc(tracks.createdAt), desc(tracks.id)];
  const rows = await db
    .select()
    .from(tracks)
    .where(eq(tracks.userId, userId))
    .orderBy(...order);
  return withEquipment(db, rows);
}

export async function createTrack(db: DbOrTx, values: typeof tracks.$inferInsert): Promise<Track> {
  const [row] = await db.insert(tracks).values(values).returning();
  if (!row) throw new Error('Track insert returned nothing');
  return toTrackDto(row, []);
}

/** The track if the viewer owns it; 404 otherwise (a stranger learns nothing). */
export async function findOwnTrack(db: Database, trackId: number, viewerId: string): Promise<TrackRow> {
  const [row] = await db.select().from(tracks).where(eq(tracks.id, trackId)).limit(1);
  if (!row || !canChangeTrack(viewerId, row.userId)) throw notFound('Track not found');
  return row;
}

export async function updateTrack(db: Database, trackId: number, viewerId: string, changes: UpdateTrackBody) {
  await findOwnTrack(db, trackId, viewerId);
  const parsed = changes as { name?: string; notes?: string | null; shareToEquipmentPages?: boolean };
  const [row] = await db.update(tracks).set(parsed).where(eq(tracks.id, trackId)).returning();
  if (!row) throw notFound('Track not found');
  const [track] = await withEquipment(db, [row]);
  return track!;
}

/** Deletes the row (cascading to playlist entries and tags) and returns the storage key to remove. */
export async function deleteTrack(db: Database, trackId: number, viewerId: string): Promise<string> {
  const row = await findOwnTrack(db, trackId, viewerId);
  await db.delete(tracks).where(eq(tracks.id, row.id));
  return row.filepath;
}

/** The track if the viewer may listen to it (decision 0012); 404 otherwise. One query. */
export async function findListenableTrack(
  db: Database,
  trackId: number,
  viewerId: string | null,
): Promise<TrackRow> {
  return (await loadListenableTrack(db, trackId, viewerId)).track;
}

/** The shared track link (/track/{id}): the track, its equipment and its owner's public fields. */
export async function getListenableTrackWithOwner(db: Database, trackId: number, viewerId: string | null) {
  const { track, owner } = await loadListenableTrack(db, trackId, viewerId);
  const [dto] = await withEquipment(db, [track]);
  return { track: dto!, user: toUserSummary(owner) };
}

async function loadListenableTrack(db: Database, trackId: number, viewerId: string | null) {
  const sharedWithViewer = viewerId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(playlistTracks)
          .innerJoin(
            playlistCollectiveShares,
            eq(playlistCollectiveShares.playlistId, playlistTracks.playlistId),
          )
          .innerJoin(
            collectiveMembers,
            and(
              eq(collectiveMembers.collectiveId, playlistCollectiveShares.collectiveId),
              eq(collectiveMembers.userId, viewerId),
            ),
          )
          .where(eq(playlistTracks.trackId, tracks.id)),
      )
    : sql`false`;
  const onEquipmentPages = and(
    eq(tracks.shareToEquipmentPages, true),
    exists(
      db.select({ one: sql`1` }).from(trackEquipmentTags).where(eq(trackEquipmentTags.trackId, tracks.id)),
    ),
  );
  const [found] = await db
    .select({
      track: tracks,
      owner: userSummaryColumns,
      ownerIsPublic: users.isPublic,
      sharedWithViewer: sql<boolean>`${sharedWithViewer}`,
      onEquipmentPages: sql<boolean>`${onEquipmentPages}`,
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(eq(tracks.id, trackId))
    .limit(1);
  if (
    !found ||
    !canListenToTrack({
      viewerId,
      ownerId: found.track.userId,
      ownerIsPublic: found.ownerIsPublic,
      sharedWithViewer: Boolean(found.sharedWithViewer),
      onEquipmentPages: Boolean(found.onEquipmentPages),
    })
  ) {
    throw notFound('Track not found');
  }
  return { track: found.track, owner: found.owner };
}
