import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_NEW_EQUIPMENT_MAX, IMPORT_NEW_EQUIPMENT_MESSAGE } from '../../../shared/schemas/imports';
import type { ExportedTrack } from '../../../shared/schemas/journal-export';
import type { Database } from '../../db/client';
import { equipmentTags, type ImportMade, trackEquipmentTags, tracks, trackVersions } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { type AudioFacts, NotAudioError, probeAudio } from '../../media/audio-probe';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { createTrackWithinQuota } from '../tracks/storage.service';
import { enqueueAfterUpload } from '../tracks/track-processing.service';
import { enqueuePendingVersions } from '../tracks/track-version-processing.service';
import { addTrackVersion } from '../tracks/track-versions.service';
import { equipmentCategoryRules, equipmentNameRules, refuse } from './import-rules';
import { restoreOwnerStatuses } from './import-version-statuses';
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
  /**
   * The person's tracks this import already stands for (found or made): a second track of the
   * archive with the same bytes is not "already here" because of the first one.
   */
  claimed: Set<number>;
  /** Equipment names (lower case) already refused: a page is counted once, however many tags name it. */
  refusedEquipment: Set<string>;
  /**
   * Waits until the person may do one more of these by the API's per-minute limits, and counts it in
   * the same counter as the routes (issue 41): an import is paced, never a way around them. An
   * upload's `bytes` come out of the person's bytes an hour as a route's would (decision 0560).
   */
  pace: (action: 'upload' | 'create', bytes?: number) => Promise<void>;
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
  // Each file is one upload, as POST /api/tracks and …/versions count it, of the size its header
  // declares (the reader refuses an entry that inflates past it).
  await ctx.pace('upload', ctx.reader.entries.get(entry)?.uncompressedSize ?? 0);
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

/**
 * The person's track holding exactly these bytes (decision 0144) that no earlier track of this
 * archive was matched with, if any: matching is one to one, so an archive holding two tracks with
 * the same file (an upload kept twice) brings both back, and importing it again finds both.
 */
async function unclaimedTrackWithContent(ctx: ImportContext, sha256: string) {
  const claimed = [...ctx.claimed];
  const [row] = await ctx.db
    .select({ id: tracks.id })
    .from(tracks)
    .where(
      and(
        eq(tracks.userId, ctx.userId),
        eq(tracks.contentHash, sha256),
        claimed.length > 0 ? notInArray(tracks.id, claimed) : undefined,
      ),
    )
    .orderBy(asc(tracks.id))
    .limit(1);
  return row?.id;
}

const historyRow = (trackId: number, v: ExportedTrack['versions'][number]) => ({
  trackId,
  version: v.version,
  note: v.note,
  filename: v.originalFilename,
  size: v.size,
  createdAt: new Date(v.createdAt),
});

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
  const existing = await unclaimedTrackWithContent(ctx, currentHash);
  if (existing !== undefined) {
    ctx.claimed.add(existing);
    return { trackId: existing, skipped: true };
  }
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
      // The owner's tempo and key come back; the measured ones are measured again (decision 0824).
      ownerBpm: t.tempoAndKey?.ownerBpm ?? null,
      ownerKey: t.tempoAndKey?.ownerKey ?? null,
      version: first.version,
      createdAt: new Date(t.createdAt),
    }),
  );
  made.tracks.push(track.id);

  // The first file's own row when it is not version 1: the next file keeps it there (decision 0430).
  if (first.version > 1) {
    await db.insert(trackVersions).values(historyRow(track.id, first));
    made.versions += 1;
  }
  for (const v of withFiles.slice(1)) {
    const previous = await withStoredFile(ctx, v.file!, t.title, async (f) => {
      const added = await addTrackVersion(
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
      return added.version;
    });
    // addTrackVersion numbers it current + 1; the export's number may be higher (a version whose
    // file was deleted sits between): renumbered before those file-less rows are written below.
    if (previous !== v.version) {
      await db
        .update(trackVersions)
        .set({ version: v.version })
        .where(and(eq(trackVersions.trackId, track.id), eq(trackVersions.version, previous)));
      await db.update(tracks).set({ version: v.version }).where(eq(tracks.id, track.id));
    }
    made.versions += 1;
  }
  // Versions whose file is not in the archive are history only, so `version` and the history equal
  // the export's. Version 1 gets a row only when the exported track had one: its first file name is
  // known (kept since decision 0430; exports of older tracks leave it empty).
  const fileless = t.versions.filter(
    (v) => v.file === null && (v.version > 1 || (v.originalFilename !== '' && t.versions.length > 1)),
  );
  if (fileless.length > 0) {
    await db.insert(trackVersions).values(fileless.map((v) => historyRow(track.id, v)));
    made.versions += fileless.length;
  }
  // Rows written by addTrackVersion carry today's date (and version 1's no note): the export's.
  for (const v of withFiles) {
    await db
      .update(trackVersions)
      .set({ createdAt: new Date(v.createdAt), note: v.note })
      .where(and(eq(trackVersions.trackId, track.id), eq(trackVersions.version, v.version)));
  }
  await db
    .update(tracks)
    .set({ createdAt: new Date(t.createdAt), updatedAt: new Date(t.updatedAt) })
    .where(eq(tracks.id, track.id));
  await restoreOwnerStatuses(db, track.id, ctx.userId, t.versions);
  await tagEquipment(ctx, track.id, t.equipment);
  await enqueueAfterUpload(ctx.queue, track.id, ctx.log);
  // Every earlier version with a file waits as `pending` (addTrackVersion left it so): queued now that
  // its number is the export's (decision 0606).
  await enqueuePendingVersions(db, ctx.queue, track.id).catch((err: unknown) =>
    ctx.log.warn({ err, trackId: track.id }, 'Could not queue the versions for processing'),
  );
  ctx.claimed.add(track.id);
  return { trackId: track.id, skipped: false };
}

/**
 * Equipment pages are everyone's: a name is one page whatever its case (the unique index), so an
 * existing page of that name is used, and a missing one is made with the exported category. A tag
 * breaking POST /api/equipment's rules, naming an unknown category, or past the import's allowance
 * of new pages is left out and counted; the track keeps its other tags (decision 0525).
 */
async function tagEquipment(ctx: ImportContext, trackId: number, refs: ExportedTrack['equipment']) {
  const refused = (name: string, reason: string) => {
    const key = name.trim().toLowerCase();
    if (ctx.refusedEquipment.has(key)) return;
    ctx.refusedEquipment.add(key);
    refuse(ctx.made, 'equipment', reason);
  };
  for (const ref of refs) {
    const checked = equipmentNameRules(ref.name);
    if (!checked.ok) {
      refused(ref.name, checked.reason);
      continue;
    }
    const name = checked.value;
    const byName = () =>
      ctx.db
        .select({ id: equipmentTags.id })
        .from(equipmentTags)
        .where(sql`lower(${equipmentTags.name}) = lower(${name})`)
        .limit(1);
    let [tag] = await byName();
    if (!tag) {
      const category = equipmentCategoryRules(ref.category);
      if (!category.ok) {
        refused(name, category.reason);
        continue;
      }
      if (ctx.made.equipment.length >= IMPORT_NEW_EQUIPMENT_MAX) {
        refused(name, IMPORT_NEW_EQUIPMENT_MESSAGE);
        continue;
      }
      await ctx.pace('create');
      [tag] = await ctx.db
        .insert(equipmentTags)
        .values({ name, category: category.value })
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
