import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { SESSION_COOKIE } from '../../plugins/session';
import { deviceOf, recordSecurityEvent } from '../sessions/security-events.service';

/**
 * Starts a fresh session (new id, nothing carried over) for the user: no session fixation. The
 * session keeps the device it was made on (browser, system, network) for the sessions list, and
 * the sign-in goes into the person's security log (decision 0410).
 */
export async function signIn(
  db: Database,
  request: FastifyRequest,
  userId: string,
  method: 'google' | 'demo',
): Promise<void> {
  await request.session.regenerate();
  const now = Date.now();
  const device = deviceOf(request);
  request.session.userId = userId;
  request.session.signedInAt = now;
  request.session.lastSeenAt = now;
  request.session.device = device;
  await request.session.save();
  await recordSecurityEvent(db, userId, 'sign_in', { ...device, method });
}

/** Ends the session: the row is deleted and the browser told to drop the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Invite codes are our own base64url strings; anything else is dropped, never echoed into a URL. */
export function safeInviteCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}
