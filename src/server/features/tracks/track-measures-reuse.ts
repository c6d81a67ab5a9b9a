import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { tracks, users } from '../../db/schema';
import { RENDITION } from '../../media/analyse-audio';
import { spectrogramKey } from '../../media/spectrogram';
import { ANALYSIS_LEVEL } from '../../media/take-description';
import { holdTempFile } from '../../media/temp-files';
import type { BlobStore } from '../../storage/blob-store';
import { type processedColumns, removeBlobs, type TrackProcessingDeps } from './track-analysis';
import type { TrackRow } from './tracks.service';

// A file whose very bytes were measured already needs no second ffmpeg run (decision 0918).

export type MeasuredColumns = ReturnType<typeof processedColumns>;

/** Every column a finished analysis fills: tsc names any that processedColumns adds and this lacks. */
const MEASURED: Record<keyof MeasuredColumns, true> = {
  processingState: true,
  processingError: true,
  originalPlayable: true,
  renditionKey: true,
  renditionMimeType: true,
  peaksKey: true,
  loudnessLufs: true,
  truePeakDb: true,
  sampleRate: true,
  channels: true,
  duration: true,
  onsets: true,
  audioStartSeconds: true,
  bpm: true,
  bpmConfidence: true,
  musicalKey: true,
  keyConfidence: true,
  loudnessRange: true,
  fingerprint: true,
  silences: true,
  analysisLevel: true,
};

/** A twin's measures, with derived files of this track's own (listed in `made` until kept). */
export interface ReusedMeasures {
  columns: MeasuredColumns;
  made: string[];
  twinId: number;
}

/**
 * The measures of a ready track holding the same bytes as `row` (same content hash), with its
 * peaks, spectrogram and rendition copied under keys of this track's own, so each row's files live
 * and go with it (decision 0095). Null when there is no twin, or a copy failed: the caller
 * measures the file itself. A twin is only taken where reusing it tells nobody anything: the same
 * owner's track, or, for the instance's demo samples (bytes every visitor gets), a demo account's.
 * Anyone else's identical file would reveal, by how soon this one is ready, that someone has it.
 */
export async function reuseTwinMeasures(
  deps: TrackProcessingDeps,
  row: TrackRow,
): Promise<ReusedMeasures | null> {
  const twin = await findMeasuredTwin(deps, row);
  if (!twin?.peaksKey) return null;
  const made: string[] = [];
  try {
    const base = `tracks/${randomUUID()}`;
    const peaksKey = `${base}.peaks.json`;
    await copyBlob(deps, twin.peaksKey, peaksKey);
    made.push(peaksKey);
    const picture = spectrogramKey(twin.peaksKey);
    if (picture) {
      const ownPicture = spectrogramKey(peaksKey)!;
      await copyBlob(deps, picture, ownPicture);
      made.push(ownPicture);
    }
    let renditionKey: string | null = null;
    if (twin.renditionKey) {
      renditionKey = `${base}.${RENDITION.extension}`;
      await copyBlob(deps, twin.renditionKey, renditionKey);
      made.push(renditionKey);
    }
    const columns = Object.fromEntries(
      Object.keys(MEASURED).map((column) => [column, twin[column as keyof MeasuredColumns]]),
    ) as MeasuredColumns;
    return {
      columns: { ...columns, peaksKey, renditionKey, duration: row.duration ?? columns.duration },
      made,
      twinId: twin.id,
    };
  } catch (err) {
    // The twin went away meanwhile (its files with it), or the store failed: measure instead.
    await removeBlobs(deps, made);
    deps.log.info({ err, trackId: row.id, twinId: twin.id }, 'Could not reuse a twin’s measures');
    return null;
  }
}

async function findMeasuredTwin(deps: TrackProcessingDeps, row: TrackRow): Promise<TrackRow | undefined> {
  const hash = row.contentHash;
  if (!hash) return undefined;
  const measured = and(
    eq(tracks.contentHash, hash),
    eq(tracks.processingState, 'ready'),
    eq(tracks.analysisLevel, ANALYSIS_LEVEL),
    isNotNull(tracks.peaksKey),
    ne(tracks.id, row.id),
  );
  // tracks_user_content_hash_idx: one owner's tracks of these bytes.
  const [own] = await deps.db
    .select()
    .from(tracks)
    .where(and(eq(tracks.userId, row.userId), measured))
    .limit(1);
  if (own || !deps.isDemoSample) return own;
  const [owner] = await deps.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, row.userId));
  if (!owner?.isDemo || !deps.isDemoSample(hash)) return undefined;
  // The newest demo accounts first (users_demo_created_idx), each looked up by owner and hash.
  const [sample] = await deps.db
    .select({ track: tracks })
    .from(users)
    .innerJoin(tracks, and(eq(tracks.userId, users.id), measured))
    .where(and(sql`${users.isDemo}`, ne(users.id, row.userId)))
    .orderBy(desc(users.createdAt))
    .limit(1);
  return sample?.track;
}

/** Through a temp file, as every stored file arrives: the store may be remote (S3). */
async function copyBlob(deps: { store: BlobStore; tempDir: string }, from: string, to: string) {
  await mkdir(deps.tempDir, { recursive: true });
  const file = path.join(deps.tempDir, `twin-${randomUUID()}`);
  const release = holdTempFile(file);
  try {
    await pipeline(await deps.store.createReadStream(from), createWriteStream(file));
    await deps.store.putFile(to, file);
  } finally {
    await rm(file, { force: true });
    release();
  }
}
