import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { imageUrlColumn, imageUrlOf } from '../images/image-url';

export type UserRow = typeof users.$inferSelect;

/** What other people may see of a person (never an email): the columns and the reply shape. */
export const userSummaryColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: imageUrlColumn(users.avatarKey),
  updatedAt: users.updatedAt,
};
export function toUserSummary(u: {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  updatedAt: Date;
}) {
  return { ...u, updatedAt: u.updatedAt.toISOString() };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Claims we read from an OpenID Connect ID token (Google's names for them). */
export interface IdentityClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/**
 * Creates the user on first sign-in and refreshes email, names and picture on later ones.
 * Username, bio, avatar and privacy belong to the user and are never overwritten from the IdP.
 * An email another account already holds is not taken from it (decision 0023): a new account is
 * created without an email, an existing one keeps the email it had; either way the person signs in.
 */
export async function upsertUserFromClaims(db: Database, claims: IdentityClaims): Promise<UserRow> {
  const names = {
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
    profileImageUrl: claims.picture ?? null,
  };
  const upsert = async (email: { email?: string | null }) => {
    const [row] = await db
      .insert(users)
      .values({ id: claims.sub, email: null, ...names, ...email })
      .onConflictDoUpdate({ target: users.id, set: { ...names, ...email, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('User upsert returned nothing');
    return row;
  };
  try {
    return await upsert({ email: claims.email ?? null });
  } catch (err) {
    // The only other unique column is the email: someone else's account already has it.
    if (!isUniqueViolation(err) || !claims.email) throw err;
    return upsert({});
  }
}

/** The signed-in user's own view of themselves (GET /api/auth/user). */
export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    avatarUrl: imageUrlOf(user.avatarKey),
    socialLinks: user.socialLinks,
    isPublic: user.isPublic,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    claims: { isDemo: user.isDemo, sub: user.id },
  };
}
