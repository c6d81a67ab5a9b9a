import { eq, or, sql } from 'drizzle-orm';
import { USERNAME_RESERVED_MESSAGE, USERNAME_TAKEN_MESSAGE } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { usernameClaim } from './username.policy';

/**
 * Gives `username` to the user or refuses it (409), by the rules of username.policy.ts. When a
 * real account claims a name a demo account holds, the demo account loses it and the claimant gets
 * it in one transaction, with both rows locked, so the name is never held twice nor lost between.
 */
export async function claimUsername(db: Database, userId: string, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, isDemo: users.isDemo })
      .from(users)
      .where(or(eq(users.id, userId), sql`lower(${users.username}) = lower(${username})`))
      .for('update');
    const claimant = rows.find((r) => r.id === userId);
    if (!claimant) throw notFound('User not found');
    const holder = rows.find((r) => r.id !== userId);
    const verdict = usernameClaim(claimant, username, holder);
    if (verdict === 'reserved') throw new HttpError(409, USERNAME_RESERVED_MESSAGE);
    if (verdict === 'taken') throw new HttpError(409, USERNAME_TAKEN_MESSAGE);
    if (verdict === 'release' && holder) {
      await tx.update(users).set({ username: null, updatedAt: new Date() }).where(eq(users.id, holder.id));
    }
    await tx.update(users).set({ username }).where(eq(users.id, userId));
  });
}
