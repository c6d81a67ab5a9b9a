/**
 * Who may take which username (decision 0028). Demo accounts are anonymous and short-lived, so
 * they never keep a name from a real person: a real account's claim releases a name a demo account
 * holds, and demo accounts may not take the reserved system names at all.
 */
const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'security',
  'staff',
  'team',
  'moderator',
  'mod',
  'official',
  'owner',
  'journal',
  'demo',
  'demo-user',
  'anonymous',
  'everyone',
  'api',
  'null',
  'undefined',
]);

export const isReservedUsername = (name: string) => RESERVED_USERNAMES.has(name.toLowerCase());

/**
 * free: nobody else holds it; release: a demo account holds it and gives it up to the real
 * claimant; taken: 409; reserved: 409 for a demo claimant.
 */
export type UsernameClaim = 'free' | 'release' | 'taken' | 'reserved';

export function usernameClaim(
  claimant: { isDemo: boolean },
  name: string,
  /** Whoever else holds the name (ignoring case), if anyone. */
  holder: { isDemo: boolean } | undefined,
): UsernameClaim {
  if (claimant.isDemo && isReservedUsername(name)) return 'reserved';
  if (!holder) return 'free';
  return holder.isDemo && !claimant.isDemo ? 'release' : 'taken';
}
