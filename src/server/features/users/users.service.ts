import type { AuthUser } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import type { UserRow } from '../../db/user-lookup';
import { imageUrlColumn, imageUrlOf } from '../../media/image-url';

/** A person's row and its lookup by id: in db/, since the auth guard and session store read them too. */
export { findUserById, type UserRow } from '../../db/user-lookup';

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

/**
 * The signed-in user's own view of themselves (GET /api/auth/user). `admins`: ADMIN_USERS, which
 * decides `isAdmin` (decision 0445).
 */
export function toAuthUser(user: UserRow, admins: { has(user: UserRow): boolean }): AuthUser {
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
    isAdmin: admins.has(user),
  };
}
