import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { UserImport } from '../../../shared/schemas/imports';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { imports, tracks } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { quotaExceededMessage, storedBytes } from '../tracks/storage.service';
import { type CheckedArchive, currentFiles, storedSizeOf } from './import-archive';

export type ImportRow = typeof imports.$inferSelect;

export const IMPORT_BUSY_MESSAGE =
  'An import is already under way; wait until it has finished before importing another archive';
/** The person's imports the profile shows. */
const LISTED = 10;

/** Where an import's uploaded zip waits for its job (the job may run on another instance). */
export const importBlobKey = (id: string) => `imports/${id}.zip`;

export function toUserImport(row: ImportRow): UserImport {
  return {
    id: row.id,
    state: row.state,
    fileName: row.fileName,
    total: row.total,
    processed: row.processed,
    created: {
      tracks: row.made.tracks.length,
      versions: row.made.versions,
      playlists: row.made.playlists.length,
      equipment: row.made.equipment.length,
    },
    skipped: { tracks: row.skippedTracks, playlists: row.skippedPlaylists },
    refused: row.made.refused ?? [],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * An import whose archive is still arriving: its row claims the person's one slot (the partial
 * unique index on queued and running rows) before a byte of the body is read, with no archive key
 * yet (done and failed rows have none either, but are not queued). Not shown, not run.
 */
const receiving = and(eq(imports.state, 'queued'), isNull(imports.blobKey));
const notReceiving = or(ne(imports.state, 'queued'), isNotNull(imports.blobKey));

/** A row in the person's one slot: 409 when it is taken (the unique index decides, from any instance). */
async function insertInSlot(db: Database, values: typeof imports.$inferInsert): Promise<ImportRow> {
  try {
    const [row] = await db.insert(imports).values(values).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, IMPORT_BUSY_MESSAGE);
    throw err;
  }
}

/**
 * Claims the person's one import slot for an archive about to be read: 409 when another import of
 * theirs is arriving, queued or running, from any instance (the unique index decides, so two
 * requests at once cannot both pass). The caller drops the claim if the archive is not kept.
 */
export async function claimImport(db: Database, userId: string): Promise<string> {
  const row = await insertInSlot(db, { id: randomUUID(), userId, fileName: '', blobKey: null });
  return row.id;
}

/**
 * The claimed import's archive, checked: named, counted and given its key (the zip is stored after:
 * a crash between leaves at worst a key the row's removal queues). A claim an instance's start
 * removed meanwhile (see dropStaleClaims) is made again, the index still deciding.
 */
export async function receivedImport(
  db: Database,
  values: { id: string; userId: string; fileName: string; total: number },
): Promise<ImportRow> {
  const [row] = await db
    .update(imports)
    .set({ fileName: values.fileName, total: values.total, blobKey: importBlobKey(values.id) })
    .where(and(eq(imports.id, values.id), eq(imports.userId, values.userId), receiving))
    .returning();
  return row ?? insertInSlot(db, { ...values, blobKey: importBlobKey(values.id) });
}

/**
 * Claims whose archive never arrived (the process receiving it ended). Run as an instance starts:
 * on a single instance nothing can be arriving yet; with several, an upload still arriving on
 * another one loses its claim, and makes it again when its archive is checked (receivedImport).
 */
export async function dropStaleClaims(db: Database) {
  await db.delete(imports).where(receiving);
}

/** The import as the live event sends it (its owner's stream only), or undefined when gone. */
export async function findImport(db: Database, id: string): Promise<UserImport | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), notReceiving));
  return row ? toUserImport(row) : undefined;
}

/** Removes an import that never got going (a claim given back, a zip not stored); the trigger queues its key. */
export async function dropImport(db: Database, id: string) {
  await db.delete(imports).where(eq(imports.id, id));
}

export async function listImports(db: Database, userId: string): Promise<UserImport[]> {
  const rows = await db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, userId), notReceiving))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(LISTED);
  return rows.map(toUserImport);
}

export async function getImport(db: Database, userId: string, id: string): Promise<UserImport> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId), notReceiving));
  if (!row) throw notFound('Import not found');
  return toUserImport(row);
}

/**
 * Tracks of the archive the person does not have yet must fit in what is left of their quota: 413
 * otherwise, before anything is made. A track they have (same current file, sha256) is skipped by
 * the job and costs nothing; the match is one to one, as the job makes it (two tracks of the archive
 * with the same bytes need two of the person's). A recreated track costs every file it carries:
 * earlier versions' originals are kept too (decision 0430).
 */
export async function assertFitsQuota(
  db: Database,
  userId: string,
  quotaBytes: number,
  checked: CheckedArchive,
) {
  if (!quotaBytes) return;
  const files = currentFiles(checked);
  const hashes = [...new Set(files.map((f) => f.sha256))];
  const have = new Map<string, number>();
  if (hashes.length > 0) {
    const rows = await db
      .select({ hash: tracks.contentHash })
      .from(tracks)
      .where(and(eq(tracks.userId, userId), inArray(tracks.contentHash, hashes)));
    for (const { hash } of rows) if (hash) have.set(hash, (have.get(hash) ?? 0) + 1);
  }
  let needed = 0;
  for (const f of files) {
    const left = have.get(f.sha256) ?? 0;
    if (left > 0) {
      have.set(f.sha256, left - 1);
      continue;
    }
    needed += storedSizeOf(checked, f.track);
  }
  const used = await storedBytes(db, userId);
  if (used + needed > quotaBytes) {
    throw new HttpError(
      413,
      `${quotaExceededMessage(used, quotaBytes)}: the archive's tracks need ${needed} bytes more`,
    );
  }
}

/** The job starts (or starts over after a crash): running. Undefined when it ended or is gone. */
export async function startImportRun(db: Database, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({ state: 'running' })
    .where(and(eq(imports.id, id), inArray(imports.state, ['queued', 'running']), notReceiving))
    .returning();
  return row;
}

/** Progress as the job goes (each write is announced to the person's streams by the row's trigger). */
export async function saveImportProgress(
  db: Database,
  id: string,
  changes: Partial<Pick<ImportRow, 'processed' | 'made' | 'skippedTracks' | 'skippedPlaylists'>>,
) {
  await db.update(imports).set(changes).where(eq(imports.id, id));
}

/** Done or failed: the zip's key cleared, so the trigger queues the archive's removal with the update. */
export async function endImport(db: Database, id: string, error: string | null) {
  await db
    .update(imports)
    .set({ state: error === null ? 'done' : 'failed', error, blobKey: null, finishedAt: sql`now()` })
    .where(and(eq(imports.id, id), inArray(imports.state, ['queued', 'running'])));
}
