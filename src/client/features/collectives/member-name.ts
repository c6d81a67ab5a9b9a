import type { MemberUser } from './collective-types';

/** Spec section 2, members panel: username, else first and last name, else first name. */
export function memberDisplayName(user: MemberUser | null | undefined): string {
  if (user?.username) return user.username;
  if (user?.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  if (user?.firstName) return user.firstName;
  return 'Unknown User';
}
