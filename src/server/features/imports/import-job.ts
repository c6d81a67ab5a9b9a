import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as wait } from 'node:timers/promises';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  equipmentTags,
  type ImportMade,
  playlists,
  shareLinks,
  trackEquipmentTags,
  tracks,
} from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { holdTempFile } from '../../media/temp-files';
import { HttpError } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { currentQuotaOf } from '../tracks/storage.service';
import { checkArchive, currentFiles } from './import-archive';
import { importPlaylist } from './import-playlists';
import { refuse, trackRules } from './import-rules';
import { importShareLinks } from './import-shares';
import { type ImportContext, ImportFailure, importTrack } from './import-tracks';
import {
  assertFitsQuota,
  endImport,
  type ImportRow,
  saveImportProgress,
  startImportRun,
} from './imports.service';
import { type ZipLimits, ZipReader } from './zip-reader';

export interface ImportDeps {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  tempDir: string;
  /** STORAGE_QUOTA_BYTES: the quota of a person without one of their own (quotaOf). */
  defaultQuotaBytes: number;
  limits: ZipLimits;
  log: FastifyBaseLogger;
  kickBlobDeletions: () => Promise<void>;
  /**
   * Counts one of the person's actions against the API's per-minute limits, and an upload's bytes
   * against their bytes an hour (rate-limits.ts's takeUserAction): 0 when done, else milliseconds
   * to wait before asking again.
   */
  takeUserAction: (action: 'upload' | 'create', userId: string, bytes?: number) => Promise<number>;
  /** Waits that long (a test passes one that moves its clock instead). */
  sleep?: (ms: number) => Promise<void>;
}

export const IMPORT_GAVE_UP_MESSAGE = 'The import could not be finished. Nothing was kept; please try again.';

const nothingMade = (): ImportMade => ({
  tracks: [],
  playlists: [],
  equipment: [],
  versions: 0,
  refused: [],
});

/**
 * The job's pace (decision 0525): each upload and new item is counted in the person's own per-minute
 * counters, shared with the API, and each upload's bytes in their bytes an hour (decision 0560);
 * once one is spent the job waits for its window to end rather than skipping or failing, so a back
 * catalogue comes in whole, no faster than the API would take it.
 */
function pacer(deps: ImportDeps, userId: string): ImportContext['pace'] {
  const sleep = deps.sleep ?? ((ms: number) => wait(ms));
  return async (action, bytes) => {
    for (;;) {
      const ms = await deps.takeUserAction(action, userId, bytes);
      if (ms === 0) return;
      await sleep(ms);
    }
  };
}

/**
 * Removes what an import made (decision 0425): its tracks (their files, renditions and peaks go
 * through the outbox with the rows), its playlists (their covers likewise), and the equipment pages
 * it created that nobody has tagged since. Tracks that were already there are not touched.
 */
export async function undoImport(deps: Pick<ImportDeps, 'db' | 'kickBlobDeletions'>, row: ImportRow) {
  const { db } = deps;
  const made = row.made;
  // Links first: an upload link goes with nothing else (the others would go with their items).
  if (made.shareLinks?.length) {
    await db
      .delete(shareLinks)
      .where(and(eq(shareLinks.userId, row.userId), inArray(shareLinks.id, made.shareLinks)));
  }
  if (made.playlists.length) {
    await db
      .delete(playlists)
      .where(and(eq(playlists.userId, row.userId), inArray(playlists.id, made.playlists)));
  }
  if (made.tracks.length) {
    await db.delete(tracks).where(and(eq(tracks.userId, row.userId), inArray(tracks.id, made.tracks)));
  }
  if (made.equipment.length) {
    await db
      .delete(equipmentTags)
      .where(
        and(
          inArray(equipmentTags.id, made.equipment),
          notExists(
            db
              .select({ id: trackEquipmentTags.id })
              .from(trackEquipmentTags)
              .where(eq(trackEquipmentTags.equipmentTagId, equipmentTags.id)),
          ),
        ),
      );
  }
  await saveImportProgress(db, row.id, {
    made: nothingMade(),
    processed: 0,
    skippedTracks: 0,
    skippedPlaylists: 0,
  });
  await deps.kickBlobDeletions();
}

