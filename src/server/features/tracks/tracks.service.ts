import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Track, TrackSort } from '../../../shared/schemas/tracks';
import { tempoKeyFields } from '../../../shared/take-tempo-key';
import { byShownValue } from '../../../shared/track-order';
import type { Database, DbOrTx } from '../../db/client';
import { equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { notFound } from '../../plugins/errors';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import { receivedFrom } from './received-from.service';
import { onEquipmentPages, sharedWithViewer } from './shared-with-viewer';
import { canChangeTrack, canListenToTrack } from './tracks.policy';

export type TrackRow = typeof tracks.$inferSelect;

// The listening rule as SQL on `tracks` (shared-with-viewer.ts), for other features' lists of tracks.
export {
  listedFromOthers,
  listedHalves,
  listedToViewer,
  listenableToViewer,
  onEquipmentPages,
  sharedWithViewer,
  shownToOthers,
  shownToViewer,
} from './shared-with-viewer';

/**
 * The equipment fields a track carries (chips, hover cards): the EquipmentTag reply shape, which
 * shared/schemas/tracks.ts declares. Kept with tracks, not in features/equipment, since equipment
 * builds on tracks (its pages list them) and tracks must not reach back (decision 0466).
 */
export const equipmentTagColumns = {
  id: equipmentTags.id,
  name: equipmentTags.name,
  description: equipmentTags.description,
  imageUrl: imageUrlColumn(equipmentTags.imageKey),
  category: equipmentTags.category,
};

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
    visibility: row.visibility,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    equipment,
    processing: processingOf(row),
    playable: streamSource(row) !== null,
    loudness:
      row.loudnessLufs !== null && row.truePeakDb !== null
        ? { integratedLufs: row.loudnessLufs, truePeakDb: row.truePeakDb, loudnessRange: row.loudnessRange }
        : null,
    version: row.version,
    ...tempoKeyFields(row),
  };
}

export const processingOf = (row: TrackRow): Track['processing'] => ({
  state: row.processingState,
  error: row.processingState === 'failed' ? (row.processingError ?? 'Processing failed') : null,
});

/**
 * What GET /stream serves (decision 0041): the original when every browser plays it (unless ffmpeg
 * itself could not decode it), else the ready rendition; null while nothing playable exists.
 */
export function streamSource(row: TrackRow): { key: string; mimeType: string } | null {
  if (row.originalPlayable && row.processingState !== 'failed') {
    return { key: row.filepath, mimeType: row.mimeType };
  }
  if (row.processingState === 'ready' && row.renditionKey && row.renditionMimeType) {
    return { key: row.renditionKey, mimeType: row.renditionMimeType };
  }
  return null;
}

/** Rows to DTOs with their equipment: two queries whatever the number of tracks. */
export async function withEquipment(db: Database, rows: TrackRow[]): Promise<Track[]> {
  const equipment = await equipmentByTrack(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toTrackDto(row, equipment.get(row.id)));
}

/**
 * The owner's tracks through the ORM, the list's reference in tests. The tempo and key orders are
 * the shared comparator's over the tracks as shown (issue 47), ties in the upload order.
 */
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
  const listed = await withEquipment(db, rows);
  // Stable, over the upload order to the microsecond (the JSON's times stop at the millisecond).
  return sort === 'tempo' || sort === 'key' ? listed.sort((a, b) => byShownValue(sort, a, b)) : listed;
}

export async function createTrack(db: DbOrTx, values: typeof tracks.$inferInsert): Promise<Track> {
  const [row] = await db.insert(tracks).values(values).returning();
  if (!row) throw new Error('Track insert returned nothing');
  return toTrackDto(row, []);
}

/** One of the person's tracks with exactly these bytes (decision 0144), or undefined. */
export async function findTrackWithContent(db: Database, userId: string, sha256: string) {
  const [row] = await db
    .select({ id: tracks.id, name: tracks.name })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), eq(tracks.contentHash, sha256)))
    .orderBy(asc(tracks.id))
    .limit(1);
  return row;
}

/** The track if the viewer owns it; 404 otherwise (a stranger learns nothing). */
export async function findOwnTrack(db: Database, trackId: number, viewerId: string): Promise<TrackRow> {
  const [row] = await db.select().from(tracks).where(eq(tracks.id, trackId)).limit(1);
  if (!row || !canChangeTrack(viewerId, row.userId)) throw notFound('Track not found');
  return row;
}

/**
 * Deletes the row (cascading to playlist entries and tags). A trigger queues the keys of the deleted
 * row itself in blob_deletions (decision 0095), so a processing job finishing at the same moment
 * either wrote its keys before (they are queued) or finds the row gone (and removes its own files).
 */
export async function deleteTrack(db: Database, trackId: number, viewerId: string): Promise<void> {
  const row = await findOwnTrack(db, trackId, viewerId);
  const [deleted] = await db
    .delete(tracks)
    .where(and(eq(tracks.id, row.id), eq(tracks.userId, viewerId)))
    .returning({ id: tracks.id });
  if (!deleted) throw notFound('Track not found');
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
  // Where a received track came from is its owner's to know, never a listener's (decision 0734).
  const received = viewerId === track.userId ? await receivedFrom(db, track.id) : null;
  return { track: dto!, user: toUserSummary(owner), received };
}

async function loadListenableTrack(db: Database, trackId: number, viewerId: string | null) {
  const [found] = await db
    .select({
      track: tracks,
      owner: userSummaryColumns,
      ownerSuspended: sql<boolean>`${users.suspendedAt} is not null`,
      sharedWithViewer: sql<boolean>`${sharedWithViewer(db, viewerId)}`,
      onEquipmentPages: sql<boolean>`${onEquipmentPages(db)}`,
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(eq(tracks.id, trackId))
    .limit(1);
  if (
    !found ||
    // A suspended person's tracks are nobody's to hear (decision 0445); they cannot sign in.
    found.ownerSuspended ||
    // A track hidden by a moderator is its owner's alone (decision 0455).
    (found.track.hiddenAt !== null && found.track.userId !== viewerId) ||
    !canListenToTrack({
      viewerId,
      ownerId: found.track.userId,
      trackIsPublic: found.track.visibility === 'public',
      sharedWithViewer: Boolean(found.sharedWithViewer),
      onEquipmentPages: Boolean(found.onEquipmentPages),
    })
  ) {
    throw notFound('Track not found');
  }
  return { track: found.track, owner: found.owner };
}
