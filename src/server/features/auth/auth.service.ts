import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session';

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

/** Invite codes are our own base64url strings; anything else is dropped, never echoed into a URL. */
export function safeInviteCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}
