import type { AuthUser } from '../../../shared/schemas/auth';

/** Spec section 3: username, else first plus last name, else first name, else 'User'. */
export function userDisplayName(
  user: Pick<AuthUser, 'username' | 'firstName' | 'lastName'> | null | undefined,
): string {
  if (user?.username) return user.username;
  if (user?.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  if (user?.firstName) return user.firstName;
  return 'User';
}
