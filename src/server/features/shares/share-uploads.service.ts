import { and, desc, eq, sql } from 'drizzle-orm';
import { formatStorageAmount } from '../../../shared/format';
import {
  type SentFile,
  UPLOAD_LINK_FULL_MESSAGE,
  uploadLinkBytesMessage,
} from '../../../shared/schemas/share-uploads';
import type { SharedItem } from '../../../shared/schemas/shares';
import type { Track } from '../../../shared/schemas/tracks';
import type { Database, DbOrTx } from '../../db/client';
import { notifications, shareLinks, shareUploads, tracks, users } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { switchedOff } from '../notifications/notifications.service';
import { quotaExceededMessage, storedBytes } from '../tracks/storage.service';
import { createTrack } from '../tracks/tracks.service';
import type { LinkGuest } from './link-cookies';

/**
 * Upload links (issue 45, decisions 0730-0739): what a guest sees of one, the caps it keeps, and
 * the one transaction that turns a received file into the owner's private track.
 */

type LinkRow = typeof shareLinks.$inferSelect;
type Owner = Extract<SharedItem, { type: 'upload' }>['owner'];

/** An upload link's name in its owner's list when it has no recipient label or description. */
export const UPLOAD_LINK_NAME = 'Upload link';

/** What the owner's list calls a new upload link: its label, else its description, else "Upload link". */
export const uploadLinkName = (link: { recipient?: string | null; description?: string | null }) =>
  link.recipient || link.description || UPLOAD_LINK_NAME;

/** What a received track keeps of its link ("via link …"): the recipient, else the description. */
const linkLabelOf = (link: LinkRow) => link.recipient || link.description || null;

/** What the link has received so far, every guest together. */
export async function receivedByLink(db: DbOrTx, shareId: number) {
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<string | number>`coalesce(sum(${shareUploads.size}), 0)`,
    })
    .from(shareUploads)
    .where(eq(shareUploads.shareId, shareId));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** What the link still takes: never negative. */
export async function roomLeft(db: DbOrTx, link: LinkRow) {
  const received = await receivedByLink(db, link.id);
  return {
    files: Math.max(0, (link.maxFiles ?? 0) - received.files),
    bytes: Math.max(0, (link.maxBytes ?? 0) - received.bytes),
  };
}

/**
 * Before a byte is read (decision 0732): a link with no file left is a 409, one with no byte left
 * a 413. Answers the bytes the next file may have.
 */
export async function checkRoom(db: DbOrTx, link: LinkRow): Promise<number> {
  const room = await roomLeft(db, link);
  if (room.files <= 0) throw new HttpError(409, UPLOAD_LINK_FULL_MESSAGE);
  if (room.bytes <= 0) throw new HttpError(413, uploadLinkBytesMessage(formatStorageAmount(0)));
  return room.bytes;
}

/** This guest's files through the link, newest first: nobody else's (decision 0733). */
export async function sentBy(db: DbOrTx, shareId: number, guestId: string): Promise<SentFile[]> {
  const rows = await db
    .select({
      name: tracks.filename,
      size: shareUploads.size,
      createdAt: shareUploads.createdAt,
      state: tracks.processingState,
    })
    .from(shareUploads)
    .innerJoin(tracks, eq(tracks.id, shareUploads.trackId))
    .where(and(eq(shareUploads.shareId, shareId), eq(shareUploads.guestId, guestId)))
    .orderBy(desc(shareUploads.createdAt), desc(shareUploads.trackId));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** GET /api/shares/by-token/{token} of an upload link. */
export async function uploadLinkView(
  db: Database,
  link: LinkRow,
  owner: Owner,
  guest: LinkGuest | null,
): Promise<SharedItem> {
  const room = await roomLeft(db, link);
  return {
    type: 'upload',
    description: link.description,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    owner,
    maxFiles: link.maxFiles ?? 0,
    maxBytes: link.maxBytes ?? 0,
    remainingFiles: room.files,
    remainingBytes: room.bytes,
    guest: guest ? { name: guest.name } : null,
    sent: guest ? await sentBy(db, link.id, guest.guestId) : [],
  };
}

/**
 * The received file as the owner's private track, its share_uploads row and the owner's inbox
 * entry, in one transaction. The owner's row, then the link's, are locked while the quota and the
 * link's caps are checked again: two guests finishing together cannot both squeeze past either.
 * The link revoked meanwhile: 404 (the caller removes the stored file).
 */
export async function keepReceivedFile(
  db: Database,
  args: {
    linkId: number;
    quotaBytes: number;
    guest: LinkGuest;
    track: Omit<typeof tracks.$inferInsert, 'userId'>;
  },
): Promise<{ track: Track; sent: SentFile }> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(shareLinks).where(eq(shareLinks.id, args.linkId));
    if (!link) throw notFound('This link does not exist or was revoked');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).for('update');
    await tx.select({ id: shareLinks.id }).from(shareLinks).where(eq(shareLinks.id, link.id)).for('update');
    const size = args.track.size;
    const room = await roomLeft(tx, link);
    if (room.files <= 0) throw new HttpError(409, UPLOAD_LINK_FULL_MESSAGE);
    if (size > room.bytes) throw new HttpError(413, uploadLinkBytesMessage(formatStorageAmount(room.bytes)));
    if (args.quotaBytes) {
      const used = await storedBytes(tx, link.userId);
      if (used + size > args.quotaBytes)
        throw new HttpError(413, quotaExceededMessage(used, args.quotaBytes));
    }
    // Private, like every upload: the owner decides what becomes of it.
    const track = await createTrack(tx, { ...args.track, userId: link.userId, visibility: 'private' });
    const [row] = await tx
      .insert(shareUploads)
      .values({
        trackId: track.id,
        shareId: link.id,
        guestId: args.guest.guestId,
        guestName: args.guest.name,
        linkLabel: linkLabelOf(link),
        size,
      })
      .returning();
    const off = await switchedOff(tx, [link.userId]);
    if (!off.has(`${link.userId}:guest_upload`)) {
      await tx.insert(notifications).values({
        userId: link.userId,
        kind: 'guest_upload',
        shareId: link.id,
        trackId: track.id,
        notice: args.guest.name,
      });
    }
    return {
      track,
      sent: {
        name: track.filename,
        size,
        createdAt: row!.createdAt.toISOString(),
        state: 'pending' as const,
      },
    };
  });
}
