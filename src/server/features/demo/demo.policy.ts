/**
 * Demo accounts (decision 0026): one per visitor, deleted with their files `ttlHours` after they
 * were created, whatever they did meanwhile.
 */
export const demoExpiryCutoff = (ttlHours: number, now: Date = new Date()) =>
  new Date(now.getTime() - ttlHours * 3_600_000);

/** A signed-in demo account is reused by its own browser until it expires. */
export const isLiveDemoAccount = (
  user: { isDemo: boolean; createdAt: Date } | undefined,
  ttlHours: number,
  now: Date = new Date(),
): boolean => user?.isDemo === true && user.createdAt > demoExpiryCutoff(ttlHours, now);
