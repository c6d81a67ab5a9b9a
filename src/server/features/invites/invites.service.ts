import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  EXPIRED_INVITE_MESSAGE,
  INVALID_INVITE_MESSAGE,
  INVITE_EXPIRY_HOURS,
  type InviteDetails,
  type InviteExpiry,
  type InviteLink,
} from '../../../shared/schemas/collectives';
import type { Database, DbOrTx } from '../../db/client';
import { collectiveInviteLinks, collectiveMembers, collectives, users } from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';
import { forbidden, HttpError, notFound } from '../../plugins/errors';
import { hasBlocked } from '../blocks/blocks.service';
import { canManageInvites, requireMembership } from '../collectives/collectives.service';
import { notifyJoin } from '../notifications/notifications.service';

type LinkRow = typeof collectiveInviteLinks.$inferSelect;

const isExhausted = (link: LinkRow) => link.maxUses !== null && link.usageCount >= link.maxUses;
const isExpired = (link: LinkRow) => link.expiresAt !== null && link.expiresAt.getTime() <= Date.now();
/** A link lets someone in only while active, not used up and not expired. */
export const isUsable = (link: LinkRow) => link.isActive && !isExhausted(link) && !isExpired(link);

/** Whether this code names an invite link that still lets someone in (SIGNUP=invite, decision 0445). */
export async function inviteLetsIn(db: Database, code: string): Promise<boolean> {
  const [link] = await db
    .select()
    .from(collectiveInviteLinks)
    .where(eq(collectiveInviteLinks.code, code))
    .limit(1);
  return link !== undefined && isUsable(link);
}

function toInviteLinkDto(link: LinkRow): InviteLink {
  return {
    id: link.id,
    collectiveId: link.collectiveId,
    code: link.code,
    type: link.type as InviteLink['type'],
    maxUses: link.maxUses,
    usageCount: link.usageCount,
    isActive: link.isActive && !isExhausted(link),
    isExhausted: isExhausted(link),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    isExpired: isExpired(link),
  };
}

async function requireInviteManager(db: Database, collectiveId: number, userId: string) {
  const { role } = await requireMembership(db, collectiveId, userId);
  if (!canManageInvites(role)) throw forbidden('Only the owner and admins can manage invite links');
}

export async function listInviteLinks(db: Database, collectiveId: number, userId: string) {
  await requireInviteManager(db, collectiveId, userId);
  const rows = await db
    .select()
    .from(collectiveInviteLinks)
    .where(eq(collectiveInviteLinks.collectiveId, collectiveId))
    .orderBy(desc(collectiveInviteLinks.createdAt), desc(collectiveInviteLinks.id));
  return rows.map(toInviteLinkDto);
}

/** Single-use links allow one join; multi-use links have no maximum. Codes are 16 url-safe chars. */
export async function createInviteLink(
  db: Database,
  collectiveId: number,
  userId: string,
  type: 'single' | 'multi',
  expiresIn: InviteExpiry = 'never',
) {
  await requireInviteManager(db, collectiveId, userId);
  const hours = INVITE_EXPIRY_HOURS[expiresIn];
  const [row] = await db
    .insert(collectiveInviteLinks)
    .values({
      collectiveId,
      createdById: userId,
      code: randomBytes(12).toString('base64url'),
      type,
      maxUses: type === 'single' ? 1 : null,
      expiresAt: hours === null ? null : new Date(Date.now() + hours * 3_600_000),
    })
    .returning();
  return toInviteLinkDto(row!);
}

export async function setInviteLinkActive(
  db: Database,
  collectiveId: number,
  linkId: number,
  userId: string,
  isActive: boolean,
) {
  await requireInviteManager(db, collectiveId, userId);
  const [link] = await db
    .select()
    .from(collectiveInviteLinks)
    .where(and(eq(collectiveInviteLinks.id, linkId), eq(collectiveInviteLinks.collectiveId, collectiveId)));
  if (!link) throw notFound('Invite link not found');
  if (isExhausted(link)) throw new HttpError(409, 'This invite link has been used up and cannot be changed');
  const [row] = await db
    .update(collectiveInviteLinks)
    .set({ isActive })
    .where(eq(collectiveInviteLinks.id, linkId))
    .returning();
  return toInviteLinkDto(row!);
}

