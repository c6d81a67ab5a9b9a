import { and, eq, isNotNull } from 'drizzle-orm';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { tracks, trackVersions, users } from '../../db/schema';
import { descriptionOf, UNMEASURED_DESCRIPTION } from '../../media/take-description';
import { forbidden, HttpError, notFound } from '../../plugins/errors';
import { notifyAboutNewVersion } from '../notifications/version-notifications.service';
import { quotaExceededMessage, storedBytes } from './storage.service';
import { listVersionRows, trackVersionsBase, versionTakes } from './track-version-takes.service';
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
  contentHash: string | null;
  duration: number | null;
  originalPlayable: boolean;
}

/**
 * Makes `file` the track's current file (decision 0220): the version goes up by one, a history row is
 * written, and processing starts over (state `pending`, waveform, rendition, loudness and onsets
 * cleared). Name, notes, tags, playlists and comments stay. The replaced original is kept on its
 * version's row (decision 0430; version 1's row is written now), so it still counts toward the quota,
 * and so is what processing made of it (decision 0606): rendition, peaks, loudness, onsets move onto
 * that row, which the migration 0035 triggers then do not queue for removal. A replaced file not yet
 * processed (pending or failed) leaves its row `pending`: `versionToProcess` names it, and the caller
 * queues it (enqueueVersionProcessing) after the commit, as for a file processed before its onsets
 * were measured. Every version's alignment is cleared: the file they line up against changed. With a
 * quota the owner's row is locked while their bytes are summed, as a new upload does.
 */
export async function addTrackVersion(
  db: Database,
  quotaBytes: number,
  track: { id: number; userId: string },
  file: VersionFile,
  note: string | null,
): Promise<{ track: Track; version: number; versionToProcess: number | null }> {
  let versionToProcess: number | null = null;
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
      if (used + file.size > quotaBytes) throw new HttpError(413, quotaExceededMessage(used, quotaBytes));
    }
    // Kept before the track lets go of it: the track's trigger then sees the key kept and queues
    // nothing (a replaced original no version row holds would be queued, migration 0026).
    const kept = {
      storageKey: current.filepath,
      mimeType: current.mimeType,
      contentHash: current.contentHash,
      ...processedResults(current),
    };
    if (kept.processingState === 'pending' || kept.onsets === null) versionToProcess = current.version;
    await tx
      .insert(trackVersions)
      .values({
        trackId: current.id,
        version: current.version,
        note: null,
        filename: current.filename,
        size: current.size,
        createdAt: current.createdAt,
        ...kept,
      })
      .onConflictDoUpdate({ target: [trackVersions.trackId, trackVersions.version], set: kept });
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
        sampleRate: null,
        channels: null,
        onsets: null,
        audioStartSeconds: null,
        // What the take is (issue 47): the new file's, once measured, not the replaced one's.
        ...UNMEASURED_DESCRIPTION,
      })
      .where(eq(tracks.id, current.id))
      .returning();
    // Lined up against the replaced file: measured again once the new one is (decision 0607).
    await tx.update(trackVersions).set({ alignSeconds: null }).where(eq(trackVersions.trackId, current.id));
    await tx
      .insert(trackVersions)
      .values({ trackId: current.id, version, note, filename: file.filename, size: file.size });
    await notifyAboutNewVersion(tx, { track: current, version });
    return updated!;
  });
  const [dto] = await withEquipment(db, [row]);
  return { track: dto!, version: row.version, versionToProcess };
}

/**
 * What a replaced current file's version row takes over from the track (decision 0606): its
 * processing results when they are there, else `pending` for the version queue to make them.
 */
function processedResults(current: TrackRow) {
  const ready = current.processingState === 'ready';
  return {
    processingState: ready ? ('ready' as const) : ('pending' as const),
    processingError: null,
    originalPlayable: current.originalPlayable,
    renditionKey: ready ? current.renditionKey : null,
    renditionMimeType: ready ? current.renditionMimeType : null,
    peaksKey: ready ? current.peaksKey : null,
    loudnessLufs: ready ? current.loudnessLufs : null,
    truePeakDb: ready ? current.truePeakDb : null,
    sampleRate: ready ? current.sampleRate : null,
    channels: ready ? current.channels : null,
    duration: current.duration,
    onsets: ready ? current.onsets : null,
    audioStartSeconds: ready ? current.audioStartSeconds : null,
    alignSeconds: null,
    ...(ready ? descriptionOf(current) : UNMEASURED_DESCRIPTION),
  };
}

