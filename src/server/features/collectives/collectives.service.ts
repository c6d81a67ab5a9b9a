import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collectiveMembers, collectives, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { type CollectiveRole, canReadCollective } from './collectives.policy';

const collectiveColumns = {
  id: collectives.id,
  name: collectives.name,
  description: collectives.description,
  imageUrl: collectives.imageUrl,
  ownerId: collectives.ownerId,
  createdAt: collectives.createdAt,
  updatedAt: collectives.updatedAt,
};

/** The collectives the user belongs to, oldest membership first (the rail's order). */
export function listCollectivesForUser(db: Database, userId: string) {
  return db
    .select(collectiveColumns)
    .from(collectiveMembers)
    .innerJoin(collectives, eq(collectives.id, collectiveMembers.collectiveId))
    .where(eq(collectiveMembers.userId, userId))
    .orderBy(asc(collectiveMembers.joinedAt), asc(collectives.id));
}

export async function roleInCollective(
  db: Database,
  collectiveId: number,
  userId: string,
): Promise<CollectiveRole | undefined> {
  const [row] = await db
    .select({ role: collectiveMembers.role })
    .from(collectiveMembers)
    .where(and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, userId)))
    .limit(1);
  return row?.role as CollectiveRole | undefined;
}

export async function getCollectiveForMember(db: Database, collectiveId: number, userId: string) {
  const [row] = await db
    .select({ ...collectiveColumns, role: collectiveMembers.role })
    .from(collectives)
    .innerJoin(
      collectiveMembers,
      and(eq(collectiveMembers.collectiveId, collectives.id), eq(collectiveMembers.userId, userId)),
    )
    .where(eq(collectives.id, collectiveId))
    .limit(1);
  if (!row || !canReadCollective(row.role as CollectiveRole)) throw notFound('Collective not found');
  const { role: _role, ...collective } = row;
  return collective;
}

export async function listMembers(db: Database, collectiveId: number, userId: string) {
  await getCollectiveForMember(db, collectiveId, userId);
  const rows = await db
    .select({
      userId: collectiveMembers.userId,
      role: collectiveMembers.role,
      joinedAt: collectiveMembers.joinedAt,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
      updatedAt: users.updatedAt,
    })
    .from(collectiveMembers)
    .innerJoin(users, eq(users.id, collectiveMembers.userId))
    .where(eq(collectiveMembers.collectiveId, collectiveId))
    .orderBy(asc(collectiveMembers.joinedAt));
  return rows.map(({ userId, role, joinedAt, ...user }) => ({ userId, role, joinedAt, user }));
}
