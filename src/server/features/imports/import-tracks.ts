import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_EQUIPMENT_CATEGORY, isEquipmentCategory } from '../../../shared/constants';
import type { ExportedTrack } from '../../../shared/schemas/journal-export';
import type { Database } from '../../db/client';
import { equipmentTags, type ImportMade, trackEquipmentTags, tracks, trackVersions } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { type AudioFacts, NotAudioError, probeAudio } from '../../media/audio-probe';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { createTrackWithinQuota } from '../tracks/storage.service';
import { enqueueAfterUpload } from '../tracks/track-processing.service';
import { addTrackVersion } from '../tracks/track-versions.service';
import type { ZipReader } from './zip-reader';

/** A reason the import cannot finish that trying again will not change: it fails, undone, at once. */
export class ImportFailure extends Error {}

export interface ImportContext {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  tempDir: string;
  quotaBytes: number;
  log: FastifyBaseLogger;
  userId: string;
  reader: ZipReader;
  /** What this import made so far (the row's `made`), grown as it goes. */
  made: ImportMade;
}

interface StoredFile {
  filepath: string;
  size: number;
  contentHash: string;
  audio: AudioFacts;
}

/**
 * One archive entry through the upload path's steps: unpacked to a temp file (counted and checked
 * again), probed for audio, put into the store under a new key. `use` makes the row that names the
 * key; when it throws, the stored file is removed again, so a failure leaves no blob.
 */
async function withStoredFile<T>(
  ctx: ImportContext,
  entry: string,
  title: string,
  use: (file: StoredFile) => Promise<T>,
): Promise<T> {
  const temp = path.join(ctx.tempDir, `import-${randomUUID()}`);
  let key: string | undefined;
  try {
    const { sha256, size } = await ctx.reader.extract(entry, temp);
    const audio = await probeAudio(temp).catch((err: unknown) => {
      if (err instanceof NotAudioError) {
        throw new ImportFailure(`"${entry}" (the track "${title}") is not an audio file`);
      }
      throw err;
    });
    key = `tracks/${randomUUID()}`;
    await ctx.store.putFile(key, temp);
    const result = await use({ filepath: key, size, contentHash: sha256, audio });
    key = undefined;
    return result;
  } catch (err) {
    if (key) await ctx.store.delete(key).catch(() => {});
    // The quota, full meanwhile (another upload): the same answer an upload would get.
    if (err instanceof HttpError && err.statusCode < 500) throw new ImportFailure(err.message);
    throw err;
  } finally {
    await rm(temp, { force: true });
  }
}

/** The person's track holding exactly these bytes (decision 0144), if any. */
async function trackWithContent(db: Database, userId: string, sha256: string) {
  const [row] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), eq(tracks.contentHash, sha256)))
    .orderBy(asc(tracks.id))
    .limit(1);
  return row?.id;
}

/**
 * Recreates one exported track (decision 0425), or finds the one the person already has with the
 * same current file. Versions are replayed in order: the first with a file is uploaded as the track,
 * later ones with a file become new versions the way POST /api/tracks/{id}/versions makes them
 * (addTrackVersion), and those without a file are written as history only, so `version` and the
 * history equal the export's. Then the exported dates, equipment, and processing from scratch.
 */
export async function importTrack(
  ctx: ImportContext,
  t: ExportedTrack,
  currentHash: string,
): Promise<{ trackId: number; skipped: boolean }> {
  const existing = await trackWithContent(ctx.db, ctx.userId, currentHash);
  if (existing !== undefined) return { trackId: existing, skipped: true };
  const { db, made } = ctx;
  const withFiles = t.versions.filter((v) => v.file !== null);
  const first = withFiles[0]!;
  const track = await withStoredFile(ctx, first.file!, t.title, (f) =>
    createTrackWithinQuota(db, ctx.quotaBytes, {
      userId: ctx.userId,
      name: t.title,
      notes: t.notes,
      visibility: t.visibility,
      shareToEquipmentPages: t.shareToEquipmentPages,
      filename: first.originalFilename || path.posix.basename(first.file!),
      filepath: f.filepath,
      mimeType: f.audio.mimeType,
      size: f.size,
      contentHash: f.contentHash,
      duration: f.audio.duration,
      originalPlayable: f.audio.browserPlayable,
      fileCreatedAt: t.recordedAt ? new Date(t.recordedAt) : null,
      version: first.version,
      createdAt: new Date(t.createdAt),
    }),
  );
  made.tracks.push(track.id);

  const history = t.versions.filter((v) => v.version > 1 && (v.file === null || v === first));
  if (history.length > 0) {
    await db.insert(trackVersions).values(
      history.map((v) => ({
        trackId: track.id,
        version: v.version,
        note: v.note,
        filename: v.originalFilename,
        size: v.size,
        createdAt: new Date(v.createdAt),
      })),
    );
    made.versions += history.length;
  }
  for (const v of withFiles.slice(1)) {
    await withStoredFile(ctx, v.file!, t.title, async (f) => {
      // addTrackVersion numbers the new version current + 1: the export's number, gaps and all.
      await db
        .update(tracks)
        .set({ version: v.version - 1 })
        .where(eq(tracks.id, track.id));
      await addTrackVersion(
        db,
        ctx.quotaBytes,
        { id: track.id, userId: ctx.userId },
        {
          filename: v.originalFilename || path.posix.basename(v.file!),
          filepath: f.filepath,
          mimeType: f.audio.mimeType,
          size: f.size,
          contentHash: f.contentHash,
          duration: f.audio.duration,
          originalPlayable: f.audio.browserPlayable,
        },
        v.note,
      );
    });
    await db
      .update(trackVersions)
      .set({ createdAt: new Date(v.createdAt) })
      .where(and(eq(trackVersions.trackId, track.id), eq(trackVersions.version, v.version)));
    made.versions += 1;
  }
  await db
    .update(tracks)
    .set({ createdAt: new Date(t.createdAt), updatedAt: new Date(t.updatedAt) })
    .where(eq(tracks.id, track.id));
  await tagEquipment(ctx, track.id, t.equipment);
  await enqueueAfterUpload(ctx.queue, track.id, ctx.log);
  return { trackId: track.id, skipped: false };
}

/**
 * Equipment pages are everyone's: a name is one page whatever its case (the unique index), so an
 * existing page of that name is used, and a missing one is made with the exported category.
 */
async function tagEquipment(ctx: ImportContext, trackId: number, refs: ExportedTrack['equipment']) {
  for (const ref of refs) {
    const name = ref.name.trim();
    if (!name) continue;
    const byName = () =>
      ctx.db
        .select({ id: equipmentTags.id })
        .from(equipmentTags)
        .where(sql`lower(${equipmentTags.name}) = lower(${name})`)
        .limit(1);
    let [tag] = await byName();
    if (!tag) {
      [tag] = await ctx.db
        .insert(equipmentTags)
        .values({
          name,
          category: isEquipmentCategory(ref.category) ? ref.category : DEFAULT_EQUIPMENT_CATEGORY,
        })
        .onConflictDoNothing()
        .returning({ id: equipmentTags.id });
      if (tag) ctx.made.equipment.push(tag.id);
      else [tag] = await byName();
    }
    await ctx.db
      .insert(trackEquipmentTags)
      .values({ trackId, equipmentTagId: tag!.id })
      .onConflictDoNothing();
  }
}
