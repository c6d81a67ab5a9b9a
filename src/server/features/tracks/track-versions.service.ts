import { and, desc, eq } from 'drizzle-orm';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { tracks, trackVersions, users } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../plugins/errors';
import { notifyAboutNewVersion } from '../notifications/version-notifications';
import { quotaExceededMessage, storedBytes } from './storage.service';
import { canChangeTrack } from './tracks.policy';
import { findListenableTrack, type TrackRow, withEquipment } from './tracks.service';

/**
 * The track, when the viewer owns it: 404 when they may not even listen to it (a stranger learns
 * nothing), 403 when they may listen (a collective member) but it is not theirs (decision 0221).
 */
export async function requireTrackToVersion(
  db: Database,
  trackId: number,
  viewerId: string,
): Promise<TrackRow> {
  const row = await findListenableTrack(db, trackId, viewerId);
  if (!canChangeTrack(viewerId, row.userId)) {
    throw forbidden('Only the owner of a track can upload a new version');
  }
  return row;
}

/** The stored new file, as the upload route measured it. */
export interface VersionFile {
  filename: string;
  filepath: string;
  mimeType: string;
  size: number;
  contentHash: string;
  duration: number | null;
  originalPlayable: boolean;
}

/**
 * Makes `file` the track's current file (decision 0220): the version goes up by one, a history row is
 * written, and processing starts over (state `pending`, waveform, rendition and loudness cleared).
 * Name, notes, tags, playlists and comments stay. The row update queues the old original, rendition
 * and peaks for removal in the same transaction (trigger, decision 0095). With a quota the owner's row
 * is locked while their bytes are summed, as a new upload does, the replaced file's bytes freed.
 */
export async function addTrackVersion(
  db: Database,
  quotaBytes: number,
  track: { id: number; userId: string },
  file: VersionFile,
  note: string | null,
): Promise<{ track: Track; version: number }> {
  const row = await db.transaction(async (tx) => {
    if (quotaBytes)
      await tx.select({ id: users.id }).from(users).where(eq(users.id, track.userId)).for('update');
    const [current] = await tx
      .select()
      .from(tracks)
      .where(and(eq(tracks.id, track.id), eq(tracks.userId, track.userId)))
      .for('update');
    // Deleted while the file was arriving.
    if (!current) throw notFound('Track not found');
    if (quotaBytes) {
      const used = await storedBytes(tx, track.userId);
      if (used - current.size + file.size > quotaBytes) {
        throw new HttpError(413, quotaExceededMessage(used, quotaBytes));
      }
    }
    const version = current.version + 1;
    const [updated] = await tx
      .update(tracks)
      .set({
        ...file,
        version,
        processingState: 'pending',
        processingError: null,
        renditionKey: null,
        renditionMimeType: null,
        peaksKey: null,
        loudnessLufs: null,
        truePeakDb: null,
      })
      .where(eq(tracks.id, current.id))
      .returning();
    await tx
      .insert(trackVersions)
      .values({ trackId: current.id, version, note, filename: file.filename, size: file.size });
    await notifyAboutNewVersion(tx, { track: current, version });
    return updated!;
  });
  const [dto] = await withEquipment(db, [row]);
  return { track: dto!, version: row.version };
}

/** GET /api/tracks/{id}/versions: newest first, for whoever may listen to the track (404 otherwise). */
export async function listTrackVersions(
  db: Database,
  trackId: number,
  viewerId: string | null,
): Promise<TrackVersion[]> {
  await findListenableTrack(db, trackId, viewerId);
  const rows = await db
    .select()
    .from(trackVersions)
    .where(eq(trackVersions.trackId, trackId))
    .orderBy(desc(trackVersions.version));
  return rows.map((r) => ({
    id: r.id,
    trackId: r.trackId,
    version: r.version,
    note: r.note,
    filename: r.filename,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
  }));
}
