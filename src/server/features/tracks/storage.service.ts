import { eq, sql } from 'drizzle-orm';
import { formatStorageAmount } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database, DbOrTx } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { fileTooLargeMessage, formatByteLimit } from '../../media/receive-upload';
import { HttpError } from '../../plugins/errors';
import { createTrack } from './tracks.service';

/**
 * Bytes of audio the person stores: what counts toward the storage quota (decision 0033): every
 * track's current file and every kept original of an earlier version (decision 0430).
 */
export async function storedBytes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({
      used: sql<string | number>`coalesce(sum(${tracks.size}), 0) + coalesce((
        select sum(kv.size) from track_versions kv join tracks kt on kt.id = kv.track_id
         where kt.user_id = ${userId} and kv.storage_key is not null), 0)`,
    })
    .from(tracks)
    .where(eq(tracks.userId, userId));
  return Number(row?.used ?? 0);
}

/**
 * A person's quota in bytes (0: unlimited): their own when an admin set one (decision 0445), else
 * the instance's STORAGE_QUOTA_BYTES.
 */
export const quotaOf = (user: { quotaBytes: number | null }, instanceDefault: number) =>
  user.quotaBytes ?? instanceDefault;

/**
 * quotaOf with the person's row read now, for work that outlives the request (an import's job):
 * an admin's change since the request counts.
 */
export async function currentQuotaOf(db: DbOrTx, userId: string, instanceDefault: number): Promise<number> {
  const [user] = await db.select({ quotaBytes: users.quotaBytes }).from(users).where(eq(users.id, userId));
  return quotaOf(user ?? { quotaBytes: null }, instanceDefault);
}

/** Bytes of audio everyone stores, quota-counted as storedBytes (the storage-used metric, decision 0440). */
export async function totalStoredBytes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({
      used: sql<string | number>`coalesce(sum(${tracks.size}), 0) + coalesce((
        select sum(kv.size) from track_versions kv where kv.storage_key is not null), 0)`,
    })
    .from(tracks);
  return Number(row?.used ?? 0);
}

export const quotaExceededMessage = (usedBytes: number, quotaBytes: number) =>
  `Storage quota exceeded: ${formatStorageAmount(usedBytes)} of ${formatStorageAmount(quotaBytes)} used`;

/**
 * How large the next audio file may be: the upload limit, or the room left under the quota when
 * that is smaller (so a body that cannot fit is refused before or while it arrives, not after).
 * A person already at the quota is refused at once. quotaBytes 0 means unlimited. A new version of
 * a track frees nothing: the replaced original is kept (decision 0430).
 */
export async function audioUploadLimit(
  db: Database,
  userId: string,
  maxUploadBytes: number,
  quotaBytes: number,
): Promise<{ maxBytes: number; tooLargeMessage: string }> {
  const sizeLimit = {
    maxBytes: maxUploadBytes,
    tooLargeMessage: fileTooLargeMessage(formatByteLimit(maxUploadBytes)),
  };
  if (!quotaBytes) return sizeLimit;
  const used = await storedBytes(db, userId);
  const room = quotaBytes - used;
  if (room <= 0) throw new HttpError(413, quotaExceededMessage(used, quotaBytes));
  return room < maxUploadBytes
    ? { maxBytes: room, tooLargeMessage: quotaExceededMessage(used, quotaBytes) }
    : sizeLimit;
}

/**
 * Inserts the track only if it still fits. The person's row is locked while their tracks are
 * summed and the new one inserted, so two uploads finishing together cannot both squeeze in.
 */
export async function createTrackWithinQuota(
  db: Database,
  quotaBytes: number,
  values: typeof tracks.$inferInsert,
): Promise<Track> {
  if (!quotaBytes) return createTrack(db, values);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const used = await storedBytes(tx, values.userId);
    if (used + values.size > quotaBytes) throw new HttpError(413, quotaExceededMessage(used, quotaBytes));
    return createTrack(tx, values);
  });
}
