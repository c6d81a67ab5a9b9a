/**
 * Instance admins for reverting equipment edits (issue 28, decision 0450), until the admin console's
 * own check lands: `ADMIN_USERS` lists emails or usernames, comma-separated, compared ignoring case;
 * demo accounts are never admins. Read at each call, so a changed environment needs no rebuild of
 * the app (and tests can set it). Swap for the admin feature's check when it lands.
 */
export function isInstanceAdmin(
  user: { email: string | null; username: string | null; isDemo: boolean },
  adminUsers: string | undefined = process.env.ADMIN_USERS,
): boolean {
  if (user.isDemo || !adminUsers) return false;
  const names = new Set(
    adminUsers
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return [user.email, user.username].some((name) => name !== null && names.has(name.toLowerCase()));
}