/**
 * Runs one import: the zip fetched from the store (the request may have come to another instance),
 * checked whole again, then each track recreated or skipped, then the playlists, progress saved (and
 * announced) after each track. A reason that retrying will not change (not audio, the quota full
 * meanwhile, a bad archive) undoes everything and ends it failed with that reason; anything else
 * (the store or the database briefly away) is thrown for the queue to retry, and a retry first
 * undoes what the earlier attempt made, so nothing is ever made twice.
 */
export async function runImport(deps: ImportDeps, id: string): Promise<void> {
  const row = await startImportRun(deps.db, id);
  if (!row) return;
  if (
    row.made.tracks.length ||
    row.made.playlists.length ||
    row.made.equipment.length ||
    row.made.shareLinks?.length
  ) {
    await undoImport(deps, row);
  }
  await mkdir(deps.tempDir, { recursive: true });
  const zipFile = path.join(deps.tempDir, `import-${id}.zip`);
  // A long import outlives the temp sweeper's age limit: its copy of the zip is held till the end.
  const release = holdTempFile(zipFile);
  const made = nothingMade();
  let reader: ZipReader | undefined;
  try {
    await pipeline(await deps.store.createReadStream(row.blobKey!), createWriteStream(zipFile));
    const checked = await checkArchive(zipFile, deps.limits);
    const quotaNow = () => currentQuotaOf(deps.db, row.userId, deps.defaultQuotaBytes);
    // The person's quota as it is now (an admin may have lowered it since the request).
    const quotaBytes = await quotaNow();
    await assertFitsQuota(deps.db, row.userId, quotaBytes, checked);
    reader = await ZipReader.open(zipFile, deps.limits);
    const ctx: ImportContext = {
      ...deps,
      quotaBytes,
      userId: row.userId,
      reader,
      made,
      claimed: new Set(),
      refusedEquipment: new Set(),
      pace: pacer(deps, row.userId),
    };
    const hashes = new Map(currentFiles(checked).map((f) => [f.track.id, f.sha256]));
    const trackIdOf = new Map<number, number>();
    const madeTracks = new Map<number, number>();
    let skippedTracks = 0;
    let processed = 0;
    for (const exported of checked.journal.tracks) {
      // Read again before each track: a quota an admin changes meanwhile holds from the next file on.
      ctx.quotaBytes = await quotaNow();
      processed += 1;
      // A track breaking the API's rules is counted and left out; playlists then leave it out too.
      const t = trackRules(exported);
      if (!t.ok) {
        refuse(made, 'track', t.reason);
        await saveImportProgress(deps.db, id, { processed, made });
        continue;
      }
      const result = await importTrack(ctx, t.value, hashes.get(exported.id)!);
      trackIdOf.set(exported.id, result.trackId);
      if (result.skipped) skippedTracks += 1;
      else madeTracks.set(exported.id, result.trackId);
      await saveImportProgress(deps.db, id, { processed, skippedTracks, made });
    }
    let skippedPlaylists = 0;
    const madePlaylists = new Map<number, number>();
    for (const [place, p] of checked.journal.playlists.entries()) {
      const result = await importPlaylist(ctx, p, trackIdOf);
      if (result === 'same') skippedPlaylists += 1;
      if (result === 'made') madePlaylists.set(place, made.playlists.at(-1)!);
    }
    await importShareLinks(ctx, checked.journal, madeTracks, madePlaylists);
    await saveImportProgress(deps.db, id, { skippedPlaylists, made });
    await endImport(deps.db, id, null);
  } catch (err) {
    const reason =
      err instanceof ImportFailure || (err instanceof HttpError && err.statusCode < 500) ? err.message : null;
    // Saved first: the undo reads what to remove from the row.
    await saveImportProgress(deps.db, id, { made }).catch(() => {});
    if (reason === null) throw err;
    deps.log.info({ importId: id, reason }, 'An import failed; what it made was removed');
    await undoImport(deps, { ...row, made });
    await endImport(deps.db, id, reason);
  } finally {
    reader?.close();
    await rm(zipFile, { force: true });
    release();
    await deps.kickBlobDeletions();
  }
}
