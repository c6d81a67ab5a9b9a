import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

const HANDOFF_TTL_MS = 60_000;
const HANDOFF_PREFIX = 'handoff:';
/** Set when this browser starts a sign-in; a hand-off token is only redeemed next to it. */
export const SIGN_IN_BINDING_COOKIE = 'journal.signin';
const BINDING_MAX_AGE_S = 15 * 60;
/** Sent only where the binding is read: the OIDC callback and manual-session. */
const BINDING_PATH = '/api/auth';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const handoffKey = (token: string) => HANDOFF_PREFIX + sha256(token);

/**
 * Starting a sign-in gives this browser a random binding (an httpOnly cookie, 15 minutes). The
 * hand-off token minted at the callback carries the binding's hash, so a token copied out of
 * someone's redirect cannot sign another browser into their account (login CSRF, decision 0035).
 */
export function bindSignInToBrowser(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SIGN_IN_BINDING_COOKIE, randomBytes(32).toString('base64url'), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: BINDING_PATH,
    maxAge: BINDING_MAX_AGE_S,
  });
}

export function signInBindingOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SIGN_IN_BINDING_COOKIE];
  return value && value.length >= 32 ? value : undefined;
}

export function clearSignInBinding(reply: FastifyReply): void {
  reply.clearCookie(SIGN_IN_BINDING_COOKIE, { path: BINDING_PATH });
}

/**
 * A one-time, 60-second token that lets the browser finish a sign-in whose session cookie did not
 * stick across the identity provider's redirect (decision 0004), redeemable only by the browser
 * holding `binding`. Only hashes are stored, in the sessions table, so it expires and is pruned
 * like any session row.
 */
export async function createHandoff(db: Database, userId: string, binding: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    sid: handoffKey(token),
    sess: { handoffUserId: userId, bindingHash: sha256(binding) },
    expire: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return token;
}

/**
 * Uses the token up (delete … returning, so two racing calls cannot both succeed) and returns its
 * user only when the caller holds the binding it was minted for. A token tried from the wrong
 * browser is burned all the same, so it cannot be tried again.
 */
export async function consumeHandoff(
  db: Database,
  token: string,
  binding: string | undefined,
): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.sid, handoffKey(token)), gt(sessions.expire, sql`now()`)))
    .returning({ sess: sessions.sess });
  const { handoffUserId, bindingHash } = (row?.sess ?? {}) as {
    handoffUserId?: unknown;
    bindingHash?: unknown;
  };
  if (!binding || typeof bindingHash !== 'string' || bindingHash !== sha256(binding)) return undefined;
  return typeof handoffUserId === 'string' ? handoffUserId : undefined;
}
