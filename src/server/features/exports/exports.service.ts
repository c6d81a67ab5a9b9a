import { and, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { EXPORT_RETENTION_DAYS, exportDownloadUrl, type UserExport } from '../../../shared/schemas/exports';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { exports, notifications } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';

export type ExportRow = typeof exports.$inferSelect;

export const EXPORT_BUSY_MESSAGE =
  'An export of your data is already being prepared; you will be notified when it is ready';
/** The person's exports the profile shows (the newest; older ready ones are removed anyway). */
const LISTED = 5;
const RETENTION_MS = EXPORT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Where an export's archive lives in the blob store. */
export const exportBlobKey = (id: string) => `exports/${id}.zip`;

/**
 * A new export, queued (decision 0415). One at a time per person: the partial unique index on
 * queued/running rows turns a second request, from any instance, into a 409.
 */
export async function createExport(db: Database, userId: string): Promise<ExportRow> {
  try {
    const [row] = await db.insert(exports).values({ userId }).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, EXPORT_BUSY_MESSAGE);
    throw err;
  }
}

export function toUserExport(row: ExportRow): UserExport {
  return {
    id: row.id,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.state === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    size: row.size,
    error: row.error,
    downloadUrl: row.state === 'ready' ? exportDownloadUrl(row.id) : null,
  };
}

/** GET /api/user/exports: the person's newest exports, not yet expired. */
export async function listExports(db: Database, userId: string): Promise<UserExport[]> {
  const rows = await db
    .select()
    .from(exports)
    .where(
      and(eq(exports.userId, userId), sql`(${exports.expiresAt} is null or ${exports.expiresAt} > now())`),
    )
    .orderBy(desc(exports.createdAt))
    .limit(LISTED);
  return rows.map(toUserExport);
}

/** The person's ready, unexpired export: someone else's, unfinished or expired ones are 404. */
export async function findReadyExport(db: Database, userId: string, id: string): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(exports)
    .where(
      and(
        eq(exports.id, id),
        eq(exports.userId, userId),
        eq(exports.state, 'ready'),
        isNotNull(exports.blobKey),
        sql`${exports.expiresAt} > now()`,
      ),
    );
  if (!row) throw notFound('Export not found');
  return row;
}

/** The job starts (or, after a crash, starts over): running, its archive's key named up front. */
export async function startExportRun(db: Database, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(exports)
    .set({ state: 'running', blobKey: exportBlobKey(id), error: null })
    .where(and(eq(exports.id, id), inArray(exports.state, ['queued', 'running'])))
    .returning();
  return row;
}

/**
 * The archive is stored: the export becomes ready for 7 days, the person's inbox says so (its
 * insert trigger sends the live event), and their older exports go (through the outbox trigger):
 * one archive per person is kept. False when the export is gone meanwhile (the account deleted).
 */
export async function finishExport(db: Database, row: ExportRow, size: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [ready] = await tx
      .update(exports)
      .set({ state: 'ready', size, readyAt: now, expiresAt: new Date(now.getTime() + RETENTION_MS) })
      .where(and(eq(exports.id, row.id), eq(exports.state, 'running')))
      .returning({ id: exports.id });
    if (!ready) return false;
    await tx.delete(exports).where(and(eq(exports.userId, row.userId), ne(exports.id, row.id)));
    await tx.insert(notifications).values({ userId: row.userId, kind: 'export_ready', exportId: row.id });
    return true;
  });
}

/** Retries spent: failed, kept (with the reason) as long as a ready one would be, then swept. */
export async function failExport(db: Database, id: string, now = new Date()) {
  await db
    .update(exports)
    .set({
      state: 'failed',
      error: 'The export could not be made. Please try again.',
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    })
    .where(and(eq(exports.id, id), inArray(exports.state, ['queued', 'running'])));
}

/**
 * Removes exports past their 7 days; the rows' trigger queues their archives in the outbox in the
 * same statement, so a crash between the two leaks nothing. Returns how many.
 */
export async function removeExpiredExports(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(exports)
    .where(and(isNotNull(exports.expiresAt), lte(exports.expiresAt, now)))
    .returning({ id: exports.id });
  return gone.length;
}
