import { and, asc, eq } from 'drizzle-orm';
import type {
  Collective,
  CollectiveMember,
  CollectiveRole,
  CollectiveWithRole,
} from '../../../shared/schemas/collectives';
import type { Database, DbOrTx } from '../../db/client';
import { isOnlineSql } from '../../db/online-users';
import { replaceValue } from '../../db/replace-value';
import { collectiveMembers, collectives, users } from '../../db/schema';
import { imageUrlOf } from '../../media/image-url';
import { forbidden, notFound } from '../../plugins/errors';
import { toUserSummary, userSummaryColumns } from '../users/users.service';
import {
  canEditCollective,
  canReadCollective,
  collectiveAbilities,
  memberAbilities,
} from './collectives.policy';

/** The invite rule of the permission table (invites read it; the rest is this feature's own). */
export { canManageInvites } from './collectives.policy';

type CollectiveRow = typeof collectives.$inferSelect;

export function toCollectiveDto(row: CollectiveRow): Collective {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: imageUrlOf(row.imageKey),
    ownerId: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The collective and the viewer's role in it; 404 for a non-member or a missing collective. */
export async function requireMembership(
  db: DbOrTx,
  collectiveId: number,
  userId: string,
): Promise<{ collective: CollectiveRow; role: CollectiveRole }> {
  const [row] = await db
    .select({ collective: collectives, role: collectiveMembers.role })
    .from(collectives)
    .leftJoin(
      collectiveMembers,
      and(eq(collectiveMembers.collectiveId, collectives.id), eq(collectiveMembers.userId, userId)),
    )
    .where(eq(collectives.id, collectiveId))
    .limit(1);
  const role = (row?.role ?? undefined) as CollectiveRole | undefined;
  if (!row || !canReadCollective(role)) throw notFound('Collective not found');
  return { collective: row.collective, role };
}

/** The collectives the user belongs to, oldest membership first (the rail's order). */
export async function listCollectivesForUser(db: Database, userId: string): Promise<Collective[]> {
  const rows = await db
    .select({ collective: collectives })
    .from(collectiveMembers)
    .innerJoin(collectives, eq(collectives.id, collectiveMembers.collectiveId))
    .where(eq(collectiveMembers.userId, userId))
    .orderBy(asc(collectiveMembers.joinedAt), asc(collectives.id));
  return rows.map((r) => toCollectiveDto(r.collective));
}

export async function getCollective(
  db: Database,
  collectiveId: number,
  userId: string,
): Promise<CollectiveWithRole> {
  const { collective, role } = await requireMembership(db, collectiveId, userId);
  return { ...toCollectiveDto(collective), role, abilities: collectiveAbilities(role, userId, collective) };
}

/** Creates the collective with its creator as the owner member, in one transaction. */
export async function createCollective(
  db: Database,
  ownerId: string,
  body: { name: string; description?: string | null },
): Promise<Collective> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collectives)
      .values({ name: body.name, description: body.description ?? null, ownerId })
      .returning();
    await tx.insert(collectiveMembers).values({ collectiveId: row!.id, userId: ownerId, role: 'owner' });
    return toCollectiveDto(row!);
  });
}

/** 404 for non-members, 403 for members who are not the owner. */
export async function requireOwner(db: Database, collectiveId: number, userId: string) {
  const { collective } = await requireMembership(db, collectiveId, userId);
  if (!canEditCollective(userId, collective)) {
    throw forbidden("Only the collective's owner can change its settings");
  }
  return collective;
}

export async function updateCollective(
  db: Database,
  collectiveId: number,
  userId: string,
  changes: { name?: string; description?: string | null },
): Promise<Collective> {
  await requireOwner(db, collectiveId, userId);
  const [row] = await db
    .update(collectives)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(collectives.id, collectiveId))
    .returning();
  return toCollectiveDto(row!);
}

/** Points the collective at a new avatar (a key base); returns it with the key base it replaced. */
export async function replaceCollectiveImage(db: Database, collectiveId: number, imageKey: string) {
  const replaced = await replaceValue(
    db,
    collectives,
    { column: collectives.id, equals: collectiveId },
    'imageKey',
    {
      imageKey,
      updatedAt: new Date(),
    },
  );
  if (!replaced) throw notFound('Collective not found');
  return { result: toCollectiveDto(replaced.row) as Collective, previous: replaced.previous };
}

export async function listMembers(
  db: Database,
  collectiveId: number,
  userId: string,
): Promise<CollectiveMember[]> {
  const { role } = await requireMembership(db, collectiveId, userId);
  const actor = { userId, role };
  const rows = await db
    .select({
      userId: collectiveMembers.userId,
      role: collectiveMembers.role,
      joinedAt: collectiveMembers.joinedAt,
      user: userSummaryColumns,
      online: isOnlineSql(collectiveMembers.userId),
    })
    .from(collectiveMembers)
    .innerJoin(users, eq(users.id, collectiveMembers.userId))
    .where(eq(collectiveMembers.collectiveId, collectiveId))
    .orderBy(asc(collectiveMembers.joinedAt), asc(collectiveMembers.id));
  return rows.map((r) => ({
    userId: r.userId,
    role: r.role as CollectiveRole,
    joinedAt: r.joinedAt.toISOString(),
    user: toUserSummary(r.user),
    online: r.online,
    abilities: memberAbilities(actor, { userId: r.userId, role: r.role as CollectiveRole }),
  }));
}