/** A version row without a file: nothing to process, nothing processed (decision 0606). */
const WITHOUT_FILE = {
  storageKey: null,
  processingState: null,
  processingError: null,
  originalPlayable: false,
  renditionKey: null,
  renditionMimeType: null,
  peaksKey: null,
  loudnessLufs: null,
  truePeakDb: null,
  sampleRate: null,
  channels: null,
  duration: null,
  onsets: null,
  audioStartSeconds: null,
  alignSeconds: null,
  ...UNMEASURED_DESCRIPTION,
} as const;

/**
 * GET /api/tracks/{id}/versions: newest first, for whoever may listen to the track (404 otherwise).
 * Every version is a take (issue 43, decision 0621): the current one with the track's results (a
 * never-replaced track answers its one version), earlier ones with their own; `hasFile` for the
 * current version, or an earlier one whose original is kept (decision 0430).
 */
export async function listTrackVersions(
  db: Database,
  trackId: number,
  viewerId: string | null,
): Promise<TrackVersion[]> {
  const track = await findListenableTrack(db, trackId, viewerId);
  return versionTakes(track, await listVersionRows(db, trackId), trackVersionsBase(trackId));
}

/** What the original route sends: the stored key, its type and its name. */
export interface VersionOriginal {
  key: string;
  mimeType: string;
  filename: string;
}

/**
 * The original of version `version` for its owner (decision 0430): the track's own file for the
 * current version, the kept file for an earlier one; 404 when that version has no file (removed,
 * replaced before files were kept, or no such version). 404/403 as every owner-only track route.
 */
export async function findVersionOriginal(
  db: Database,
  trackId: number,
  version: number,
  viewerId: string,
): Promise<VersionOriginal> {
  const track = await requireTrackOwner(db, trackId, viewerId);
  if (version === track.version) {
    return { key: track.filepath, mimeType: track.mimeType, filename: track.filename };
  }
  const [row] = await db
    .select()
    .from(trackVersions)
    .where(
      and(
        eq(trackVersions.trackId, trackId),
        eq(trackVersions.version, version),
        isNotNull(trackVersions.storageKey),
      ),
    );
  if (!row?.storageKey) throw notFound(`Version ${version} has no file`);
  return {
    key: row.storageKey,
    mimeType: row.mimeType ?? 'application/octet-stream',
    filename: row.filename,
  };
}

/**
 * Removes an earlier version's kept original to free room (decision 0430): the history row stays,
 * without a file and without what processing made of it (decision 0606); clearing the keys queues
 * the original, rendition and peaks in the blob outbox (trigger, migrations 0026 and 0035). A job
 * still processing that file finds its key gone and keeps nothing.
 * The current version's file is the track's: 409, delete the track instead.
 */
export async function deleteVersionOriginal(
  db: Database,
  trackId: number,
  version: number,
  viewerId: string,
): Promise<void> {
  const track = await requireTrackOwner(db, trackId, viewerId);
  if (version === track.version) {
    throw new HttpError(409, "The current version's file is the track itself: delete the track to remove it");
  }
  const cleared = await db
    .update(trackVersions)
    .set(WITHOUT_FILE)
    .where(
      and(
        eq(trackVersions.trackId, trackId),
        eq(trackVersions.version, version),
        isNotNull(trackVersions.storageKey),
      ),
    )
    .returning({ id: trackVersions.id });
  if (cleared.length === 0) throw notFound(`Version ${version} has no file`);
}

/** 404 for who may not listen, 403 for a listener who does not own it (decision 0221's rule). */
async function requireTrackOwner(db: Database, trackId: number, viewerId: string): Promise<TrackRow> {
  const row = await findListenableTrack(db, trackId, viewerId);
  if (!canChangeTrack(viewerId, row.userId)) {
    throw forbidden("Only the owner of a track can use its earlier versions' files");
  }
  return row;
}
