import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';

const HANDOFF_TTL_MS = 60_000;
const HANDOFF_PREFIX = 'handoff:';

/** Starts a fresh session (new id, nothing carried over) for the user: no session fixation. */
export async function signIn(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  const now = Date.now();
  request.session.userId = userId;
  request.session.signedInAt = now;
  request.session.lastSeenAt = now;
  await request.session.save();
}

/** Ends the session: the row is deleted and the browser told to drop the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const handoffKey = (token: string) => HANDOFF_PREFIX + createHash('sha256').update(token).digest('base64url');

/**
 * A one-time, 60-second token that lets the browser finish a sign-in whose session cookie did not
 * stick across the identity provider's redirect (decision 0004). Only its hash is stored, in the
 * sessions table, so it expires and is pruned like any session row.
 */
export async function createHandoff(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    sid: handoffKey(token),
    sess: { handoffUserId: userId },
    expire: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return token;
}

/** Uses the token up (delete … returning, so two racing calls cannot both succeed). */
export async function consumeHandoff(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.sid, handoffKey(token)), gt(sessions.expire, sql`now()`)))
    .returning({ sess: sessions.sess });
  const userId = row?.sess.handoffUserId;
  return typeof userId === 'string' ? userId : undefined;
}

/** Invite codes are our own base64url strings; anything else is dropped, never echoed into a URL. */
export function safeInviteCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}