/** Revoking deletes the link: its code then answers like any unknown code (decision 0124). */
export async function revokeInviteLink(db: Database, collectiveId: number, linkId: number, userId: string) {
  await requireInviteManager(db, collectiveId, userId);
  const [row] = await db
    .delete(collectiveInviteLinks)
    .where(and(eq(collectiveInviteLinks.id, linkId), eq(collectiveInviteLinks.collectiveId, collectiveId)))
    .returning({ id: collectiveInviteLinks.id });
  if (!row) throw notFound('Invite link not found');
}

const invalid = () => notFound(INVALID_INVITE_MESSAGE);
/**
 * Why a link lets nobody in: switched off, used up or unknown all read "invalid" (decision 0013);
 * a link that was fine but ran out of time says so with 410, so the person asks for a new one.
 */
const refusal = (link: LinkRow) =>
  link.isActive && !isExhausted(link) && isExpired(link)
    ? new HttpError(410, EXPIRED_INVITE_MESSAGE)
    : invalid();

/**
 * A block between the link's maker and whoever would join through it (decision 0450): the one blocked
 * sees the link as invalid, as if it did not exist; the one who blocked is told to unblock first.
 */
async function refuseBlockedInvite(db: DbOrTx, link: LinkRow, userId: string) {
  if (await hasBlocked(db, link.createdById, userId)) throw invalid();
  if (await hasBlocked(db, userId, link.createdById)) {
    throw forbidden('You have blocked the person who made this invite link: unblock them to join through it');
  }
}

export async function getInviteDetails(db: Database, code: string, userId: string): Promise<InviteDetails> {
  const [row] = await db
    .select({
      link: collectiveInviteLinks,
      collective: {
        id: collectives.id,
        name: collectives.name,
        description: collectives.description,
        imageUrl: imageUrlColumn(collectives.imageKey),
      },
      invitedBy: { firstName: users.firstName, lastName: users.lastName },
      member: collectiveMembers.id,
    })
    .from(collectiveInviteLinks)
    .innerJoin(collectives, eq(collectives.id, collectiveInviteLinks.collectiveId))
    .innerJoin(users, eq(users.id, collectiveInviteLinks.createdById))
    .leftJoin(
      collectiveMembers,
      and(eq(collectiveMembers.collectiveId, collectives.id), eq(collectiveMembers.userId, userId)),
    )
    .where(eq(collectiveInviteLinks.code, code))
    .limit(1);
  const alreadyMember = row?.member != null;
  if (!row) throw invalid();
  if (!alreadyMember && !isUsable(row.link)) throw refusal(row.link);
  if (!alreadyMember) await refuseBlockedInvite(db, row.link, userId);
  return { code, collective: row.collective, invitedBy: row.invitedBy, alreadyMember };
}

/**
 * Joins through a link. The link row is locked for the transaction, so people racing for a
 * single-use link are served one at a time: exactly one gets in. Someone already in the
 * collective is let through without using the link up.
 */
export async function joinWithInvite(db: Database, code: string, userId: string) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(collectiveInviteLinks)
      .where(eq(collectiveInviteLinks.code, code))
      .for('update');
    if (!link) throw invalid();
    const [collective] = await tx
      .select({ id: collectives.id, name: collectives.name })
      .from(collectives)
      .where(eq(collectives.id, link.collectiveId));
    const [existing] = await tx
      .select({ id: collectiveMembers.id })
      .from(collectiveMembers)
      .where(
        and(eq(collectiveMembers.collectiveId, link.collectiveId), eq(collectiveMembers.userId, userId)),
      );
    if (existing) return { ...collective!, alreadyMember: true };
    if (!isUsable(link)) throw refusal(link);
    await refuseBlockedInvite(tx, link, userId);
    await tx
      .update(collectiveInviteLinks)
      .set({ usageCount: sql`${collectiveInviteLinks.usageCount} + 1` })
      .where(eq(collectiveInviteLinks.id, link.id));
    await tx.insert(collectiveMembers).values({ collectiveId: link.collectiveId, userId, role: 'member' });
    await notifyJoin(tx, { collectiveId: link.collectiveId, joinerId: userId, inviterId: link.createdById });
    return { ...collective!, alreadyMember: false };
  });
}
