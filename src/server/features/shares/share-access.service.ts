import { eq, sql } from 'drizzle-orm';
import { SHARE_WRONG_PASSWORD_MESSAGE } from '../../../shared/schemas/share-passwords';
import {
  SHARE_COMMENTS_REVIEW_ONLY_MESSAGE,
  SHARE_PAST_EXPIRY_MESSAGE,
  type ShareLink,
  type UpdateShareBody,
} from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import { playlists, shareLinks, tracks } from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import { passwordRequired } from './link-cookies';
import { findOwnShare, toShareLinkDto } from './share-links.service';
import { hashSharePassword, verifySharePassword } from './share-password';
import { isShareExpired } from './shares.policy';

type LinkRow = typeof shareLinks.$inferSelect;

/**
 * A link's access after it was made (issue 45, decisions 0702-0704): unlocking a password link in a
 * signed-out browser, and the owner's changes to recipient, description, password, commenting and
 * expiry.
 */

/**
 * Whether `password` opens the link; a link without a password opens to anything (there is nothing
 * to unlock). A wrong one is a 401 that still says `passwordRequired`.
 */
export async function checkSharePassword(link: LinkRow, password: string): Promise<void> {
  if (link.passwordHash === null) return;
  if (!(await verifySharePassword(password, link.passwordHash))) {
    throw passwordRequired(SHARE_WRONG_PASSWORD_MESSAGE);
  }
}

/** PATCH /api/shares/{id}: the owner's link (anyone else's, or none: 404), changed and returned. */
export async function updateShare(
  db: Database,
  userId: string,
  shareId: number,
  body: UpdateShareBody,
  publicUrl: string,
): Promise<ShareLink> {
  const link = await findOwnShare(db, userId, shareId);
  if (body.commentsClosed !== undefined && link.kind !== 'review') {
    throw badRequest(SHARE_COMMENTS_REVIEW_ONLY_MESSAGE);
  }
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : body.expiresAt === null ? null : undefined;
  if (expiresAt && isShareExpired(expiresAt)) throw badRequest(SHARE_PAST_EXPIRY_MESSAGE);
  const changes = {
    recipient: body.recipient,
    description: body.description,
    expiresAt,
    // A new hash (or none) changes the unlock cookie's fingerprint: earlier unlocks end (0700).
    passwordHash:
      body.password === undefined ? undefined : body.password ? await hashSharePassword(body.password) : null,
    // Closing keeps the first moment it was closed; reopening clears it.
    commentsClosedAt:
      body.commentsClosed === undefined
        ? undefined
        : body.commentsClosed
          ? sql`coalesce(${shareLinks.commentsClosedAt}, now())`
          : null,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [row] =
    Object.keys(defined).length === 0
      ? [link]
      : await db.update(shareLinks).set(defined).where(eq(shareLinks.id, link.id)).returning();
  return toShareLinkDto(row!, await itemNameOf(db, row!), publicUrl);
}

async function itemNameOf(db: Database, link: LinkRow): Promise<string> {
  if (link.trackId !== null) {
    const [t] = await db.select({ name: tracks.name }).from(tracks).where(eq(tracks.id, link.trackId));
    return t?.name ?? '';
  }
  if (link.playlistId !== null) {
    const [p] = await db
      .select({ name: playlists.name })
      .from(playlists)
      .where(eq(playlists.id, link.playlistId));
    return p?.name ?? '';
  }
  return '';
}
