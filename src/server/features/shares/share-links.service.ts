import { randomBytes } from 'node:crypto';
import { and, desc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import {
  type CreateShareBody,
  type ListSharesQuery,
  SHARE_PAST_EXPIRY_MESSAGE,
  SHARE_UPLOAD_DEFAULTS,
  type ShareLink,
} from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import {
  guestComments,
  notifications,
  playlists,
  shareLinks,
  shareListens,
  shareUploads,
  tracks,
} from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { findOwnPlaylist } from '../playlists/playlists.service';
import { findOwnTrack } from '../tracks/tracks.service';
import { hashSharePassword } from './share-password';
import { UPLOAD_LINK_NAME, uploadLinkName } from './share-uploads.service';
import { isShareExpired } from './shares.policy';

/**
 * The owner's side of share links (issue 24, decision 0320; issue 45): make, list, find and revoke
 * their links. What a token opens, for anyone holding it, is shares.service.ts.
 */

type LinkRow = typeof shareLinks.$inferSelect;

/** 32 random bytes, base64url: 256 bits nobody guesses (the issue asks for at least 128). */
export const newShareToken = () => randomBytes(32).toString('base64url');

export const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/s/${token}`;

type Received = ShareLink['received'];

export function toShareLinkDto(
  row: LinkRow,
  itemName: string,
  publicUrl: string,
  received: Received = null,
): ShareLink {
  return {
    id: row.id,
    url: shareUrl(publicUrl, row.token),
    token: row.token,
    trackId: row.trackId,
    playlistId: row.playlistId,
    itemName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isShareExpired(row.expiresAt),
    allowDownload: row.allowDownload,
    allowVersions: row.allowVersions,
    description: row.description,
    visits: row.visits,
    kind: row.kind,
    hasPassword: row.passwordHash !== null,
    recipient: row.recipient,
    commentsClosed: row.commentsClosedAt !== null,
    maxFiles: row.maxFiles,
    maxBytes: row.maxBytes,
    received: row.kind === 'upload' ? (received ?? { files: 0, bytes: 0 }) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /api/shares: the owner's track or playlist (anyone else: 404), whatever its visibility. */
export async function createShare(
  db: Database,
  userId: string,
  body: CreateShareBody,
  publicUrl: string,
): Promise<ShareLink> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && isShareExpired(expiresAt)) throw badRequest(SHARE_PAST_EXPIRY_MESSAGE);
  // findOwn* answer 404 for someone else's item and for none at all (canChangeTrack/Playlist is
  // canShareItem: the owner alone).
  const isUpload = body.kind === 'upload';
  const item = isUpload
    ? { name: uploadLinkName(body) }
    : body.trackId !== undefined
      ? await findOwnTrack(db, body.trackId, userId)
      : await findOwnPlaylist(db, body.playlistId!, userId);
  const [row] = await db
    .insert(shareLinks)
    .values({
      userId,
      trackId: body.trackId ?? null,
      playlistId: body.playlistId ?? null,
      token: newShareToken(),
      expiresAt,
      allowDownload: body.allowDownload ?? false,
      // Tracks only: the body schema refuses it for a playlist (decision 0623).
      allowVersions: body.allowVersions ?? false,
      description: body.description ?? null,
      kind: body.kind,
      // Kept only as a scrypt hash (decision 0701).
      passwordHash: body.password ? await hashSharePassword(body.password) : null,
      recipient: body.recipient ?? null,
      maxFiles: isUpload ? (body.maxFiles ?? SHARE_UPLOAD_DEFAULTS.maxFiles) : null,
      maxBytes: isUpload ? (body.maxBytes ?? SHARE_UPLOAD_DEFAULTS.maxBytes) : null,
    })
    .returning();
  return toShareLinkDto(row!, item.name, publicUrl);
}

/** GET /api/shares: the caller's links, newest first, with their visits. */
export async function listShares(
  db: Database,
  userId: string,
  query: ListSharesQuery,
  publicUrl: string,
): Promise<ShareLink[]> {
  const rows = await db
    .select({
      link: shareLinks,
      itemName: sql<string>`coalesce(${tracks.name}, ${playlists.name}, ${shareLinks.recipient}, ${shareLinks.description}, ${UPLOAD_LINK_NAME})`,
      // An upload link's files and bytes so far: one index lookup per link (share_uploads_share_idx).
      receivedFiles: sql<number>`(select count(*)::int from ${shareUploads} where ${shareUploads.shareId} = ${shareLinks.id})`,
      receivedBytes: sql<
        string | number
      >`(select coalesce(sum(${shareUploads.size}), 0) from ${shareUploads} where ${shareUploads.shareId} = ${shareLinks.id})`,
    })
    .from(shareLinks)
    .leftJoin(tracks, eq(tracks.id, shareLinks.trackId))
    .leftJoin(playlists, eq(playlists.id, shareLinks.playlistId))
    .where(
      and(
        eq(shareLinks.userId, userId),
        isNull(shareLinks.revokedAt),
        query.trackId !== undefined ? eq(shareLinks.trackId, query.trackId) : undefined,
        query.playlistId !== undefined ? eq(shareLinks.playlistId, query.playlistId) : undefined,
      ),
    )
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((r) =>
    toShareLinkDto(r.link, r.itemName, publicUrl, {
      files: Number(r.receivedFiles),
      bytes: Number(r.receivedBytes),
    }),
  );
}

/** One of the owner's live links (anyone else's, a revoked one, or none: 404). */
export async function findOwnShare(db: Database, userId: string, shareId: number): Promise<LinkRow> {
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, shareId), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)))
    .limit(1);
  if (!link) throw notFound('Share link not found');
  return link;
}

/**
 * DELETE /api/shares/{id}: its token answers 404 from now on. A link that gathered guests' comments
 * or listens keeps its row, marked revoked, so that feedback stays the owner's (decision 0750); any
 * other link is deleted. A leak alert about it stays in the inbox, let go of the link (share_id
 * null): the entry then says it was revoked (decision 0725).
 */
export async function revokeShare(db: Database, userId: string, shareId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ shareId: null })
      .where(
        and(
          eq(notifications.shareId, shareId),
          eq(notifications.userId, userId),
          eq(notifications.kind, 'share_leak'),
        ),
      );
    const mine = and(eq(shareLinks.id, shareId), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt));
    const heldFeedback = or(
      exists(tx.select({ one: sql`1` }).from(guestComments).where(eq(guestComments.shareId, shareId))),
      exists(tx.select({ one: sql`1` }).from(shareListens).where(eq(shareListens.shareId, shareId))),
    );
    const [kept] = await tx
      .update(shareLinks)
      .set({ revokedAt: new Date() })
      .where(and(mine, heldFeedback))
      .returning({ id: shareLinks.id });
    if (kept) return;
    const [row] = await tx.delete(shareLinks).where(mine).returning({ id: shareLinks.id });
    if (!row) throw notFound('Share link not found');
  });
}
