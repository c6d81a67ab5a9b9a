import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import {
  type SplitTrackResult,
  splitPartName,
  splitPointOf,
  splitPointsProblem,
  type TrackSplitProposal,
} from '../../../shared/schemas/track-split';
import { TRACK_NAME_MAX } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { trackEquipmentTags, tracks, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { probeAudio } from '../../media/audio-probe';
import { cutAudio } from '../../media/cut-audio';
import { fileTooLargeMessage, formatByteLimit } from '../../media/receive-upload';
import { holdTempFile } from '../../media/temp-files';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { quotaExceededMessage, storedBytes } from './storage.service';
import { enqueueAfterUpload } from './track-processing.service';
import { findOwnTrack, type TrackRow, withEquipment } from './tracks.service';

// Splitting a long recording into takes (issue 47, decisions 0850–0853): the owner's proposals from
// the silences the media job found, and the cut itself, which makes new private tracks.

/** The owner's split markers: the silences' middles. 404 for anyone else. */
export async function splitProposal(
  db: Database,
  trackId: number,
  viewerId: string,
): Promise<TrackSplitProposal> {
  const row = await findOwnTrack(db, trackId, viewerId);
  const silences = row.silences ?? null;
  return { duration: row.duration, silences, points: (silences ?? []).map(splitPointOf) };
}

export interface SplitDeps {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  tempDir: string;
  ffmpeg: () => string;
  maxUploadBytes: number;
  log: { warn: (details: object, message: string) => void };
}

/**
 * Cuts the owner's track at `points` into new private tracks "<name> – part N" with its notes and
 * equipment, each stored and processed as an upload would be and counted toward the quota
 * (`quotaBytes`, 0 = none). The original stays. All or nothing: a refusal leaves no file behind.
 */
export async function splitTrack(
  deps: SplitDeps,
  trackId: number,
  viewerId: string,
  points: number[],
  quotaBytes: number,
): Promise<SplitTrackResult> {
  const row = await findOwnTrack(deps.db, trackId, viewerId);
  if (row.duration === null)
    throw new HttpError(409, 'The take’s length is not known yet: try again once it is processed');
  const problem = splitPointsProblem(points, row.duration);
  if (problem) throw new HttpError(400, problem);
  const sorted = [...points].sort((a, b) => a - b);
  // The parts hold about the original's bytes: refuse before cutting what could not be kept.
  if (quotaBytes) await assertRoom(deps.db, viewerId, row.size, quotaBytes);

  await mkdir(deps.tempDir, { recursive: true });
  const work = path.join(deps.tempDir, `split-${randomUUID()}`);
  const release = holdTempFile(work);
  const stored: string[] = [];
  try {
    await mkdir(work, { recursive: true });
    const original = path.join(work, 'original');
    await pipeline(await deps.store.createReadStream(row.filepath), createWriteStream(original));
    const parts = await cutAudio({
      ffmpeg: deps.ffmpeg(),
      input: original,
      mimeType: row.mimeType,
      filename: row.filename,
      points: sorted,
      outDir: work,
    });
    const edges = [0, ...sorted];
    const measured = [];
    for (const part of parts) {
      const { size } = await stat(part.file);
      if (size > deps.maxUploadBytes) {
        throw new HttpError(413, fileTooLargeMessage(formatByteLimit(deps.maxUploadBytes)));
      }
      // Before the store takes it: a local store moves the file rather than copying it.
      measured.push({ size, audio: await probeAudio(part.file), contentHash: await sha256Of(part.file) });
    }
    await refuseSplitAgain(
      deps.db,
      viewerId,
      measured.map((m) => m.contentHash),
    );
    const values: (typeof tracks.$inferInsert)[] = [];
    for (const [i, part] of parts.entries()) {
      const { size, audio, contentHash } = measured[i]!;
      const filepath = `tracks/${randomUUID()}`;
      await deps.store.putFile(filepath, part.file);
      stored.push(filepath);
      values.push({
        ...partOf(row, i + 1, part.extension),
        filepath,
        mimeType: audio.mimeType,
        size,
        contentHash,
        duration: audio.duration,
        originalPlayable: audio.browserPlayable,
        fileCreatedAt: row.fileCreatedAt && new Date(row.fileCreatedAt.getTime() + edges[i]! * 1000),
      });
    }
    const created = await insertParts(deps.db, row, values, quotaBytes);
    for (const track of created) await enqueueAfterUpload(deps.queue, track.id, deps.log);
    return { tracks: await withEquipment(deps.db, created) };
  } catch (err) {
    await Promise.allSettled(stored.map((key) => deps.store.delete(key)));
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
    release();
  }
}

/**
 * The same take split at the same points again (a second click, another tab) would make every part
 * twice, byte for byte: refused, naming the parts already there (decision 0870). Other points, or
 * parts since deleted, make parts as asked.
 */
async function refuseSplitAgain(db: Database, userId: string, hashes: string[]) {
  const existing = await db
    .select({ name: tracks.name, contentHash: tracks.contentHash })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), inArray(tracks.contentHash, hashes)))
    .orderBy(tracks.id);
  const found = new Set(existing.map((row) => row.contentHash));
  if (hashes.every((hash) => found.has(hash))) {
    const first = existing.find((row) => row.contentHash === hashes[0]);
    throw new HttpError(
      409,
      `This take is already split at these points: see “${first?.name}” and the parts after it`,
    );
  }
}

/** What a part keeps of the long take: its owner, notes and sharing to equipment pages; private. */
function partOf(row: TrackRow, part: number, extension: string) {
  const suffix = splitPartName('', part);
  const name = `${row.name.slice(0, TRACK_NAME_MAX - suffix.length)}${suffix}`;
  const base = path.parse(row.filename).name || row.filename;
  return {
    userId: row.userId,
    name,
    filename: `${splitPartName(base, part)}.${extension}`,
    notes: row.notes,
    shareToEquipmentPages: row.shareToEquipmentPages,
    visibility: 'private' as const,
  };
}

/** The parts' rows and equipment in one transaction, the person's row locked while the quota is summed. */
async function insertParts(
  db: Database,
  row: TrackRow,
  values: (typeof tracks.$inferInsert)[],
  quotaBytes: number,
) {
  return await db.transaction(async (tx) => {
    if (quotaBytes) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
      const used = await storedBytes(tx, row.userId);
      const adding = values.reduce((sum, v) => sum + v.size, 0);
      if (used + adding > quotaBytes) throw new HttpError(413, quotaExceededMessage(used, quotaBytes));
    }
    const created = await tx.insert(tracks).values(values).returning();
    const tags = await tx
      .select({ equipmentTagId: trackEquipmentTags.equipmentTagId })
      .from(trackEquipmentTags)
      .where(eq(trackEquipmentTags.trackId, row.id))
      .orderBy(trackEquipmentTags.createdAt, trackEquipmentTags.id);
    if (tags.length > 0) {
      await tx
        .insert(trackEquipmentTags)
        .values(created.flatMap((track) => tags.map((tag) => ({ trackId: track.id, ...tag }))));
    }
    return created.sort((a, b) => a.id - b.id);
  });
}

async function assertRoom(db: Database, userId: string, adding: number, quotaBytes: number) {
  const used = await storedBytes(db, userId);
  if (used + adding > quotaBytes) throw new HttpError(413, quotaExceededMessage(used, quotaBytes));
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
