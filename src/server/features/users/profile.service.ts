import { desc, eq } from 'drizzle-orm';
import { PROFILE_NOT_FOUND, type PublicProfile, type UpdateProfileBody } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { tracks, users } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { withEquipment } from '../tracks/tracks.service';
import { claimUsername } from './username.service';
import type { UserRow } from './users.service';

async function update(
  db: Database,
  userId: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('User not found');
  return row;
}

export const updatePrivacy = (db: Database, userId: string, isPublic: boolean) =>
  update(db, userId, { isPublic });

/** Points the person at a new avatar; returns them with the avatar it replaced (row locked meanwhile). */
export async function replaceAvatar(db: Database, userId: string, avatarUrl: string) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw notFound('User not found');
    const [row] = await tx
      .update(users)
      .set({ avatarUrl, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return { result: row!, previous: current.avatarUrl };
  });
}

/** Saves what was sent (already trimmed; empty values omitted); usernames are unique ignoring case. */
export async function updateProfile(db: Database, userId: string, body: UpdateProfileBody): Promise<UserRow> {
  const changes = body as { username?: string; bio?: string; socialLinks?: UserRow['socialLinks'] };
  if (changes.username) await claimUsername(db, userId, changes.username);
  try {
    return await update(db, userId, changes);
  } catch (err) {
    // Two people claiming one name at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new HttpError(409, 'That username is already taken');
    throw err;
  }
}

/**
 * A public profile shows the person's public fields and all their tracks, newest first
 * (decision 0014). A private profile and a missing one give the same 404.
 */
export async function getPublicProfile(db: Database, userId: string): Promise<PublicProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.isPublic) throw notFound(PROFILE_NOT_FOUND);
  const rows = await db
    .select()
    .from(tracks)
    .where(eq(tracks.userId, userId))
    .orderBy(desc(tracks.createdAt), desc(tracks.id));
  return {
    user: {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      avatarUrl: user.avatarUrl,
      updatedAt: user.updatedAt.toISOString(),
      bio: user.bio,
      socialLinks: user.socialLinks,
    },
    tracks: await withEquipment(db, rows),
  };
}
