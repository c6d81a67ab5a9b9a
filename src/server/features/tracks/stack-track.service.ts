import { and, eq } from 'drizzle-orm';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { blobDeletions, tracks, trackVersions } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { addTrackVersion, requireTrackToVersion } from './track-versions.service';
import { findOwnTrack } from './tracks.service';

/**
 * "Stack as a new version of …" (issue 47, decision 0833): a just-uploaded track that sounds like
 * one of its owner's takes becomes that take's next version. Its stored file becomes the target's
 * current file by the rules of a new-version upload (addTrackVersion: the replaced file is kept on
 * its version row, the target is processed again), and the uploaded track row is deleted, in one
 * transaction. Owner only: 404 for a track the caller does not own (the upload) or may not listen
 * to (the target), 403 for a target they may listen to but do not own; 409 when the upload has
 * versions of its own (stacking would drop them); 400 onto itself.
 */
export async function stackTrackOnto(
  db: Database,
  uploadId: number,
  targetId: number,
  viewerId: string,
): Promise<{ track: Track; versionToProcess: number | null }> {
  if (uploadId === targetId) throw new HttpError(400, 'A track cannot be stacked onto itself');
  await findOwnTrack(db, uploadId, viewerId);
  const target = await requireTrackToVersion(db, targetId, viewerId);
  return await db.transaction(async (tx) => {
    const [upload] = await tx
      .select()
      .from(tracks)
      .where(and(eq(tracks.id, uploadId), eq(tracks.userId, viewerId)))
      .for('update');
    // Deleted (or stacked) meanwhile.
    if (!upload) throw notFound('Track not found');
    const [history] = await tx
      .select({ id: trackVersions.id })
      .from(trackVersions)
      .where(eq(trackVersions.trackId, upload.id))
      .limit(1);
    if (upload.version !== 1 || history) {
      throw new HttpError(409, `\u201c${upload.name}\u201d has versions of its own: it cannot be stacked`);
    }
    await tx.delete(tracks).where(eq(tracks.id, upload.id));
    // The deletion queued the upload's original for removal (migration 0026's trigger); the file
    // lives on as the target's, so it is taken off the queue in the same transaction. Its rendition
    // and peaks stay queued: the target is processed again.
    await tx.delete(blobDeletions).where(eq(blobDeletions.ref, upload.filepath));
    // No quota check: the file's bytes were counted when it was uploaded, and still are, once.
    const stacked = await addTrackVersion(
      tx,
      0,
      target,
      {
        filename: upload.filename,
        filepath: upload.filepath,
        mimeType: upload.mimeType,
        size: upload.size,
        contentHash: upload.contentHash,
        duration: upload.duration,
        originalPlayable: upload.originalPlayable,
      },
      null,
    );
    // The upload's fingerprint is the target's now: later uploads match it before processing ends.
    await tx
      .update(tracks)
      .set({ fingerprint: upload.fingerprint, fingerprintHashes: upload.fingerprintHashes })
      .where(eq(tracks.id, target.id));
    return { track: stacked.track, versionToProcess: stacked.versionToProcess };
  });
}
